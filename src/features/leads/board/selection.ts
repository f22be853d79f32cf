/**
 * Multi-select on the board: a click (or `x`) toggles a card, shift-click selects the range from the last toggled
 * card (the anchor) to this one within a column. Pure functions on an immutable state.
 */

export interface Selection {
  ids: ReadonlySet<number>;
  /** The card a shift-click ranges from. */
  anchor: number | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null };

export function toggle(sel: Selection, id: number): Selection {
  const ids = new Set(sel.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/**
 * Shift-click on `id`: every card from the anchor to `id` in `order` (the column's cards, top to bottom) is
 * selected. Without an anchor in this column it is a toggle.
 */
export function selectRange(sel: Selection, order: readonly number[], id: number): Selection {
  const from = sel.anchor === null ? -1 : order.indexOf(sel.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return toggle(sel, id);
  const ids = new Set(sel.ids);
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  for (let i = lo; i <= hi; i++) ids.add(order[i]);
  return { ids, anchor: sel.anchor };
}

/** Keeps only the ids that are still on the board (after a filter change or a reload). */
export function keepOnly(sel: Selection, present: ReadonlySet<number>): Selection {
  if ([...sel.ids].every((id) => present.has(id))) return sel;
  const ids = new Set([...sel.ids].filter((id) => present.has(id)));
  return { ids, anchor: sel.anchor !== null && present.has(sel.anchor) ? sel.anchor : null };
}
