import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lead, lead as leadSchema, referenceData } from '#contract/sales.ts';
import { zurichDateTime } from '../../time.ts';
import { type SalesService, startSales, uniqueName } from './test-helpers.ts';

let s: SalesService;
beforeAll(async () => {
  s = await startSales();
}, 60_000);
afterAll(() => s.svc.close());

type Page = {
  result: Lead[];
  pagination: { offset: number; limit: number; total: number; hasMore: boolean };
};
const leads = async (body: unknown) => {
  const r = await s.call('getLeads', body);
  expect(r.http, r.text).toBe(200);
  return r.body as Page;
};

describe('getReferenceData', () => {
  it('returns every kind from the tables, with the seeded codes and the custom folders', async () => {
    const r = referenceData.parse(await s.ok('getReferenceData', {}));
    expect(r.sources?.map((x) => x.code)).toEqual(expect.arrayContaining(['M', 'I']));
    expect(r.sources?.find((x) => x.code === 'I')?.label).toBe('Internet');
    expect(r.disqualification?.map((x) => x.code)).toEqual(
      expect.arrayContaining(['PRICE', 'NOFIT', 'OTHER']),
    );
    expect(r.flags?.length).toBeGreaterThan(2);
    expect(r.categories?.length).toBeGreaterThan(2);
    const folders = r.folders ?? [];
    expect(
      folders
        .filter((f) => !f.custom)
        .map((f) => f.folderId)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 11, 12, 13, 14, 15]);
    const custom = folders.filter((f) => f.custom);
    expect(custom.map((f) => [f.folderId, f.ispatient])).toEqual([
      [100, 1],
      [101, 0],
    ]);
    expect(folders.find((f) => f.folderId === 14)).toEqual({
      folderId: 14,
      label: 'Converted',
      ispatient: 0,
      custom: false,
    });
  });

  it('returns only the kinds asked for; an empty list means all', async () => {
    expect(
      Object.keys((await s.ok('getReferenceData', { kinds: ['flags', 'folders'] })) as object).sort(),
    ).toEqual(['flags', 'folders']);
    expect(Object.keys((await s.ok('getReferenceData', { kinds: [] })) as object)).toHaveLength(5);
  });
});

