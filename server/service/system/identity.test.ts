import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHl7 } from '#contract/hl7.ts';
import { startService, type TestService } from '../test-support.ts';

/** The right patient, once: how patients are found, changed, and never booked, linked or filed wrongly. */
let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

async function create(body: Record<string, unknown>) {
  const r = await svc.post('/system/createCustomer', body);
  expect(r.body.status).toBe(true);
  return r.body.result.id as number;
}

async function search(body: Record<string, unknown>): Promise<number[]> {
  const r = await svc.post('/system/searchPatients', { limit: 1000, ...body });
  expect(r.http).toBe(200);
  return ((r.body.results ?? []) as { patid: number }[]).map((p) => p.patid);
}

function deletePatient(patid: number) {
  svc.service.db('demo').prepare('UPDATE patients SET deleted = 1 WHERE patid = ?').run(patid);
}

describe('searchPatients: how text matches', () => {
  let mueller: number;
  let zuercher: number;
  let favre: number;
  beforeAll(async () => {
    mueller = await create({ lastname: 'Müllerbrunner', firstname: 'Jörg', tel: '044 211 33 44' });
    zuercher = await create({ lastname: 'Zürchertal', firstname: 'Anna', mobile: '078 300 71 12' });
    favre = await create({ lastname: 'Fàvreau', firstname: 'Élise', ahv: '756.9000.0003.71' });
  });

  it('finds Müller as muller, Mueller and MÜLLER, and Jörg as Joerg', async () => {
    for (const lastname of ['mullerbrunner', 'Muellerbrunner', 'MÜLLERBRUNNER', 'müllerb']) {
      expect(await search({ lastname }), lastname).toContain(mueller);
    }
    expect(await search({ lastname: 'Muellerbrunner', firstname: 'Joerg' })).toEqual([mueller]);
  });

  it('finds Zürcher as Zurcher and Zuercher, Fàvre as Favre, Élise as elise', async () => {
    expect(await search({ lastname: 'Zurchertal' })).toContain(zuercher);
    expect(await search({ lastname: 'zuerchertal' })).toContain(zuercher);
    expect(await search({ lastname: 'Favreau', firstname: 'elise' })).toEqual([favre]);
  });

  it('does not find a name that only shares letters', async () => {
    expect(await search({ lastname: 'Mollerbrunner' })).not.toContain(mueller);
  });

  it('finds by phone and mobile with or without spaces, +41, 0041 or the leading 0', async () => {
    for (const phone of ['078 300 71 12', '+41783007112', '0041 78 300 71 12', '78.300.71.12']) {
      expect(await search({ phone }), phone).toEqual([zuercher]);
    }
    expect(await search({ phone: '044 211 33 44' })).toEqual([mueller]);
    expect(await search({ phone: '+41 44 211 33 44' })).toEqual([mueller]);
    expect(await search({ phone: '099 999 99 99' })).toEqual([]);
  });

  it('finds an AHV number written with spaces, dots or neither', async () => {
    for (const ahv of ['756 9000 0003 71', '756.9000.0003.71', '7569000000371']) {
      expect(await search({ ahv }), ahv).toEqual([favre]);
    }
  });

  it('keeps the phone criterion a criterion: phone alone is enough, other unknown fields are still refused', async () => {
    const r = await svc.post('/system/searchPatients', { phone: '', tel: '1' });
    expect(r.http).toBe(400);
    expect(r.body.msg).toBe('Unknown parameter(s): tel');
  });

  it('finds a patient renamed by updateCustomer under the new name only', async () => {
    const id = await create({ lastname: 'Vorherig', firstname: 'Vera' });
    const r = await svc.post('/system/updateCustomer', { patid: id, lastname: 'Nachhër' });
    expect(r.body).toMatchObject({ status: true });
    expect(await search({ lastname: 'nachher' })).toEqual([id]);
    expect(await search({ lastname: 'Vorherig' })).not.toContain(id);
  });
});

