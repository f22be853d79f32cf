import { describe, expect, it } from 'vitest';
import { WAITLIST_NOTE_MAX, type WaitlistEntry, waitlistMessages } from '#contract/agenda-waitlist.ts';
import { draftOf, entryDraftSchema, fieldOf, newDraft, toAddInput, toModifyInput } from './entry-form.ts';

const entry: WaitlistEntry = {
  entryId: 7,
  patid: 12,
  serviceid: 1,
  provider: 0,
  earliest: null,
  latest: '2026-12-16',
  times: 'morning',
  priority: 2,
  note: 'Nimmt jeden Termin',
  status: 'waiting',
  created: '2026-11-24 08:15:00',
  createdBy: 1,
  version: 3,
};

describe('the waiting list form', () => {
  it('starts from the preset: any service and practitioner unless booking chose them', () => {
    expect(newDraft({ patid: 5, serviceid: 2 })).toMatchObject({ patid: 5, serviceid: '2', provider: '0' });
    expect(toAddInput(newDraft({ patid: 5 }))).toEqual({
      patid: 5,
      serviceid: 0,
      provider: 0,
      earliest: null,
      latest: null,
      times: 'any',
      priority: 0,
      note: '',
    });
  });

  it('sends every field with the version it was read at', () => {
    const draft = { ...draftOf(entry), note: ' Ruft zurück ' };
    expect(toModifyInput(entry, draft)).toEqual({
      entryId: 7,
      ifVersion: 3,
      serviceid: 1,
      provider: 0,
      earliest: null,
      latest: '2026-12-16',
      times: 'morning',
      priority: 2,
      note: 'Ruft zurück',
      status: 'waiting',
    });
  });

  it('refuses no patient, a latest day before the earliest and a day that does not exist', () => {
    const refused = (d: object) =>
      entryDraftSchema.safeParse({ ...newDraft({ patid: 5 }), ...d }).error?.issues.map((i) => i.message);
    expect(refused({ patid: 0 })).toEqual([waitlistMessages.patid]);
    expect(refused({ earliest: '2026-12-10', latest: '2026-12-01' })).toEqual([waitlistMessages.window]);
    expect(refused({ earliest: '2026-02-30' })).toEqual(['date']);
    expect(refused({ earliest: '2026-12-01', latest: '' })).toBeUndefined();
    // The contract's note limit and message (the form kit says it in the app's language).
    expect(refused({ note: 'x'.repeat(WAITLIST_NOTE_MAX) })).toBeUndefined();
    expect(refused({ note: 'x'.repeat(WAITLIST_NOTE_MAX + 1) })).toEqual([waitlistMessages.note]);
  });

  it('puts the service’s refusals on their fields', () => {
    expect(fieldOf('Latest is before earliest.')).toBe('latest');
    expect(fieldOf('Patient is deleted.')).toBe('patid');
    expect(fieldOf('toString')).toBeNull();
  });
});
