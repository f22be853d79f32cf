import { describe, expect, it } from 'vitest';
import type { Recall } from '#contract/recall.ts';
import { dueFirst, dueGroup, endOfWeek } from './due.ts';

function recall(
  id: number,
  recallDate: string,
  status: Recall['status'],
  more: Partial<Recall> = {},
): Recall {
  return {
    id,
    active: 1,
    title: `Recall ${id}`,
    recallDate,
    recallText: '',
    recallType: 'mail',
    recurring: 0,
    recurringFrequency: '',
    patid: 7,
    internalComment: '',
    status,
    errorMsg: status === 'error' ? 'Druckauftrag abgebrochen' : '',
    customerMobile: '',
    customerMail: '',
    ...more,
  };
}

// Wednesday 25.11.2026: the week ends on Sunday 29.11.
const today = '2026-11-25';

describe('the week', () => {
  it('ends on the Sunday of the day (a Sunday ends its own week)', () => {
    expect(endOfWeek('2026-11-25')).toBe('2026-11-29');
    expect(endOfWeek('2026-11-23')).toBe('2026-11-29');
    expect(endOfWeek('2026-11-29')).toBe('2026-11-29');
    expect(endOfWeek('2026-11-30')).toBe('2026-12-06');
  });
});

describe('what is due', () => {
  it('failed first, then due from today to Sunday by date, then overdue the most recent first', () => {
    const list = [
      recall(1, '2026-08-03 09:00:00', 'sent'),
      recall(2, '2026-11-20 09:00:00', 'pending'),
      recall(3, '2026-11-28 10:00:00', 'pending'),
      recall(4, '2026-12-20 09:00:00', 'error'),
      recall(5, '2026-11-25 16:00:00', 'pending'),
      recall(6, '2026-11-10 09:00:00', 'pending'),
      recall(7, '2026-11-30 08:00:00', 'pending'),
      recall(8, '2026-09-01 09:00:00', 'error'),
    ];
    expect(dueFirst(list, today).map((r) => r.id)).toEqual([8, 4, 5, 3, 2, 6]);
  });

  it('leaves out what was sent, what is later than this week, what is switched off, and templates', () => {
    expect(dueGroup(recall(1, '2026-11-24 09:00:00', 'sent'), today)).toBeNull();
    expect(dueGroup(recall(2, '2026-11-30 09:00:00', 'pending'), today)).toBeNull();
    expect(dueGroup(recall(3, '2026-11-26 09:00:00', 'pending', { active: 0 }), today)).toBeNull();
    expect(dueGroup(recall(4, '2026-11-26 09:00:00', 'error', { active: 0 }), today)).toBeNull();
    expect(dueGroup(recall(5, '2026-11-26 09:00:00', 'pending', { patid: 0 }), today)).toBeNull();
    expect(dueGroup(recall(6, '2026-11-25 07:00:00', 'pending'), today)).toBe('week');
    expect(dueGroup(recall(7, '2026-11-24 23:00:00', 'pending'), today)).toBe('overdue');
  });
});
