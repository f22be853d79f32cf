/** Whole days from `from` to `to` (both `YYYY-MM-DD`, practice days): 0 the same day, negative before. */
export function dayDiff(from: string, to: string): number {
  const ms =
    Date.UTC(+to.slice(0, 4), +to.slice(5, 7) - 1, +to.slice(8, 10)) -
    Date.UTC(+from.slice(0, 4), +from.slice(5, 7) - 1, +from.slice(8, 10));
  return Math.round(ms / 86_400_000);
}