describe('getLeads', () => {
  it('lists the seeded leads with the Lead shape, newest activity first, deleted ones left out', async () => {
    const page = await leads({});
    expect(page.pagination).toEqual({ offset: 0, limit: 100, total: page.pagination.total, hasMore: true });
    expect(page.pagination.total).toBeGreaterThan(100);
    for (const l of page.result) leadSchema.parse(l);
    const acts = page.result.map((l) => l.lastActivity);
    expect([...acts].sort().reverse()).toEqual(acts);
    expect(page.result.every((l) => !l.deleted)).toBe(true);
  });

  it('pages with offset/limit and falls back to limit 100 for invalid limits', async () => {
    const first = await leads({ limit: 5 });
    const second = await leads({ limit: 5, offset: 5 });
    expect(first.result).toHaveLength(5);
    expect(second.pagination).toMatchObject({ offset: 5, limit: 5, hasMore: true });
    expect(second.result.map((l) => l.leadId)).not.toContain(first.result[0].leadId);
    const both = await leads({ limit: 10 });
    expect(both.result.map((l) => l.leadId)).toEqual(
      [...first.result, ...second.result].map((l) => l.leadId),
    );
    for (const limit of [0, -1, 1001, 'abc', 2.5]) {
      expect((await leads({ limit })).pagination.limit, String(limit)).toBe(100);
    }
    const total = first.pagination.total;
    const last = await leads({ limit: 10, offset: total - 3 });
    expect(last.result).toHaveLength(3);
    expect(last.pagination.hasMore).toBe(false);
  });

  it('orders by created and lastname in either direction', async () => {
    const byCreated = (await leads({ orderBy: 'created', orderDir: 'asc', limit: 50 })).result.map(
      (l) => l.created,
    );
    expect([...byCreated].sort()).toEqual(byCreated);
    const names = (await leads({ orderBy: 'lastname', orderDir: 'asc', limit: 50 })).result.map((l) =>
      l.contact.lastname.toLowerCase(),
    );
    expect([...names].sort()).toEqual(names);
    const desc = (await leads({ orderBy: 'lastname', limit: 50 })).result.map((l) =>
      l.contact.lastname.toLowerCase(),
    );
    expect([...desc].sort().reverse()).toEqual(desc);
  });

  it('filters by ispatient, folderId, assigneeId (0 = unassigned), source and created from/to', async () => {
    const contacts = await leads({ filter: { ispatient: 0 }, limit: 1000 });
    expect(contacts.result.length).toBeGreaterThan(0);
    expect(contacts.result.every((l) => l.ispatient === 0)).toBe(true);
    const inFolder = await leads({ filter: { folderId: 2 }, limit: 1000 });
    expect(inFolder.result.every((l) => l.folderId === 2)).toBe(true);
    const mine = await leads({ filter: { assigneeId: 1 }, limit: 1000 });
    expect(mine.result.length).toBeGreaterThan(20);
    expect(mine.result.every((l) => l.assigneeId === 1)).toBe(true);
    const nobody = await leads({ filter: { assigneeId: 0 }, limit: 1000 });
    expect(nobody.result.length).toBeGreaterThan(0);
    expect(nobody.result.every((l) => l.assigneeId === null)).toBe(true);
    const web = await leads({ filter: { source: 'I' }, limit: 1000 });
    expect(web.result.every((l) => l.source === 'I')).toBe(true);
    const all = await leads({ limit: 1000 });
    const from = '2026-02-01';
    const to = '2026-02-28';
    const feb = await leads({ filter: { from, to }, limit: 1000 });
    const expected = all.result.filter((l) => l.created.slice(0, 10) >= from && l.created.slice(0, 10) <= to);
    expect(feb.result.map((l) => l.leadId).sort()).toEqual(expected.map((l) => l.leadId).sort());
    expect(feb.result.length).toBeGreaterThan(0);
  });

  it('finds by leadId and uniqid', async () => {
    const { leadId, uniqid } = await s.createLead();
    expect((await leads({ filter: { leadId } })).result.map((l) => l.uniqid)).toEqual([uniqid]);
    expect((await leads({ filter: { uniqid } })).result.map((l) => l.leadId)).toEqual([leadId]);
  });

  it('searches names, mails and phone numbers, case- and accent-insensitively', async () => {
    const last = uniqueName('Zürcher');
    const { leadId } = await s.createLead({
      contact: { firstname: 'Chloé', lastname: last },
      communication: { mail: `${last.toLowerCase()}@example.ch`, mobile: '+41 79 555 12 34' },
    });
    const ids = async (search: string) => (await leads({ filter: { search } })).result.map((l) => l.leadId);
    expect(await ids(last.toUpperCase())).toEqual([leadId]);
    expect(await ids(last.replace('ü', 'u'))).toEqual([leadId]);
    expect(await ids(`chloe ${last}`)).toEqual([leadId]);
    expect(await ids(`${last.toLowerCase()}@example`)).toEqual([leadId]);
    expect(await ids('079 555 12 34')).toContain(leadId);
    expect(await ids('+41795551234')).toContain(leadId);
    expect(await ids(`${last}-nomatch`)).toEqual([]);
  });

  it('filters by flags: a lead must carry all of them', async () => {
    const both = await s.createLead({ flags: ['VIP', 'URGENT'] });
    const one = await s.createLead({ flags: ['VIP'] });
    const vip = (await leads({ filter: { flags: ['VIP'] }, limit: 1000 })).result;
    expect(vip.every((l) => l.flags.includes('VIP'))).toBe(true);
    expect(vip.map((l) => l.leadId)).toEqual(expect.arrayContaining([both.leadId, one.leadId]));
    const vipUrgent = (await leads({ filter: { flags: ['VIP', 'URGENT'] }, limit: 1000 })).result;
    expect(vipUrgent.map((l) => l.leadId)).toContain(both.leadId);
    expect(vipUrgent.map((l) => l.leadId)).not.toContain(one.leadId);
    expect(vipUrgent.every((l) => l.flags.includes('VIP') && l.flags.includes('URGENT'))).toBe(true);
  });

  it('filters by the linked patient (patid)', async () => {
    const name = uniqueName('Verknuepft');
    const created = await s.ok('createLead', { ispatient: 1, contact: { lastname: name } });
    const { leadId } = created as { leadId: number };
    expect((await s.call('linkLeadToPatient', { leadId, patid: 7 })).http).toBe(200);
    const linked = await leads({ filter: { patid: 7 }, limit: 1000 });
    expect(linked.result.length).toBeGreaterThan(0);
    expect(linked.result.every((l) => l.patid === 7)).toBe(true);
    expect(linked.result.map((l) => l.leadId)).toContain(leadId);
    expect((await leads({ filter: { patid: 7, search: name } })).pagination.total).toBe(1);
  });

  it('includes deleted leads only with includeDeleted, and only them with onlyDeleted', async () => {
    const without = await leads({ limit: 1000 });
    const withDeleted = await leads({ filter: { includeDeleted: true }, limit: 1000 });
    const onlyDeleted = await leads({ filter: { onlyDeleted: true }, limit: 1000 });
    expect(onlyDeleted.result.length).toBeGreaterThan(0);
    expect(onlyDeleted.result.every((l) => l.deleted && l.reasonDeleted !== '' && l.deletedBy !== null)).toBe(
      true,
    );
    expect(withDeleted.pagination.total).toBe(without.pagination.total + onlyDeleted.pagination.total);
  });
});

