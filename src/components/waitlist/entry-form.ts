import { z } from 'zod';
import {
  type WaitlistEntry,
  waitlistEntryFields,
  waitlistMessages,
  waitlistStatuses,
  waitlistWindowOk,
} from '#contract/agenda-waitlist.ts';
import { isRealDate } from '#contract/common.ts';
import type { OpInput } from '#contract/operations.ts';

/** The form's own message: a day typed that is none (31.02.); the service's own days are YYYY-MM-DD or null. */
export const INVALID_DAY = 'date';

/**
 * A waiting list entry as the dialog edits it (add and edit share it). The time of day and the note are the
 * contract's (`waitlistEntryFields`: its note limit, said in the app's language by the form kit's resolver); the
 * selects hold strings: `serviceid` and `provider` '0' for any, the days '' for open. The bounds are checked
 * together, as the service checks them (`waitlistWindowOk`, with its message), so the form says it before the
 * service would.
 */
export const entryDraftSchema = z
  .object(waitlistEntryFields)
  .pick({ times: true, note: true })
  .required()
  .extend({
    /** 0 = none chosen yet (add). */
    patid: z.number().int().min(0),
    serviceid: z.string().regex(/^\d+$/),
    provider: z.string().regex(/^\d+$/),
    earliest: z.string().refine((s) => s === '' || isRealDate(s), { error: INVALID_DAY }),
    latest: z.string().refine((s) => s === '' || isRealDate(s), { error: INVALID_DAY }),
    priority: z.enum(['0', '1', '2']),
    status: z.enum(waitlistStatuses),
  })
  .refine((d) => d.patid > 0, { error: waitlistMessages.patid, path: ['patid'] })
  .refine((d) => waitlistWindowOk(d.earliest || null, d.latest || null), {
    error: waitlistMessages.window,
    path: ['latest'],
  });

export type EntryDraft = z.infer<typeof entryDraftSchema>;

/** What the dialog starts from when a patient (and maybe a service and practitioner) is put on the list. */
export interface EntryPreset {
  patid?: number;
  serviceid?: number;
  provider?: number;
}

export function newDraft(preset: EntryPreset = {}): EntryDraft {
  return {
    patid: preset.patid ?? 0,
    serviceid: String(preset.serviceid ?? 0),
    provider: String(preset.provider ?? 0),
    earliest: '',
    latest: '',
    times: 'any',
    priority: '0',
    note: '',
    status: 'waiting',
  };
}

export function draftOf(entry: WaitlistEntry): EntryDraft {
  return {
    patid: entry.patid,
    serviceid: String(entry.serviceid),
    provider: String(entry.provider),
    earliest: entry.earliest ?? '',
    latest: entry.latest ?? '',
    times: entry.times,
    priority: entry.priority === 2 ? '2' : entry.priority === 1 ? '1' : '0',
    note: entry.note,
    status: entry.status,
  };
}

function fields(d: EntryDraft) {
  return {
    serviceid: Number(d.serviceid),
    provider: Number(d.provider),
    earliest: d.earliest || null,
    latest: d.latest || null,
    times: d.times,
    priority: Number(d.priority),
    note: d.note.trim(),
  };
}

export function toAddInput(d: EntryDraft): OpInput<'addWaitlistEntry'> {
  return { patid: d.patid, ...fields(d) };
}

/** Every field (the service changes only those sent; sending all keeps the form what is written), with ifVersion. */
export function toModifyInput(entry: WaitlistEntry, d: EntryDraft): OpInput<'modifyWaitlistEntry'> {
  return { entryId: entry.entryId, ifVersion: entry.version, ...fields(d), status: d.status };
}

/** The service's messages on the dialog's fields; anything else goes above the buttons. */
const fieldOfMessage = new Map<string, keyof EntryDraft>([
  [waitlistMessages.patid, 'patid'],
  [waitlistMessages.patientNotFound, 'patid'],
  [waitlistMessages.patientDeleted, 'patid'],
  [waitlistMessages.service, 'serviceid'],
  [waitlistMessages.provider, 'provider'],
  [waitlistMessages.window, 'latest'],
  [waitlistMessages.note, 'note'],
]);

export function fieldOf(message: string): keyof EntryDraft | null {
  return fieldOfMessage.get(message) ?? null;
}
