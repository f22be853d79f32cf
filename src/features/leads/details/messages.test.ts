import { describe, expect, it } from 'vitest';
import { MSG } from '#contract/sales.ts';
import { fieldOfMessage } from './messages.ts';

describe('the field a message names', () => {
  it('finds the field a validation message names', () => {
    expect(fieldOfMessage('contact.dob: Expected a date YYYY-MM-DD.')).toBe('contact.dob');
    expect(fieldOfMessage('Invalid input at input.priority: Too big')).toBe('priority');
    expect(fieldOfMessage(MSG.createFailed)).toBeNull();
  });
});
