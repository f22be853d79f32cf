import type { DatabaseSync } from 'node:sqlite';

/**
 * Text as the searches compare it: accents and umlaut dots dropped, lower case (`Müller` -> `muller`,
 * `Fàvre` -> `favre`). Searches then look for a folded needle in a folded copy with instr(), whose cost is one
 * pass of memcmp over the text, instead of a GLOB of two-case classes (`[mM][üÜ]…`), whose backtracking over a
 * 10,000-character text with a 200-character pattern took seconds (issue 24).
 */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * SQL function `fold_text(text)`, used by the triggers that keep the folded copies (migration 0005). Every
 * connection that writes those tables needs it: migrate() registers it.
 */
export function registerFold(db: DatabaseSync): void {
  db.function('fold_text', { deterministic: true }, (v) => (typeof v === 'string' ? foldText(v) : v));
}
