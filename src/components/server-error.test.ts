import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#api/client.ts';
import { applyServerError, targetFrom } from './server-error.ts';

type Values = { text: string; day: string };
const refusal = (msg: string) => new ApiError({ op: 'addLeadTask', kind: 'http', httpStatus: 400, msg });
// An area's map names the input's fields (reminderDate); the form names its own (day), and has no `leadId`.
const targetOf = targetFrom(
  { 'Text is required.': 'text', 'Bad day.': 'reminderDate', 'No such lead.': 'leadId' } as const,
  { text: 'text', reminderDate: 'day' } as const,
);

describe('applyServerError', () => {
  it('puts a known message on its field, as the service wrote it, and focuses it', () => {
    const setError = vi.fn();
    expect(applyServerError<Values>(setError, refusal('Bad day.'), targetOf)).toBe(true);
    expect(setError).toHaveBeenCalledWith('day', { message: 'Bad day.' }, { shouldFocus: true });
  });

  it('puts a root slot without moving the focus', () => {
    const setError = vi.fn();
    applyServerError<Values>(setError, refusal('Rule.'), () => 'root.identifying');
    expect(setError).toHaveBeenCalledWith('root.identifying', { message: 'Rule.' }, { shouldFocus: false });
  });

  it('sends anything else to root.server when a fallback is given, and nowhere without one', () => {
    const setError = vi.fn();
    expect(applyServerError<Values>(setError, refusal('Other.'), targetOf)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
    applyServerError<Values>(setError, new TypeError('offline'), targetOf, {
      fallback: (e) => `failed: ${e}`,
    });
    expect(setError).toHaveBeenCalledWith('root.server', { message: 'failed: TypeError: offline' });
  });

  it('does not take inherited names for messages or fields', () => {
    expect(targetOf('constructor')).toBeNull();
    expect(targetOf('Text is required.')).toBe('text');
    const viaInherited = targetFrom<string, 'text'>({ 'Odd.': 'toString' }, { text: 'text' });
    expect(viaInherited('Odd.')).toBeNull();
  });

  it('renames the input field to the form field, and leaves a field the form lacks to the fallback', () => {
    expect(targetOf('Bad day.')).toBe('day');
    expect(targetOf('No such lead.')).toBeNull();
  });
});
