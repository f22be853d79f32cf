import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#api/client.ts';
import { applyServerError, targetIn } from './server-error.ts';

type Values = { text: string; day: string };
const refusal = (msg: string) => new ApiError({ op: 'addLeadTask', kind: 'http', httpStatus: 400, msg });
const targetOf = targetIn<keyof Values>({ 'Text is required.': 'text', 'Bad day.': 'day' });

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

  it('does not take inherited names for messages', () => {
    expect(targetOf('constructor')).toBeNull();
    expect(targetOf('Text is required.')).toBe('text');
  });
});
