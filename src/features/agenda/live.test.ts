import { describe, expect, it } from 'vitest';
import type { CalendarAppointment } from '#contract/agenda.ts';
import { changedIds, signature } from './live.ts';
import type { AgendaItem } from './model.ts';

const item = (id: number, date: string, text = 'Kontrolle'): AgendaItem => ({
  calendarid: 1,
  appt: {
    id,
    date,
    end: date.replace(' 09:', ' 10:'),
    appointment: text,
    comment: '',
    patid: 0,
    state: 'P',
  } as CalendarAppointment,
});

const baseline = (items: AgendaItem[]) => new Map(items.map((i) => [i.appt.id, signature(i)]));

describe('what changed since the agenda was loaded', () => {
  const loaded = [item(1, '2026-11-23 09:00:00'), item(2, '2026-11-23 09:30:00')];

  it('finds nothing when the list is the same', () => {
    expect(
      changedIds(
        baseline(loaded),
        loaded.map((i) => ({ ...i })),
      ),
    ).toEqual([]);
  });

  it('names a moved, a retitled and a new appointment, not the unchanged one', () => {
    const now = [
      item(1, '2026-11-23 09:00:00'),
      item(2, '2026-11-23 09:45:00'),
      item(3, '2026-11-23 09:15:00'),
      item(4, '2026-11-23 09:00:00', 'Impfung'),
    ];
    const before = baseline([...loaded, item(4, '2026-11-23 09:00:00')]);
    expect(changedIds(before, now)).toEqual([2, 3, 4]);
  });
});