describe('createLead', () => {
  it('creates a lead with all groups; unset text reads "", unset ids and dates null', async () => {
    const { leadId, uniqid } = await s.createLead({
      ispatient: 1,
      contact: { salutation: 'Frau', firstname: 'Anna', lastname: 'Muster', gender: 'f', dob: '1980-05-17' },
      address: { street: 'Seestrasse 3', zip: '8001', city: 'Zürich', country: 'Schweiz', countryCode: 'ch' },
      communication: { mail: 'anna@example.ch' },
      medical: {
        height: 170,
        weight: '65.5',
        job: 'Lehrerin',
        hxData: { Allergies: 'Pollen', Smoker: false },
      },
      insurance: { kvg: 'CSS' },
      commercial: { revenue: 1200, costs: 150.5, nextStep: 'Offerte' },
      source: 'M',
      flags: ['VIP'],
      what: 'Knieschmerzen',
      assigneeId: 6,
    });
    expect(uniqid).toMatch(/^[0-9a-f]{16}$/);
    const l = await s.lead(leadId);
    expect(l).toMatchObject({
      leadId,
      uniqid,
      ispatient: 1,
      folderId: 1,
      source: 'M',
      assigneeId: 6,
      flags: ['VIP'],
      what: 'Knieschmerzen',
      contact: {
        title: '',
        firstname: 'Anna',
        lastname: 'Muster',
        gender: 'f',
        dob: '1980-05-17',
        alias: '',
      },
      address: { city: 'Zürich', countryCode: 'CH' },
      communication: { mail: 'anna@example.ch', mobile: '', phone: '' },
      medical: { height: 170, weight: 65.5, bloodType: '', hxData: { Allergies: 'Pollen', Smoker: false } },
      insurance: { kvg: 'CSS', vvg: '' },
      commercial: { revenue: 1200, costs: 150.5, nextStep: 'Offerte' },
      created: zurichDateTime(s.clock.now),
      lastActivity: zurichDateTime(s.clock.now),
      admissionDate: null,
      patid: null,
      conversionDate: null,
      openTasks: 0,
      nextReminder: null,
      deleted: false,
      deletedBy: null,
      deletedTime: null,
      reasonDeleted: '',
      reasonDisqualified: '',
    });
    // The assignee watches the lead from the start (J entry).
    expect(l.watchers).toEqual([{ userId: 6, unread: true }]);
  });

  it('defaults to folder 1 for patient leads and 11 for contact leads; custom folders of the pipeline are allowed', async () => {
    expect((await s.lead((await s.createLead({ ispatient: 1 })).leadId)).folderId).toBe(1);
    const contact = await s.lead(
      (await s.createLead({ ispatient: 0, contact: { lastname: 'Firma' } })).leadId,
    );
    expect(contact).toMatchObject({ folderId: 11, ispatient: 0, assigneeId: null });
    expect((await s.lead((await s.createLead({ ispatient: 1, folderId: 100 })).leadId)).folderId).toBe(100);
  });

  it('accepts a mail, mobile or phone instead of a last name', async () => {
    const { leadId } = await s
      .ok('createLead', { ispatient: 1, communication: { mobile: '+41 79 000 00 01' } })
      .then((r) => r as { leadId: number });
    expect((await s.lead(leadId)).communication.mobile).toBe('+41 79 000 00 01');
  });

  it('answers a repeated idempotencyKey with the first lead and creates nothing', async () => {
    const key = uniqueName('key');
    const first = await s.createLead({ idempotencyKey: key, contact: { lastname: 'Once' } });
    const before = (await leads({ filter: { search: 'Once' } })).pagination.total;
    const again = await s.createLead({ idempotencyKey: key, contact: { lastname: 'Twice' } });
    expect(again).toEqual(first);
    expect((await leads({ filter: { search: 'Once' } })).pagination.total).toBe(before);
    expect((await leads({ filter: { search: 'Twice' } })).pagination.total).toBe(0);
    // The key space is shared with intakeLead.
    expect(await s.ok('intakeLead', { lastname: 'Thrice', idempotencyKey: key })).toEqual(first);
  });
});

