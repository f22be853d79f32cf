import { describe, expect, it } from 'vitest';
import { modifyRecallInput, type Recall } from '#contract/recall.ts';
import {
  draftFromTemplate,
  emptyDraft,
  recallDraftSchema,
  toCreateInput,
  toDraft,
  toModifyInput,
} from './recall-form.ts';

const recall: Recall = {
  id: 12,
  active: 1,
  title: 'Jahreskontrolle',
  recallDate: '2026-03-10 08:15:00',
  recallText: 'Ihre jährliche Kontrolle ist fällig.',
  recallType: 'sms',
  recurring: 1,
  recurringFrequency: '1y',
  patid: 33,
  internalComment: 'Patient wünscht Anruf',
  status: 'pending',
  errorMsg: '',
  customerMobile: '+41 79 000 00 00',
  customerMail: '',
};

/** Everything modifyRecall writes: a body without one of these would overwrite it empty. */
const completeKeys = [
  'recallId',
  'title',
  'patid',
  'nextRecall',
  'recallType',
  'recallText',
  'internalComment',
  'active',
  'recurring',
  'recurringFrequency',
  'preset',
].sort();

describe('toModifyInput', () => {
  it('sends the complete record: a date change keeps text, comment, interval and active', () => {
    const draft = { ...toDraft(recall, 0), date: '2026-04-01' };
    const body = toModifyInput(recall, draft, recall, 0);
    expect(Object.keys(body).sort()).toEqual(completeKeys);
    expect(body).toEqual({
      recallId: 12,
      title: 'Jahreskontrolle',
      patid: 33,
      nextRecall: '2026-04-01 08:15:00',
      recallType: 'sms',
      recallText: 'Ihre jährliche Kontrolle ist fällig.',
      internalComment: 'Patient wünscht Anruf',
      active: 1,
      recurring: 1,
      recurringFrequency: '1y',
      preset: 0,
    });
    expect(modifyRecallInput.safeParse(body).success).toBe(true);
  });

  it("lays the user's changes over the freshest copy, keeping what someone else changed meanwhile", () => {
    const fresh: Recall = {
      ...recall,
      internalComment: 'Angehörige informiert',
      recallDate: '2026-03-10 08:15:30',
    };
    const edited = { ...toDraft(recall, 0), recallText: 'Neuer Text' };
    const body = toModifyInput(recall, edited, fresh, 0);
    expect(body.recallText).toBe('Neuer Text');
    expect(body.internalComment).toBe('Angehörige informiert');
    // Date and time untouched: the stored value as it is, seconds included.
    expect(body.nextRecall).toBe('2026-03-10 08:15:30');
  });

  it('switches active off without touching anything else, and falls back to the listed record', () => {
    const body = toModifyInput(recall, { ...toDraft(recall, 0), active: false }, undefined, 0);
    expect(body.active).toBe(0);
    expect(body.recallText).toBe(recall.recallText);
    expect(body.internalComment).toBe(recall.internalComment);
    expect(body.recurringFrequency).toBe('1y');
  });

  it('keeps a template a template (preset 1, patient 0)', () => {
    const template: Recall = { ...recall, patid: 0, title: 'Vorlage Hautcheck' };
    const body = toModifyInput(
      template,
      { ...toDraft(template, 1), title: 'Vorlage Hautcheck neu' },
      template,
      1,
    );
    expect(body).toMatchObject({ preset: 1, patid: 0, title: 'Vorlage Hautcheck neu' });
  });
});

describe('creating', () => {
  it('starts from a template: its text, type and interval, the title without "Vorlage"', () => {
    const template: Recall = { ...recall, id: 2, patid: 0, title: 'Vorlage Hautcheck', recallType: 'mail' };
    const draft = draftFromTemplate(template, emptyDraft({ patid: 5, date: '2026-05-01' }));
    expect(draft).toMatchObject({
      patid: 5,
      date: '2026-05-01',
      title: 'Hautcheck',
      recallText: recall.recallText,
      recallType: 'mail',
      recurring: true,
      recurringFrequency: '1y',
    });
    expect(toCreateInput(draft)).toMatchObject({ nextRecall: '2026-05-01 09:00:00', patid: 5, preset: 0 });
  });

  it('needs a patient unless it is a template, and an interval when recurring', () => {
    const issues = (d: Parameters<typeof recallDraftSchema.safeParse>[0]) => {
      const r = recallDraftSchema.safeParse(d);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues(emptyDraft({ title: 'X', date: '2026-05-01' }))).toEqual(['patid']);
    expect(issues(emptyDraft({ title: 'X', date: '2026-05-01', preset: 1 }))).toEqual([]);
    expect(issues(emptyDraft({ title: 'X', date: '2026-05-01', patid: 3, recurring: true }))).toEqual([
      'frequency',
    ]);
    expect(issues(emptyDraft({ title: ' ', date: '2026-02-30', patid: 3 }))).toEqual(['title', 'date']);
  });
});
