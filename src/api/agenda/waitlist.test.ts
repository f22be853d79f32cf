import { describe, expect, it } from 'vitest';
import { createPatient } from '#test/factories.ts';
import { signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { findCreatedWaitlistEntry, waitlistEntryIds } from './waitlist.ts';

const api = inProcessService();

describe('the entry a lost add wrote', () => {
  it("is the patient's new entry holding what was sent, never another patient's earlier one", async () => {
    signInForTest();
    const first = await createPatient(api);
    const second = await createPatient(api);
    const sent = { patid: second.patid, serviceid: 2, provider: 4, priority: 1 };
    // The second patient was already waiting for the same: the dialog had sent an add for the first one, whose
    // request failed, and the person then chose the second patient.
    await api.send('addWaitlistEntry', sent);
    const knownOfFirst = await waitlistEntryIds(first.patid);
    expect(await findCreatedWaitlistEntry(sent, knownOfFirst)).toBeUndefined();
    expect(await findCreatedWaitlistEntry(sent, undefined)).toBeUndefined();

    // For the patient the add was sent for: the entry that came after the look is the one.
    const knownOfSecond = await waitlistEntryIds(second.patid);
    expect(await findCreatedWaitlistEntry(sent, knownOfSecond)).toBeUndefined();
    const { body } = await api.send('addWaitlistEntry', sent);
    const created = (body.result as { entryId: number }).entryId;
    expect(await findCreatedWaitlistEntry(sent, knownOfSecond)).toEqual({ entryId: created });
  });
});
