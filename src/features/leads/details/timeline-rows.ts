import type { HistoryEntry } from '#contract/sales.ts';

/** A row of the timeline: an entry, or a run of watcher entries (type J) shown as one line that opens. */
export type TimelineRow =
  | { kind: 'entry'; entry: HistoryEntry }
  | { kind: 'watchers'; key: string; entries: HistoryEntry[] };

/**
 * The entries as rows. With `collapse`, each run of consecutive watcher entries (someone joined or left the
 * watchlist: bookkeeping, not what happened with the person) becomes one row; without it (the watcher filter),
 * every entry is its own row.
 */
export function timelineRows(entries: readonly HistoryEntry[], collapse: boolean): TimelineRow[] {
  const rows: TimelineRow[] = [];
  for (const entry of entries) {
    const last = rows.at(-1);
    if (!collapse || entry.type !== 'J') rows.push({ kind: 'entry', entry });
    else if (last?.kind === 'watchers') last.entries.push(entry);
    else rows.push({ kind: 'watchers', key: `watchers-${entry.historyId}`, entries: [entry] });
  }
  return rows;
}

/**
 * The patient a folder change names (`Folder: A → B (patient 206)`, written by convertLead of the reference
 * service): the text without that note, and the patient's number. Any other text: as it is, no patient.
 */
export function patientOfEntry(entry: Pick<HistoryEntry, 'type' | 'text'>): {
  text: string;
  patid: number | null;
} {
  if (entry.type === 'S') {
    const m = / \(patient (\d{1,9})\)$/.exec(entry.text);
    if (m) return { text: entry.text.slice(0, m.index), patid: Number(m[1]) };
  }
  return { text: entry.text, patid: null };
}
