import { describe, expect, it } from 'vitest';
import { emptySelection, keepOnly, selectRange, toggle } from './selection.ts';

const list = (s: { ids: ReadonlySet<number> }) => [...s.ids].sort((a, b) => a - b);

describe('selection', () => {
  it('toggles a card and remembers it as the anchor', () => {
    const one = toggle(emptySelection, 5);
    expect(list(one)).toEqual([5]);
    expect(one.anchor).toBe(5);
    const none = toggle(one, 5);
    expect(list(none)).toEqual([]);
    expect(none.anchor).toBe(5);
  });

  it('shift-click selects the range from the anchor, downwards and upwards', () => {
    const order = [10, 11, 12, 13, 14];
    const down = selectRange(toggle(emptySelection, 11), order, 13);
    expect(list(down)).toEqual([11, 12, 13]);
    const up = selectRange(toggle(emptySelection, 14), order, 12);
    expect(list(up)).toEqual([12, 13, 14]);
  });

  it('a range adds to what is selected elsewhere and keeps the anchor', () => {
    const order = [10, 11, 12];
    const base = toggle(toggle(emptySelection, 99), 10);
    const sel = selectRange(base, order, 12);
    expect(list(sel)).toEqual([10, 11, 12, 99]);
    expect(sel.anchor).toBe(10);
  });

  it('without an anchor in the column, shift-click toggles', () => {
    const sel = selectRange(toggle(emptySelection, 99), [1, 2, 3], 2);
    expect(list(sel)).toEqual([2, 99]);
    expect(list(selectRange(emptySelection, [1, 2], 2))).toEqual([2]);
  });

  it('keeps only cards that are still there', () => {
    const sel = toggle(toggle(emptySelection, 1), 2);
    const kept = keepOnly(sel, new Set([1]));
    expect(list(kept)).toEqual([1]);
    expect(kept.anchor).toBeNull();
    expect(keepOnly(kept, new Set([1, 3]))).toBe(kept);
  });
});