describe('intakeLead', () => {
  it('maps flat snake_case and camelCase fields onto the lead, hx_ fields into medical.hxData', async () => {
    const last = uniqueName('Intake');
    const r = (await s.ok('intakeLead', {
      last_name: last,
      FirstName: 'Noémie',
      email: 'noemie@example.ch',
      mobile: '079 123 45 67',
      salutation: 'Madame',
      gender: 'weiblich',
      dob: '07.03.1991',
      street: 'Rue du Lac',
      streetex: '12',
      zip: '1003',
      city: 'Lausanne',
      country: 'Suisse',
      civil_status: 'ledig',
      job: 'Architektin',
      comment: 'Hautberatung',
      kvg: 'Helsana',
      vvg: 'Sanitas',
      police_nr: 123456,
      newsletter: 1,
      data_processing: 'true',
      hx_Allergies: 'Nüsse',
      hx_previousSurgery: true,
      unknown_field: 'ignored',
    })) as { leadId: number; uniqid: string };
    const l = await s.lead(r.leadId);
    expect(l).toMatchObject({
      uniqid: r.uniqid,
      ispatient: 1,
      folderId: 1,
      source: 'I',
      what: 'Hautberatung',
      contact: {
        lastname: last,
        firstname: 'Noémie',
        salutation: 'Madame',
        gender: 'f',
        dob: '1991-03-07',
        civilStatus: 'ledig',
      },
      address: {
        street: 'Rue du Lac 12',
        zip: '1003',
        city: 'Lausanne',
        country: 'Schweiz',
        countryCode: 'CH',
      },
      communication: { mail: 'noemie@example.ch', mobile: '079 123 45 67' },
      medical: { job: 'Architektin', hxData: { Allergies: 'Nüsse', previousSurgery: true } },
      insurance: { kvg: 'Helsana', vvg: 'Sanitas', kvgPoliceNr: '123456' },
      commercial: { newsletter: true, dataProcessing: true },
    });
  });

  it('reads consents 1/0 and true/false, dob YYYY-MM-DD, ISO country codes, and drops an invalid dob', async () => {
    const a = (await s.ok('intakeLead', {
      lastname: uniqueName(),
      newsletter: 0,
      dataProcessing: false,
      dob: '1975-12-01',
      country: 'de',
      what: 'Check-up',
    })) as { leadId: number };
    expect(await s.lead(a.leadId)).toMatchObject({
      commercial: { newsletter: false, dataProcessing: false },
      contact: { dob: '1975-12-01' },
      address: { country: 'Deutschland', countryCode: 'DE' },
      what: 'Check-up',
    });
    const b = (await s.ok('intakeLead', { email: 'x@example.ch', newsletter: true, dob: '31.02.1990' })) as {
      leadId: number;
    };
    expect(await s.lead(b.leadId)).toMatchObject({
      commercial: { newsletter: true },
      contact: { dob: null },
    });
  });

  it('honours ispatient 0, a valid folder and source, and falls back to the defaults otherwise', async () => {
    const c = (await s.ok('intakeLead', {
      lastname: uniqueName(),
      ispatient: 0,
      folderId: 12,
      source: 'E',
    })) as {
      leadId: number;
    };
    expect(await s.lead(c.leadId)).toMatchObject({ ispatient: 0, folderId: 12, source: 'E' });
    const d = (await s.ok('intakeLead', { lastname: uniqueName(), folderId: 5, source: 'XX' })) as {
      leadId: number;
    };
    expect(await s.lead(d.leadId)).toMatchObject({ ispatient: 1, folderId: 1, source: 'I' });
  });

  it('answers a repeated idempotencyKey (also as idempotency_key) with the first lead', async () => {
    const key = uniqueName('hook');
    const first = await s.ok('intakeLead', { lastname: 'Hook', idempotencyKey: key });
    const total = (await leads({ limit: 1 })).pagination.total;
    expect(await s.ok('intakeLead', { lastname: 'Hook', idempotency_key: key })).toEqual(first);
    expect((await leads({ limit: 1 })).pagination.total).toBe(total);
  });
});