describe('system/updateCustomer', () => {
  it('changes only the fields sent and writes the change to the patient history (category Data)', async () => {
    const id = await create({
      lastname: 'Änderung',
      firstname: 'Anita',
      gender: 'female',
      dob: '1960-02-01',
      mobile: '079 000 00 00',
      street: 'Alte Gasse 1',
      city: 'Bern',
    });
    const r = await svc.post('/system/updateCustomer', { patid: id, mobile: '079 111 22 33', street: '' });
    expect(r.http).toBe(200);
    expect(r.body).toEqual({ status: true, msg: 'Success', result: null });
    const c = (await svc.post('/system/getCustomerById', { patid: id })).body.result;
    expect(c).toMatchObject({
      lastname: 'Änderung',
      firstname: 'Anita',
      gender: 'female',
      dob: '1960-02-01',
      mobile: '079 111 22 33',
      street: '',
      city: 'Bern',
    });
    const hx = (await svc.post('/hx/getPatientHistory', { patid: id, category: 'Data' })).body.result as {
      text: string;
    }[];
    expect(hx).toHaveLength(1);
    expect(hx[0].text).toContain('079 000 00 00 → 079 111 22 33');
    expect(hx[0].text).toContain('Alte Gasse 1');
    expect(hx[0].text).not.toContain('Bern');
  });

  it('writes no history entry when nothing changes', async () => {
    const id = await create({ lastname: 'Gleich', mobile: '079 1' });
    await svc.post('/system/updateCustomer', { patid: id, mobile: '079 1' });
    const hx = (await svc.post('/hx/getPatientHistory', { patid: id, category: 'Data' })).body.result;
    expect(hx ?? []).toHaveLength(0);
  });

  it('answers its errors: 400 without patid, 404 unknown, 422 deleted, Unknown language as createCustomer does', async () => {
    const missing = await svc.post('/system/updateCustomer', { mobile: '1' });
    expect(missing.http).toBe(400);
    expect(missing.body.msg).toBe('Please provide a patient id.');
    const unknown = await svc.post('/system/updateCustomer', { patid: 99_999_999, mobile: '1' });
    expect(unknown.http).toBe(404);
    expect(unknown.body.msg).toBe('Patient not found.');
    const id = await create({ lastname: 'Geloescht' });
    deletePatient(id);
    const deleted = await svc.post('/system/updateCustomer', { patid: id, mobile: '1' });
    expect(deleted.http).toBe(422);
    expect(deleted.body.msg).toBe('Patient is deleted.');
    const live = await create({ lastname: 'Sprachlos', mobile: '0' });
    const lang = await svc.post('/system/updateCustomer', { patid: live, language: 'xx', mobile: '1' });
    expect(lang.http).toBe(200);
    expect(lang.body).toMatchObject({ status: false, msg: 'Unknown language: xx' });
    const c = (await svc.post('/system/getCustomerById', { patid: live })).body.result;
    expect(c.mobile).toBe('0');
  });
});

describe('a deleted patient is not booked, linked or given a recall', () => {
  let deleted: number;
  let active: number;
  beforeAll(async () => {
    deleted = await create({ lastname: 'Gelöscht', firstname: 'Gustav' });
    deletePatient(deleted);
    active = await create({ lastname: 'Lebendig', firstname: 'Lea' });
  });
  const slot = {
    calendar: 1,
    date: '2031-03-03 08:00:00',
    end: '2031-03-03 08:20:00',
    appointment: 'Kontrolle',
  };

  it('createAppointment answers status false Patient is deleted. (HTTP 200) and stores nothing', async () => {
    const r = await svc.post('/agenda/createAppointment', { ...slot, patid: deleted });
    expect(r.http).toBe(200);
    expect(r.body).toMatchObject({ status: false, msg: 'Patient is deleted.' });
    const n = svc.service
      .db('demo')
      .prepare('SELECT COUNT(*) AS n FROM appointments WHERE patid = ?')
      .get(deleted) as { n: number };
    expect(n.n).toBe(0);
  });

  it('modifyAppointment refuses to give an appointment to a deleted patient', async () => {
    const made = await svc.post('/agenda/createAppointment', { ...slot, patid: active });
    expect(made.body.status).toBe(true);
    const appointmentid = made.body.result.appointmentid;
    const r = await svc.post('/agenda/modifyAppointment', { ...slot, appointmentid, patid: deleted });
    expect(r.body).toMatchObject({ status: false, msg: 'Patient is deleted.' });
  });

  it('createRecall answers status false Patient is deleted.', async () => {
    const r = await svc.post('/recall/createRecall', {
      title: 'Kontrolle',
      patid: deleted,
      nextRecall: '2031-03-03 08:00',
      recallType: 'sms',
    });
    expect(r.http).toBe(200);
    expect(r.body).toMatchObject({ status: false, msg: 'Patient is deleted.' });
  });

  it('linkLeadToPatient and convertLead answer HTTP 422 Patient is deleted.', async () => {
    const lead = await svc.post('/sales/createLead', {
      ispatient: 1,
      contact: { lastname: 'Verknüpft', firstname: 'Vera' },
    });
    expect(lead.body.status).toBe(true);
    const leadId = lead.body.result.leadId;
    const link = await svc.post('/sales/linkLeadToPatient', { leadId, patid: deleted });
    expect(link.http).toBe(422);
    expect(link.body.msg).toBe('Patient is deleted.');
    const convert = await svc.post('/sales/convertLead', { leadId, patid: deleted });
    expect(convert.http).toBe(422);
    expect(convert.body.msg).toBe('Patient is deleted.');
  });
});

