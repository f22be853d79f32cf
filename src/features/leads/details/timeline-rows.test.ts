import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '#contract/sales.ts';
import { patientOfEntry, timelineRows } from './timeline-rows.ts';

const entry = (historyId: number, type: string, text = `Entry ${historyId}`) =>
  ({ historyId, type, text }) as HistoryEntry;

describe('timelineRows', () => {
  it('folds each run of watcher entries into one row, in place', () => {
    const rows = timelineRows(
      [entry(9, ''), entry(8, 'J'), entry(7, 'J'), entry(6, 'A'), entry(5, 'J'), entry(4, 'S')],
      true,
    );
    expect(
      rows.map((r) => (r.kind === 'entry' ? r.entry.historyId : r.entries.map((e) => e.historyId))),
    ).toEqual([9, [8, 7], 6, [5], 4]);
  });

  it('keeps every entry its own row without folding (the watcher filter)', () => {
    const rows = timelineRows([entry(2, 'J'), entry(1, 'J')], false);
    expect(rows.map((r) => r.kind)).toEqual(['entry', 'entry']);
  });
});

describe('patientOfEntry', () => {
  it('takes the patient number off a folder change', () => {
    expect(patientOfEntry(entry(1, 'S', 'Folder: Open → Converted (patient 206)'))).toEqual({
      text: 'Folder: Open → Converted',
      patid: 206,
    });
  });

  it('leaves notes and other texts as they are', () => {
    expect(patientOfEntry(entry(1, '', 'Called (patient 206)'))).toEqual({
      text: 'Called (patient 206)',
      patid: null,
    });
    expect(patientOfEntry(entry(2, 'S', 'Folder: Open → Disqualified (PRICE: Zu teuer)')).patid).toBeNull();
    expect(patientOfEntry(entry(3, 'S', 'Folder: Open → Converted (patient x)')).patid).toBeNull();
  });
});