describe('deleteLead and restoreLead', () => {
  it('soft-deletes with deletedBy, deletedTime and reason, hides the lead and its tasks, and restores it', async () => {
    const { leadId } = await s.createLead();
    const task = (await s.ok('addLeadTask', {
      leadId,
      text: 'Call back',
      assignedTo: 1,
      reminderDate: '2026-03-12',
    })) as {
      historyId: number;
    };
    const openTasks = async () =>
      (
        (await s.ok('getTasks', { filter: { assignedTo: 1, completed: false }, limit: 1000 })) as {
          historyId: number;
        }[]
      ).map((t) => t.historyId);
    expect(await openTasks()).toContain(task.historyId);

    s.clock.advance(5);
    await s.ok('deleteLead', { leadId, reason: 'Duplicate' });
    expect(await s.lead(leadId)).toMatchObject({
      deleted: true,
      deletedBy: 1,
      deletedTime: zurichDateTime(s.clock.now),
      reasonDeleted: 'Duplicate',
    });
    expect((await leads({ filter: { leadId } })).result).toEqual([]);
    expect(await openTasks()).not.toContain(task.historyId);

    await s.ok('restoreLead', { leadId });
    expect(await s.lead(leadId)).toMatchObject({
      deleted: false,
      deletedBy: null,
      deletedTime: null,
      reasonDeleted: '',
    });
    expect((await leads({ filter: { leadId } })).result).toHaveLength(1);
    expect(await openTasks()).toContain(task.historyId);
  });
});

