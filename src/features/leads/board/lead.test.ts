import { describe, expect, it } from 'vitest';
import { daysSince, leadName, practiceDate, practiceDateTime, reminderState } from './lead.ts';
import { makeLead } from './test-data.ts';

describe('what a card shows', () => {
  it('names a lead by last and first name, else by mail, phone or number', () => {
    expect(leadName(makeLead(3))).toBe('Muster3 Anna');
    const nameless = makeLead(4, {
      contact: { ...makeLead(4).contact, firstname: '', lastname: ' ' },
      communication: { ...makeLead(4).communication, mobile: '+41 79 000 00 00' },
    });
    expect(leadName(nameless)).toBe('+41 79 000 00 00');
    expect(leadName({ ...nameless, communication: makeLead(4).communication })).toBe('#4');
  });

  it('counts practice days since the last activity', () => {
    // 23:30 in Zurich on the 21st is already the 22nd there.
    const now = new Date('2026-11-21T23:30:00Z');
    expect(daysSince('2026-11-22 00:10:00', now)).toBe(0);
    expect(daysSince('2026-11-19 18:00:00', now)).toBe(3);
    expect(daysSince('', now)).toBeNull();
  });

  it('marks a reminder overdue once its time has passed', () => {
    const now = new Date('2026-11-21T10:00:00Z'); // 11:00 in Zurich
    expect(reminderState('2026-11-21 10:30:00', now)?.overdue).toBe(true);
    expect(reminderState('2026-11-21 11:30:00', now)?.overdue).toBe(false);
    expect(reminderState(null, now)).toBeNull();
    expect(reminderState('2026-11-25 08:00:00', now)).toEqual({ date: '25.11.2026', overdue: false });
  });

  it('writes practice dates the Swiss way without a time zone detour', () => {
    expect(practiceDate('2026-03-07 23:59:00')).toBe('07.03.2026');
    expect(practiceDateTime('2026-03-07 23:59:00')).toBe('07.03.2026 23:59');
    expect(practiceDateTime('2026-03-07')).toBe('07.03.2026');
    expect(practiceDate('7.3.2026')).toBe('');
  });
});
