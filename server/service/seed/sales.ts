import { addDays, zurichDateTime } from '../../time.ts';
import { searchText } from '../sales/store.ts';
import { DEMO_USER, SALES_USERS } from './core.ts';
import type { SeedContext } from './index.ts';
import {
  doubleNames,
  femaleFirst,
  insurers,
  lastNames,
  mailDomains,
  mailFor,
  maleFirst,
  mobileFor,
  places,
  streets,
} from './swiss.ts';

/**
 * Custom folders (id 100 upward): one per pipeline. The practice's own labels are German, as a practice in Zurich
 * writes them (docs/api.md#demo-data); migration 0008 gives older demo databases the same.
 */
export const CUSTOM_FOLDERS = [
  { folderId: 100, label: 'Warteliste', ispatient: 1 },
  { folderId: 101, label: 'Nachfassen Partner', ispatient: 0 },
] as const;

const folderLabels: Record<number, string> = {
  1: 'Open',
  2: 'To be contacted',
  3: 'In discussion',
  4: 'Converted',
  5: 'Disqualified',
  11: 'Open',
  12: 'To be contacted',
  13: 'In discussion',
  14: 'Converted',
  15: 'Disqualified',
  100: 'Warteliste',
  101: 'Nachfassen Partner',
};

/** Every folder once for the first twelve leads, so the board shows all columns. */
const firstFolders = [1, 2, 3, 4, 5, 100, 11, 12, 13, 14, 15, 101];
/** Later leads: weighted folder choice per pipeline (open-ish folders most). */
const patientFolders = [1, 1, 1, 2, 2, 2, 3, 3, 3, 100, 4, 4, 5, 5];
const contactFolders = [11, 11, 11, 12, 12, 13, 13, 101, 14, 15];

const sources = ['I', 'I', 'I', 'I', 'M', 'M', 'P', 'P', 'R', 'E', 'S'];
const flagCodes = ['VIP', 'URGENT', 'CALLBACK', 'VVG', 'FOREIGN'];
const disqualification = ['PRICE', 'PRICE', 'NOFIT', 'NOREACH', 'COMPETITOR', 'DUPLICATE', 'OTHER'];
/** As the reference data names them (migration 0008): the S entry of a disqualification quotes the label. */
const disqualificationLabels: Record<string, string> = {
  PRICE: 'Zu teuer',
  NOFIT: 'Passt nicht zur Praxis',
  NOREACH: 'Nicht erreichbar',
  COMPETITOR: 'Anderer Anbieter gewählt',
  DUPLICATE: 'Doppelt erfasst',
  OTHER: 'Anderer Grund',
};
const patientConcerns = [
  'Check-up',
  'Knieschmerzen',
  'Rückenschmerzen',
  'Hautberatung',
  'Muttermal-Kontrolle',
  'Vorsorgeuntersuchung',
  'Zweitmeinung',
  'Allergieabklärung',
  'Sportmedizinische Untersuchung',
  'Ernährungsberatung',
];
const contactConcerns = [
  'Kooperation Physiotherapie',
  'Firmen-Gesundheitstag',
  'Zuweiserpartnerschaft',
  'Anfrage Versicherung',
  'Medienanfrage',
];
const nextSteps = ['Rückruf', 'Offerte senden', 'Beratungstermin', 'Kostengutsprache abwarten', ''];
const jobs = [
  'Lehrerin',
  'Informatiker',
  'Pflegefachfrau',
  'Schreiner',
  'Kauffrau',
  'Landwirt',
  'Student',
  'Rentnerin',
];
const noteTexts = [
  'Rückruf vereinbart, erreicht am Nachmittag.',
  'Unterlagen per Mail geschickt.',
  'Fragt nach Kosten und Kostengutsprache der Krankenkasse.',
  'Möchte einen Termin bei Dr. Brunner.',
  'Hat sich über die Website gemeldet, bittet um Rückruf.',
  'Telefonisch nicht erreicht, Combox besprochen.',
  'Interessiert, möchte es sich noch überlegen.',
  'Wünscht Beratung auf Französisch.',
  'Zuweisung vom Hausarzt erhalten.',
  'Termin für Erstgespräch angeboten.',
];
const taskTexts = [
  'Zurückrufen',
  'Offerte erstellen und senden',
  'Unterlagen nachfragen',
  'Termin bestätigen',
  'Kostengutsprache bei Krankenkasse anfragen',
  'Nachfassen nach Beratung',
  'Arztbericht anfordern',
];
const categories = ['CALL', 'CALL', 'MAIL', 'MEETING', 'INFO', ''];
const deleteReasons = ['Doppelt erfasst', 'Testeintrag', 'Löschung auf Wunsch (Datenschutz)', 'Spam-Anfrage'];
const admissionSettings = ['Zimmer 1', 'Zimmer 2', 'Tagesklinik', 'Ambulant'];
const abroad = [
  { zip: '78462', city: 'Konstanz', country: 'Deutschland', code: 'DE' },
  { zip: '6900', city: 'Bregenz', country: 'Österreich', code: 'AT' },
  { zip: '22100', city: 'Como', country: 'Italien', code: 'IT' },
  { zip: '74000', city: 'Annecy', country: 'Frankreich', code: 'FR' },
];