describe('linkLeadToPatient and convertLead', () => {
  it('linkLeadToPatient sets only patid and conversionDate (and counts a new version)', async () => {
    const { leadId } = await s.createLead({ folderId: 3 });
    const before = await s.lead(leadId);
    s.clock.advance(1);
    await s.ok('linkLeadToPatient', { leadId, patid: 7 });
    const after = await s.lead(leadId);
    expect(after).toEqual({
      ...before,
      patid: 7,
      conversionDate: '2026-03-10',
      version: (before.version ?? 0) + 1,
    });
    const history = (await s.ok('getLeadHistory', { leadId, type: 'S' })) as unknown[];
    expect(history).toEqual([]);
  });

  it('convertLead creates a patient from the lead when no patid is given, moves it to folder 4 and writes S', async () => {
    const last = uniqueName('Convert');
    const { leadId } = await s.createLead({
      folderId: 3,
      contact: { firstname: 'Reto', lastname: last, gender: 'm', dob: '1970-01-02', title: 'Dr.' },
      address: { street: 'Dorfstrasse 1', zip: '3011', city: 'Bern', country: 'Schweiz', countryCode: 'CH' },
      communication: { mail: 'reto@example.ch', mobile: '+41 79 111 22 33', phone: '+41 31 000 00 00' },
    });
    const before = (s.db.prepare('SELECT max(patid) AS m FROM patients').get() as { m: number }).m;
    const r = (await s.ok('convertLead', { leadId })) as { patid: number; created: boolean };
    expect(r.created).toBe(true);
    expect(r.patid).toBeGreaterThan(before);
    const patient = s.db.prepare('SELECT * FROM patients WHERE patid = ?').get(r.patid);
    expect(patient).toMatchObject({
      lastname: last,
      firstname: 'Reto',
      gender: 'male',
      dob: '1970-01-02',
      title: 'Dr.',
      street: 'Dorfstrasse 1',
      zip: '3011',
      city: 'Bern',
      countrycode: 'ch',
      mail: 'reto@example.ch',
      mobile: '+41 79 111 22 33',
      tel: '+41 31 000 00 00',
      deleted: 0,
    });
    expect(await s.lead(leadId)).toMatchObject({ patid: r.patid, conversionDate: '2026-03-10', folderId: 4 });
    const s1 = (await s.ok('getLeadHistory', { leadId, type: 'S' })) as { text: string }[];
    expect(s1).toHaveLength(1);
    expect(s1[0].text).toContain('In discussion → Converted');
  });

  it('convertLead links an existing patient, and a contact lead moves to folder 14', async () => {
    const { leadId } = await s.createLead({ ispatient: 0 });
    const count = (s.db.prepare('SELECT count(*) AS n FROM patients').get() as { n: number }).n;
    expect(await s.ok('convertLead', { leadId, patid: 5 })).toEqual({ patid: 5, created: false });
    expect((s.db.prepare('SELECT count(*) AS n FROM patients').get() as { n: number }).n).toBe(count);
    expect(await s.lead(leadId)).toMatchObject({ patid: 5, folderId: 14, conversionDate: '2026-03-10' });
  });
});

describe('tenants', () => {
  it('keeps a lead created in demo invisible in sonnenhof', async () => {
    const last = uniqueName('Isolated');
    const { leadId, uniqid } = await s.createLead({ contact: { lastname: last } });
    const sonnenhof = { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' };
    const r = await s.call('getLeads', { filter: { search: last, includeDeleted: true } }, sonnenhof);
    expect(r.http).toBe(200);
    expect(r.body.result).toEqual([]);
    const byUniqid = await s.call('getLeads', { filter: { uniqid } }, sonnenhof);
    expect(byUniqid.body.result).toEqual([]);
    // sonnenhof has its own seeded leads, and the same id there is another lead (or none).
    const theirs = await s.call('getLeads', { filter: { leadId } }, sonnenhof);
    expect(theirs.body.result.every((l: Lead) => l.contact.lastname !== last)).toBe(true);
    expect((await s.call('getLeads', {}, sonnenhof)).body.pagination.total).toBeGreaterThan(100);
  }, 30_000);
});
