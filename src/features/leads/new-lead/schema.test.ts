import { describe, expect, it } from 'vitest';
import { createLeadInput, type Folder, MSG } from '#contract/sales.ts';
import {
  emptyNewLead,
  hasIdentifyingField,
  mergeIntoEmpty,
  type NewLeadValues,
  newLeadSchema,
  startFolders,
  targetOfServerMessage,
  toCreateLeadInput,
} from './schema.ts';

function values(change: (v: NewLeadValues) => void): NewLeadValues {
  const v = structuredClone(emptyNewLead);
  change(v);
  return v;
}

describe('the rule "at least one of last name, mail, mobile, phone"', () => {
  it('is not met by an empty form, nor by blanks, nor by other fields', () => {
    expect(hasIdentifyingField(emptyNewLead)).toBe(false);
    expect(
      hasIdentifyingField({ contact: { lastname: '   ' }, communication: { mail: ' ', phone: '\t' } }),
    ).toBe(false);
    expect(
      hasIdentifyingField(
        values((v) => {
          v.contact.firstname = 'Anna';
          v.address.city = 'Zürich';
          v.communication.mail2 = 'second@example.ch';
        }),
      ),
    ).toBe(false);
  });

  it('is met by any one of the four fields', () => {
    expect(hasIdentifyingField({ contact: { lastname: 'Muster' } })).toBe(true);
    expect(hasIdentifyingField({ communication: { mail: 'a@example.ch' } })).toBe(true);
    expect(hasIdentifyingField({ communication: { mobile: '079 123 45 67' } })).toBe(true);
    expect(hasIdentifyingField({ communication: { phone: '044 123 45 67' } })).toBe(true);
  });

  it("makes the form's schema refuse with the contract's exact message, and accept once one is there", () => {
    const refused = newLeadSchema.safeParse(values((v) => (v.contact.firstname = 'Anna')));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['identifying', MSG.identifying],
    ]);
    expect(newLeadSchema.safeParse(values((v) => (v.communication.mobile = '079 123 45 67'))).success).toBe(
      true,
    );
  });

  it('agrees with the contract: what the form accepts, createLead accepts', () => {
    for (const set of [
      (v: NewLeadValues) => (v.contact.lastname = 'Muster'),
      (v: NewLeadValues) => (v.communication.phone = '044 123 45 67'),
    ]) {
      const parsed = newLeadSchema.parse(values(set));
      expect(createLeadInput.safeParse(toCreateLeadInput(parsed, 'k')).success).toBe(true);
    }
  });
});

describe('toCreateLeadInput', () => {
  it('trims, leaves out empty fields and groups, converts numbers and carries the idempotency key', () => {
    const parsed = newLeadSchema.parse(
      values((v) => {
        v.ispatient = '0';
        v.folderId = '11';
        v.assigneeId = '6';
        v.source = 'I';
        v.flags = ['VIP'];
        v.contact.lastname = '  Muster ';
        v.contact.dob = '1980-11-21';
        v.address.countryCode = 'ch';
        v.medical.height = '172';
        v.medical.weight = '72,5';
      }),
    );
    expect(toCreateLeadInput(parsed, 'key-1')).toEqual({
      ispatient: 0,
      idempotencyKey: 'key-1',
      folderId: 11,
      assigneeId: 6,
      source: 'I',
      flags: ['VIP'],
      contact: { lastname: 'Muster', dob: '1980-11-21' },
      address: { countryCode: 'CH' },
      medical: { height: 172, weight: 72.5 },
    });
  });

  it('sends no folder (the pipeline default) and no assignee when none was chosen', () => {
    const input = toCreateLeadInput(newLeadSchema.parse(values((v) => (v.contact.lastname = 'X'))), 'k');
    expect(input).toEqual({ ispatient: 1, idempotencyKey: 'k', contact: { lastname: 'X' } });
  });
});

describe('form checks', () => {
  it('refuses a disqualified folder, an invalid date of birth, mail or height, with their messages', () => {
    const r = newLeadSchema.safeParse(
      values((v) => {
        v.contact.lastname = 'Muster';
        v.folderId = '5';
        v.contact.dob = '2026-02-30';
        v.communication.mail = 'not-a-mail';
        v.medical.height = '1.7m';
      }),
    );
    const issues = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(issues).toEqual({
      folderId: MSG.disqualifyOnly,
      'contact.dob': 'newLead.err.dob',
      'communication.mail': 'newLead.err.mail',
      'medical.height': 'newLead.err.measure',
    });
  });
});

describe('startFolders', () => {
  const folders: Folder[] = [1, 2, 4, 5, 11, 15].map((folderId) => ({
    folderId,
    label: `F${folderId}`,
    ispatient: folderId < 10 ? 1 : 0,
    custom: false,
  }));
  folders.push({ folderId: 100, label: 'Custom', ispatient: 1, custom: true });
  folders.push({ folderId: 101, label: 'Contact custom', ispatient: 0, custom: true });

  it("offers the pipeline's standard and custom folders, never 5 or 15", () => {
    expect(startFolders(folders, '1').map((f) => f.folderId)).toEqual([1, 2, 4, 100]);
    expect(startFolders(folders, '0').map((f) => f.folderId)).toEqual([11, 101]);
  });
});

describe('targetOfServerMessage', () => {
  it('maps refusals to the rule, a field, or nothing', () => {
    expect(targetOfServerMessage(MSG.identifying)).toBe('root.identifying');
    expect(targetOfServerMessage(MSG.otherPipeline)).toBe('folderId');
    expect(targetOfServerMessage(MSG.disqualifyOnly)).toBe('folderId');
    expect(targetOfServerMessage('contact.dob: Expected a date YYYY-MM-DD.')).toBe('contact.dob');
    expect(targetOfServerMessage('Invalid input at input.communication.mail: Invalid')).toBe(
      'communication.mail',
    );
    expect(targetOfServerMessage('Unknown field: contact.lastname.')).toBe('contact.lastname');
    expect(targetOfServerMessage('Unknown field: contact.nickname.')).toBeNull();
    expect(targetOfServerMessage(MSG.createFailed)).toBeNull();
  });
});

describe('mergeIntoEmpty (a stored draft)', () => {
  it('keeps the known string fields and drops everything else', () => {
    const merged = mergeIntoEmpty({
      ispatient: '0',
      folderId: '12',
      flags: ['VIP', 3],
      contact: { lastname: 'Muster', nickname: 'x', gender: 'q', firstname: 7 },
      evil: { a: 1 },
    });
    expect(merged.ispatient).toBe('0');
    expect(merged.folderId).toBe('12');
    expect(merged.flags).toEqual(['VIP']);
    expect(merged.contact).toEqual({ ...emptyNewLead.contact, lastname: 'Muster' });
    expect(Object.keys(merged).sort()).toEqual(Object.keys(emptyNewLead).sort());
    expect(mergeIntoEmpty('garbage')).toEqual(emptyNewLead);
  });
});