const pad = (n: number) => String(n).padStart(2, '0');

export function seedSales(ctx: SeedContext): void {
  const { db, rng, sizes, today } = ctx;
  const nowText = zurichDateTime(ctx.now);
  const clamp = (dt: string) => (dt > nowText ? nowText : dt);
  const at = (date: string, hour: number, minute: number) => `${date} ${pad(hour)}:${pad(minute)}:00`;
  const someTime = (date: string) => clamp(at(date, rng.int(7, 18), rng.int(0, 59)));
  /** A date-time between `from` (date-time) and now. */
  const between = (from: string) => {
    const start = from.slice(0, 10);
    const days = Math.max(0, Math.round((Date.parse(today) - Date.parse(start)) / 86400000));
    const date = addDays(start, rng.int(0, days));
    const dt = someTime(date);
    return dt < from ? from : dt;
  };

  const folder = db.prepare(
    'INSERT INTO lead_folders (folder_id, label, ispatient, custom, sort) VALUES (?, ?, ?, 1, 35)',
  );
  for (const f of CUSTOM_FOLDERS) folder.run(f.folderId, f.label, f.ispatient);

  const insertLead =
    db.prepare(`INSERT INTO leads (lead_id, uniqid, ispatient, folder_id, source, assignee_id, flags,
    what, title, salutation, firstname, lastname, gender, dob, civil_status, nationality, street, zip, city, country,
    country_code, mail, phone, mobile, blood_type, height, weight, job, hx_data, kvg, kvg_police_nr, vvg, payer_type,
    commercial, revenue, costs, next_step, created, created_by, last_activity, admission_date, patid, conversion_date,
    deleted, deleted_by, deleted_time, reason_deleted, reason_disqualified, search)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
      ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertWatcher = db.prepare(
    'INSERT OR IGNORE INTO lead_watchers (lead_id, user_id, unread, joined) VALUES (?, ?, ?, ?)',
  );
  const insertHistory =
    db.prepare(`INSERT INTO lead_history (lead_id, type, category, text, is_task, reminder_date,
    assigned_to, priority, completed, completed_time, completed_by, created_by, created, lead_ispatient)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertAdmission =
    db.prepare(`INSERT INTO lead_admissions (lead_id, date, until, comment, settings, created,
    created_by) VALUES (?, ?, ?, ?, ?, ?, ?)`);

  const note = (
    leadId: number,
    isp: number,
    type: string,
    text: string,
    by: number,
    created: string,
    category = '',
  ) => insertHistory.run(leadId, type, category, text, 0, null, null, null, 0, null, null, by, created, isp);

  const userNames: Record<number, string> = { 1: 'Petra Sommer', 6: 'Nina Weber', 7: 'Luca Meier' };
  const livePatients: number[] = [];
  for (let p = 1; p <= sizes.patients; p++) if (p % 40 !== 0) livePatients.push(p);

  const leadCreated: string[] = [];
  const leadPatient: number[] = [];
  let demoTaskKind = 0;

  for (let i = 1; i <= sizes.leads; i++) {
    const folderId =
      i <= firstFolders.length
        ? firstFolders[i - 1]
        : rng.pick(i % 4 === 0 ? contactFolders : patientFolders);
    const isp = folderId < 10 || folderId === 100 ? 1 : 0;
    const deleted = i % 37 === 0;
    const r = rng.next();
    const assignee = r < 0.45 ? DEMO_USER : r < 0.65 ? 6 : r < 0.85 ? 7 : null;
    const female = rng.chance(0.55);
    const firstname = rng.pick(female ? femaleFirst : maleFirst);
    const lastname = rng.chance(0.05) ? rng.pick(doubleNames) : rng.pick(lastNames);
    const created = someTime(addDays(today, -rng.int(0, 120)));
    const local = rng.chance(0.88);
    const place = rng.pick(places);
    const foreign = rng.pick(abroad);
    const mail = rng.chance(0.8) ? mailFor(firstname, lastname, 0, rng.pick(mailDomains)) : '';
    const mobile = rng.chance(0.7) || mail === '' ? mobileFor(5000 + i) : '';
    const phone = rng.chance(0.25)
      ? `+41 44 ${rng.int(200, 499)} ${pad(rng.int(10, 99))} ${pad(rng.int(10, 99))}`
      : '';
    const flags = flagCodes.filter(() => rng.chance(0.12));
    const inPlay = [3, 4, 13, 14, 100, 101].includes(folderId);
    const commercial: Record<string, unknown> = {};
    if (inPlay || rng.chance(0.3)) {
      commercial.revenue = rng.int(5, 120) * 100;
      commercial.costs = rng.int(1, 20) * 50;
      commercial.nextStep = rng.pick(nextSteps);
    }
    if (rng.chance(0.4)) commercial.newsletter = rng.chance(0.5);
    const hx: Record<string, string | boolean> = {};
    if (isp === 1 && rng.chance(0.4)) {
      hx.Allergies = rng.pick(['keine', 'Pollen', 'Penicillin', 'Nüsse']);
      hx.Smoker = rng.chance(0.2);
    }
    const disqualified = folderId === 5 || folderId === 15 ? rng.pick(disqualification) : '';
    const converted = (folderId === 4 || folderId === 14) && livePatients.length > 0 && rng.chance(0.7);
    const patid = converted ? rng.pick(livePatients) : null;
    const conversionDate = converted ? between(created).slice(0, 10) : null;
    let admissionDate: string | null = null;
    const admissions: { date: string; until: string | null }[] = [];
    if (isp === 1 && [3, 4, 100].includes(folderId) && rng.chance(0.45)) {
      const date = addDays(today, rng.int(-30, 45));
      admissions.push({ date, until: rng.chance(0.6) ? addDays(date, rng.int(0, 5)) : null });
      admissionDate = date;
    }
    const deletedTime = deleted ? between(created) : null;
    const comm = { mail, mail2: '', phone, phone2: '', mobile, mobile2: '' };

    insertLead.run(
      i,
      `${(0x5f000000 + i * 7919).toString(16)}${rng.int(0, 0xffffff).toString(16).padStart(6, '0')}`,
      isp,
      folderId,
      rng.pick(sources),
      assignee,
      JSON.stringify(flags),
      rng.pick(isp === 1 ? patientConcerns : contactConcerns),
      rng.chance(0.04) ? 'Dr.' : '',
      female ? 'Frau' : 'Herr',
      firstname,
      lastname,
      female ? 'f' : 'm',
      isp === 1 && rng.chance(0.8) ? addDays(today, -rng.int(18 * 365, 85 * 365)) : null,
      rng.pick(['', '', 'ledig', 'verheiratet', 'geschieden']),
      rng.chance(0.8) ? 'CH' : rng.pick(['DE', 'IT', 'FR', 'PT']),
      local ? `${rng.pick(streets)} ${rng.int(1, 120)}` : `Hauptstrasse ${rng.int(1, 60)}`,
      local ? place.zip : foreign.zip,
      local ? place.city : foreign.city,
      local ? 'Schweiz' : foreign.country,
      local ? 'CH' : foreign.code,
      mail,
      phone,
      mobile,
      isp === 1 && rng.chance(0.2) ? rng.pick(['A+', '0+', 'B-', 'AB+']) : '',
      isp === 1 && rng.chance(0.3) ? rng.int(150, 195) : null,
      isp === 1 && rng.chance(0.3) ? rng.int(48, 110) : null,
      isp === 1 && rng.chance(0.5) ? rng.pick(jobs) : '',
      JSON.stringify(hx),
      isp === 1 && rng.chance(0.7) ? rng.pick(insurers) : '',
      isp === 1 && rng.chance(0.5) ? String(rng.int(10000000, 99999999)) : '',
      isp === 1 && rng.chance(0.3) ? rng.pick(insurers) : '',
      isp === 1 ? rng.pick(['', 'TG', 'TP']) : '',
      JSON.stringify(commercial),
      typeof commercial.revenue === 'number' ? commercial.revenue : 0,
      typeof commercial.costs === 'number' ? commercial.costs : 0,
      typeof commercial.nextStep === 'string' ? commercial.nextStep : '',
      created,
      DEMO_USER,
      created,
      admissionDate,
      patid,
      conversionDate,
      deleted ? 1 : 0,
      deleted ? rng.pick([DEMO_USER, 6]) : null,
      deletedTime,
      deleted ? rng.pick(deleteReasons) : '',
      disqualified,
      searchText({ firstname, lastname, alias: '', ...comm }),
    );
    leadCreated.push(created);
    leadPatient.push(isp);
    for (const a of admissions) {
      insertAdmission.run(
        i,
        a.date,
        a.until,
        rng.pick(['', 'Erstaufnahme', 'Nachkontrolle']),
        rng.pick(admissionSettings),
        created,
        DEMO_USER,
      );
    }

    // Watchers: the assignee, sometimes a colleague; some have unread notes.
    const watchers = new Set<number>();
    if (assignee !== null) watchers.add(assignee);
    if (rng.chance(0.3)) watchers.add(rng.pick(SALES_USERS));
    for (const w of watchers) {
      insertWatcher.run(i, w, rng.chance(0.3) ? 1 : 0, created);
      note(i, isp, 'J', `Watcher joined: ${userNames[w]}`, DEMO_USER, created);
    }
    if (assignee !== null && rng.chance(0.5)) {
      note(i, isp, 'A', `Assignee: - → ${userNames[assignee]}`, DEMO_USER, created);
    }

    // The folder path: one S entry from the pipeline's first folder to the current one.
    const start = isp === 1 ? 1 : 11;
    if (folderId !== start) {
      const reason = disqualified ? ` (${disqualified}: ${disqualificationLabels[disqualified]})` : '';
      const patient = patid !== null ? ` (patient ${patid})` : '';
      note(
        i,
        isp,
        'S',
        `Folder: ${folderLabels[start]} → ${folderLabels[folderId]}${reason}${patient}`,
        assignee ?? DEMO_USER,
        between(created),
      );
    }
    if (typeof commercial.revenue === 'number' && [3, 13].includes(folderId)) {
      note(
        i,
        isp,
        'OFF',
        `Offerte CHF ${commercial.revenue}.–`,
        assignee ?? DEMO_USER,
        between(created),
        'OFFER',
      );
    }
    for (let n = rng.int(0, 3); n > 0; n--) {
      note(
        i,
        isp,
        '',
        rng.pick(noteTexts),
        assignee ?? rng.pick(SALES_USERS),
        between(created),
        rng.pick(categories),
      );
    }

    // Tasks: user 1 gets overdue, due-today, later and completed ones in turn; and random ones for anyone.
    const tasks: { owner: number; kind: number }[] = [];
    if (assignee === DEMO_USER && !deleted && demoTaskKind < 32)
      tasks.push({ owner: DEMO_USER, kind: demoTaskKind++ % 4 });
    for (let t = deleted ? rng.int(0, 1) : rng.int(0, 2); t > 0; t--) {
      tasks.push({ owner: assignee ?? rng.pick(SALES_USERS), kind: rng.int(0, 3) });
    }
    for (const { owner, kind } of tasks) {
      const taskCreated = between(created);
      let reminder: string | null;
      let doneTime: string | null = null;
      if (kind === 0) reminder = at(addDays(today, -rng.int(1, 10)), rng.int(8, 17), 0);
      else if (kind === 1) reminder = at(today, rng.int(8, 17), rng.pick([0, 15, 30, 45]));
      else if (kind === 2) reminder = at(addDays(today, rng.int(1, 21)), rng.int(8, 17), 0);
      else {
        // Completed: the reminder was removed on completion.
        reminder = null;
        doneTime = between(taskCreated);
      }
      insertHistory.run(
        i,
        '',
        rng.pick(categories),
        rng.pick(taskTexts),
        1,
        reminder,
        owner,
        rng.int(0, 3),
        doneTime ? 1 : 0,
        doneTime,
        doneTime ? owner : null,
        assignee ?? DEMO_USER,
        reminder !== null && reminder < taskCreated && reminder >= created ? reminder : taskCreated,
        isp,
      );
      if (!watchers.has(owner)) {
        watchers.add(owner);
        insertWatcher.run(i, owner, 0, taskCreated);
        note(i, isp, 'J', `Watcher joined: ${userNames[owner]}`, DEMO_USER, taskCreated);
      }
    }
  }

  // Extra history for benchmarks: notes mostly, some folder/assignee entries and tasks (mostly completed).
  const n = sizes.leads;
  for (let k = 0; k < sizes.extraLeadHistory && n > 0; k++) {
    const leadId = rng.int(1, n);
    const isp = leadPatient[leadId - 1];
    const created = between(leadCreated[leadId - 1]);
    const by = rng.pick(SALES_USERS);
    const r = rng.next();
    if (r < 0.6) note(leadId, isp, '', rng.pick(noteTexts), by, created, rng.pick(categories));
    else if (r < 0.72) note(leadId, isp, 'S', 'Folder: Open → To be contacted', by, created);
    else if (r < 0.8) note(leadId, isp, 'A', `Assignee: - → ${userNames[by]}`, by, created);
    else {
      const open = r > 0.96;
      insertHistory.run(
        leadId,
        '',
        rng.pick(categories),
        rng.pick(taskTexts),
        1,
        open ? at(addDays(today, rng.int(-5, 30)), rng.int(8, 17), 0) : null,
        by,
        rng.int(0, 3),
        open ? 0 : 1,
        open ? null : created,
        open ? null : by,
        by,
        created,
        isp,
      );
    }
  }

  // The denormalised numbers of the board, once for all leads.
  db.exec(`
    UPDATE lead_history SET lead_deleted = 1 WHERE lead_id IN (SELECT lead_id FROM leads WHERE deleted = 1);
    UPDATE leads SET
      open_tasks = (SELECT count(*) FROM lead_history h
                    WHERE h.lead_id = leads.lead_id AND h.is_task = 1 AND h.completed = 0 AND h.deleted = 0),
      next_reminder = (SELECT min(h.reminder_date) FROM lead_history h
                    WHERE h.lead_id = leads.lead_id AND h.is_task = 1 AND h.completed = 0 AND h.deleted = 0),
      last_activity = max(created, coalesce((SELECT max(h.created) FROM lead_history h
                    WHERE h.lead_id = leads.lead_id AND h.type IN ('', 'S', 'A', 'OFF')), created));
  `);
}