describe('labor: a result never lands in the wrong journal', () => {
  const upload = async (filename: string, text: string) =>
    (await svc.post('/labor/upload', { filename, content: Buffer.from(text).toString('base64') })).body;
  const hl7 = (d: { patid: number | ''; lastname: string; firstname: string; dob: string }, n: number) =>
    buildHl7({
      ...d,
      observed: '2026-03-04 08:15:00',
      facility: 'Labor Test',
      battery: 'Blutbild',
      results: [{ name: 'Hb', value: String(100 + n), unit: 'g/l', range: '120-160', flag: 'L' }],
    });

  it('refuses PID-3 of one patient with PID-5/PID-7 of another and stores nothing', async () => {
    const steiner = await create({ lastname: 'Steinerli', firstname: 'Jonas', dob: '1961-04-03' });
    const r = await upload(
      'mismatch-1.hl7',
      hl7({ patid: steiner, lastname: 'Muster', firstname: 'Hans', dob: '1970-01-01' }, 1),
    );
    expect(r).toEqual({
      status: 400,
      msg: `Patient data do not match: number ${steiner} is Steinerli Jonas, born 03.04.1961.`,
    });
    const hx = (await svc.post('/hx/getPatientHistory', { patid: steiner, category: 'Labor' })).body.result;
    expect(hx ?? []).toHaveLength(0);
    // Nothing was kept: the corrected message with the same name is not a duplicate.
    const ok = await upload(
      'mismatch-1.hl7',
      hl7({ patid: steiner, lastname: 'Steinerli', firstname: 'Jonas', dob: '1961-04-03' }, 2),
    );
    expect(ok).toEqual({ status: 200, msg: 'successfully uploaded' });
  });

  it('files by number when the name is written with umlaut spellings or the birth date is left out', async () => {
    const id = await create({ lastname: 'Grünenfelder', firstname: 'Zoë', dob: '1980-05-06' });
    const r = await upload(
      'spelling.hl7',
      hl7({ patid: id, lastname: 'GRUENENFELDER', firstname: 'Zoe', dob: '' }, 3),
    );
    expect(r.status).toBe(200);
  });

  it('refuses a matching name with another birth date', async () => {
    const id = await create({ lastname: 'Geburtstag', firstname: 'Gina', dob: '1980-05-06' });
    const r = await upload(
      'dob.hl7',
      hl7({ patid: id, lastname: 'Geburtstag', firstname: 'Gina', dob: '1980-06-05' }, 4),
    );
    expect(r.status).toBe(400);
    expect(r.msg).toMatch(/^Patient data do not match: number \d+ is Geburtstag Gina, born 06\.05\.1980\.$/);
  });
});

describe('searchPatients: a part of a name spelt with ue', () => {
  it('finds Zuercher by a part that starts inside the ue, and Mueller as muller', async () => {
    const id = await create({ lastname: 'Zuercherhalde', firstname: 'Fiona' });
    expect(await search({ lastname: 'ercherhald' })).toContain(id);
    expect(await search({ lastname: 'Zürcherhalde' })).toContain(id);
    expect(await search({ lastname: 'zurcherhalde' })).toContain(id);
  });
});
