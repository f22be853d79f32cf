import { z } from 'zod';
import { isRealDate } from '#contract/common.ts';
import type { OpInput } from '#contract/operations.ts';
import { type Recall, recallTypes } from '#contract/recall.ts';

/**
 * A recall as the form edits it. modifyRecall overwrites: whatever is not sent is written empty or 0, so the body is
 * always built from a complete draft (`toModifyInput`), never from the changed fields alone.
 */
export const recallDraftSchema = z
  .object({
    /** 1 = a template (no patient). */
    preset: z.union([z.literal(0), z.literal(1)]),
    patid: z.number().int().min(0),
    title: z.string().refine((s) => s.trim() !== '', { error: 'title' }),
    /** `YYYY-MM-DD` */
    date: z.string().refine(isRealDate, { error: 'date' }),
    /** `HH:MM` */
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time' }),
    recallType: z.enum(recallTypes, { error: 'recallType' }),
    recallText: z.string(),
    internalComment: z.string(),
    active: z.boolean(),
    recurring: z.boolean(),
    /** e.g. `6m`, `1y`; only for recurring recalls. */
    recurringFrequency: z.string(),
  })
  .refine((d) => d.preset === 1 || d.patid > 0, { error: 'patid', path: ['patid'] })
  .refine((d) => !d.recurring || /^\d+[dwmy]$/.test(d.recurringFrequency), {
    error: 'frequency',
    path: ['recurringFrequency'],
  });

export type RecallDraft = z.infer<typeof recallDraftSchema>;

export type CreateRecallBody = OpInput<'createRecall'>;
export type ModifyRecallBody = OpInput<'modifyRecall'> & {
  title: string;
  patid: number;
  nextRecall: string;
  recallType: Recall['recallType'];
  recallText: string;
  internalComment: string;
  active: 0 | 1;
  recurring: 0 | 1;
  recurringFrequency: string;
  preset: 0 | 1;
};

export function emptyDraft(init: Partial<RecallDraft> = {}): RecallDraft {
  return {
    preset: 0,
    patid: 0,
    title: '',
    date: '',
    time: '09:00',
    recallType: 'brief',
    recallText: '',
    internalComment: '',
    active: true,
    recurring: false,
    recurringFrequency: '',
    ...init,
  };
}

/** A listed recall as a draft. The list does not say whether it is a template: the caller knows. */
export function toDraft(r: Recall, preset: 0 | 1): RecallDraft {
  return {
    preset,
    patid: r.patid,
    title: r.title,
    date: r.recallDate.slice(0, 10),
    time: r.recallDate.slice(11, 16),
    recallType: r.recallType,
    recallText: r.recallText,
    internalComment: r.internalComment,
    active: r.active === 1,
    recurring: r.recurring === 1,
    recurringFrequency: r.recurringFrequency,
  };
}

/** A template as the start of a new recall: its text, type and interval; the title without "Vorlage". */
export function draftFromTemplate(template: Recall, current: RecallDraft): RecallDraft {
  return {
    ...current,
    title: template.title.replace(/^(vorlage|template)\b[\s:–-]*/i, '') || template.title,
    recallText: template.recallText,
    recallType: template.recallType,
    recurring: template.recurring === 1,
    recurringFrequency: template.recurringFrequency,
  };
}

function body(d: RecallDraft, nextRecall: string) {
  return {
    title: d.title.trim(),
    patid: d.preset === 1 ? 0 : d.patid,
    nextRecall,
    recallType: d.recallType,
    recallText: d.recallText,
    internalComment: d.internalComment,
    active: d.active ? 1 : 0,
    recurring: d.recurring ? 1 : 0,
    recurringFrequency: d.recurring ? d.recurringFrequency : '',
    preset: d.preset,
  } as const;
}

export function toCreateInput(d: RecallDraft): CreateRecallBody {
  return body(d, `${d.date} ${d.time}:00`);
}

const draftKeys = Object.keys(emptyDraft()) as (keyof RecallDraft)[];

/**
 * Read, merge, write: the fields the user changed (edited against original) over the freshest copy of the record
 * (`fresh`, read just before saving; the original when it could not be read), as the complete record
 * modifyRecall needs. Someone else's change to a field this user did not touch is kept.
 */
export function toModifyInput(
  original: Recall,
  edited: RecallDraft,
  fresh: Recall | undefined,
  preset: 0 | 1,
): ModifyRecallBody {
  const before = toDraft(original, preset);
  const base = toDraft(fresh ?? original, preset);
  const merged = { ...base };
  for (const key of draftKeys) {
    if (edited[key] !== before[key]) (merged as Record<string, unknown>)[key] = edited[key];
  }
  const whenTouched = edited.date !== before.date || edited.time !== before.time;
  const nextRecall = whenTouched ? `${merged.date} ${merged.time}:00` : (fresh ?? original).recallDate;
  return { recallId: original.id, ...body(merged, nextRecall) };
}
