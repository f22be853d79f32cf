import { describe, expect, it } from 'vitest';
import { readView, writeView } from './url-state.ts';

describe("Today's address", () => {
  it('is every section of every calendar by default', () => {
    expect(readView(new URLSearchParams(''))).toEqual({ show: 'all', cals: null });
    expect(readView(new URLSearchParams('show=nonsense&cals=x'))).toEqual({ show: 'all', cals: null });
  });

  it('keeps a section and calendars, and leaves defaults out', () => {
    expect(readView(new URLSearchParams('show=late&cals=1,3'))).toEqual({ show: 'late', cals: [1, 3] });
    const out = writeView(new URLSearchParams('show=late&cals=1&other=x'), { show: 'all', cals: null });
    expect(out.toString()).toBe('other=x');
    expect(writeView(new URLSearchParams(''), { show: 'here', cals: [2] }).toString()).toBe(
      'show=here&cals=2',
    );
  });
});
