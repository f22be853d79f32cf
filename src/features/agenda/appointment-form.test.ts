import { describe, expect, it } from 'vitest';
import { parseDayText, tidyTimeText } from './appointment-form.ts';

describe('what a person types in the appointment dialog', () => {
  it('reads Swiss and ISO days, refuses days that do not exist', () => {
    expect(parseDayText('21.11.2026')).toBe('2026-11-21');
    expect(parseDayText(' 1.2.2026 ')).toBe('2026-02-01');
    expect(parseDayText('2026-11-21')).toBe('2026-11-21');
    expect(parseDayText('31.02.2026')).toBeNull();
    expect(parseDayText('11/21/2026')).toBeNull();
  });

  it('reads times as 24-hour HH:MM', () => {
    expect(tidyTimeText('915')).toBe('09:15');
    expect(tidyTimeText('9:15')).toBe('09:15');
    expect(tidyTimeText('14.30')).toBe('14:30');
    expect(tidyTimeText('14')).toBe('14:00');
    expect(tidyTimeText('2:20 PM')).toBeNull();
    expect(tidyTimeText('24:00')).toBeNull();
    expect(tidyTimeText('12:60')).toBeNull();
  });
});
