import { describe, expect, it } from 'vitest';
import { tidyTimeText } from './appointment-form.ts';

describe('what a person types in the appointment dialog', () => {
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
