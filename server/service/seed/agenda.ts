import { addDays, fromZurich, unixSeconds, zurichDateTime } from '../../time.ts';
import { isPublicHoliday } from '../holidays.ts';
import type { SeedContext } from './index.ts';

/** Working hours per provider (userid) and ISO weekday: blocks [from, to) as `HH:MM`. */
const morning = ['08:00', '12:00'] as const;
const afternoon = ['13:30', '17:30'] as const;
export const WORKING_HOURS: Record<number, Record<number, (readonly [string, string])[]>> = {
  // Dr. Brunner: free Wednesday afternoon.
  2: {
    1: [morning, afternoon],
    2: [morning, afternoon],
    3: [morning],
    4: [morning, afternoon],
    5: [morning, afternoon],
  },
  // Dr. Favre: free Friday afternoon.
  3: {
    1: [morning, afternoon],
    2: [morning, afternoon],
    3: [morning, afternoon],
    4: [morning, afternoon],
    5: [morning],
  },
  // Dr. Rossi: later start, shorter lunch, free Wednesday afternoon.
  4: {
    1: [
      ['08:30', '12:00'],
      ['13:00', '17:00'],
    ],
    2: [
      ['08:30', '12:00'],
      ['13:00', '17:00'],
    ],
    3: [['08:30', '12:00']],
    4: [
      ['08:30', '12:00'],
      ['13:00', '17:00'],
    ],
    5: [
      ['08:30', '12:00'],
      ['13:00', '17:00'],
    ],
  },
  // Dr. Keller (inactive): hours kept, but getSlots offers no inactive practitioner.
  5: { 1: [morning, afternoon], 2: [morning, afternoon], 4: [morning, afternoon] },
};

/** Appointment types (colour of the appointment) and their usual length in minutes. */
const TYPES = [
  { id: 1, name: 'Erstkonsultation', color: '#e64980', minutes: 30 },
  { id: 2, name: 'Kontrolle', color: '#15aabf', minutes: 15 },
  { id: 3, name: 'Hautcheck', color: '#fab005', minutes: 20 },
  { id: 4, name: 'Vorsorgeuntersuchung', color: '#82c91e', minutes: 45 },
  { id: 5, name: 'Impfung', color: '#7950f2', minutes: 10 },
  { id: 6, name: 'Besprechung Befunde', color: '#fd7e14', minutes: 20 },
] as const;

/** Which types each calendar (1-4) mostly books. */
const CALENDAR_TYPES: Record<number, number[]> = {
  1: [1, 2, 2, 2, 5, 6],
  2: [1, 2, 3, 3, 3, 6],
  3: [1, 2, 4, 4, 6],
  4: [1, 2, 2, 6],
};

const TEXT_VARIANTS: Record<number, string[]> = {
  1: ['Erstkonsultation', 'Erstkonsultation Rückenschmerzen', 'Erstkonsultation Überweisung'],
  2: ['Kontrolle', 'Nachkontrolle Blutdruck', 'Kontrolle Wundheilung', 'Kontrolle nach Therapie'],
  3: ['Hautcheck', 'Hautcheck Muttermale', 'Kontrolle Ekzem'],
  4: ['Vorsorgeuntersuchung', 'Jahreskontrolle'],
  5: ['Impfung', 'Grippeimpfung', 'Auffrischimpfung Tetanus'],
  6: ['Besprechung Laborbefund', 'Besprechung Befunde'],
};

const NO_PATIENT_TEXTS = ['Teamsitzung', 'Telefonsprechstunde', 'Administration', 'Qualitätszirkel'];
const COMMENTS = [
  'Bitte nüchtern erscheinen',
  'Dolmetscher Italienisch',
  'Überweisung Hausarzt',
  'Rückruf erbeten',
  'Erinnerung per SMS',
];
const PAST_STATES = ['1', '1', '2', '2', '2', '-1', '-2', 'P', 'W', ''];
const FUTURE_STATES = ['P', 'P', 'W', '', '', '1'];
/** What has happened: arrived, waiting, done, no-show. Never on an appointment that has not begun. */
const HAPPENED = new Set(['1', 'W', '2', '-2']);

/**
 * The state an appointment starting at `start` (unix seconds) can have at `now`: one that has not begun yet has
 * none of arrived, waiting, done or no-show (today's later appointments showed "Wartet" at 09:40). It stays
 * planned; cancelled ahead (-1) and provisional (PR) stay as drawn.
 */
export function stateAt(state: string, start: number, now: Date): string {
  return start * 1000 > now.getTime() && HAPPENED.has(state) ? 'P' : state;
}

function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

function hhmm(min: number): string {
  return `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
}

function isoWeekday(day: string): number {
  const d = new Date(`${day}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function seedAppointments(ctx: SeedContext): void {
  const { db, rng, today } = ctx;
  const type = db.prepare('INSERT INTO appointment_types (id, name, color) VALUES (?, ?, ?)');
  for (const t of TYPES) type.run(t.id, t.name, t.color);

  const insert = db.prepare(
    `INSERT INTO appointments (calendarid, start_ts, end_ts, date_local, end_local, patid, text, comment,
       displayedduration, state, type_id, deleted, created, modified)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const created = zurichDateTime(ctx.now);
  const add = (calendarid: number, day: string, startMin: number, minutes: number, future: boolean) => {
    const start = unixSeconds(fromZurich(`${day} ${hhmm(startMin)}`));
    const end = start + minutes * 60;
    const withPatient = rng.chance(0.88);
    const typeId = withPatient ? rng.pick(CALENDAR_TYPES[calendarid]) : null;
    const text = typeId ? rng.pick(TEXT_VARIANTS[typeId]) : rng.pick(NO_PATIENT_TEXTS);
    const roll = rng.next();
    // A few provisional (PR) and deleted ones: they block slots (PR) but are never listed.
    const state = stateAt(
      roll < 0.05 ? 'PR' : rng.pick(future ? FUTURE_STATES : PAST_STATES),
      start,
      ctx.now,
    );
    const deleted = roll >= 0.05 && roll < 0.09 ? 1 : 0;
    insert.run(
      calendarid,
      start,
      end,
      zurichDateTime(new Date(start * 1000)),
      zurichDateTime(new Date(end * 1000)),
      withPatient ? rng.int(1, ctx.sizes.patients) : 0,
      text,
      rng.chance(0.2) ? rng.pick(COMMENTS) : '',
      rng.chance(0.1) ? '' : String(minutes),
      state,
      // Some appointments have no type: they show the calendar's colour.
      typeId !== null && rng.chance(0.85) ? typeId : null,
      deleted,
      created,
      created,
    );
  };

  // Four weeks back for the demo; larger seeds (benchmarks) get up to two years of history.
  const daysBack = Math.min(730, Math.max(28, Math.round((28 * ctx.sizes.patients) / 200)));
  for (let offset = -daysBack; offset <= 28; offset++) {
    const day = addDays(today, offset);
    const future = offset >= 0;
    // The practice is closed on its canton's public holidays (Christmas, Easter Monday, 1 August ...).
    if (isPublicHoliday(ctx.tenant.canton, day)) continue;
    for (const calendarid of [1, 2, 3, 4]) {
      const provider = calendarid + 1;
      // Dr. Keller is inactive: his calendar has only past appointments.
      if (provider === 5 && future) continue;
      // Fuller in the past than ahead, so the next days keep free slots.
      const fill = future ? 0.25 + 0.35 * Math.min(1, 7 / (offset + 7)) : 0.65;
      for (const [from, to] of WORKING_HOURS[provider][isoWeekday(day)] ?? []) {
        let t = minutesOf(from);
        const blockEnd = minutesOf(to);
        while (t < blockEnd) {
          const minutes = rng.pick([15, 15, 20, 30, 30, 45]);
          if (t + minutes > blockEnd) break;
          if (rng.chance(fill)) add(calendarid, day, t, minutes, future);
          t += minutes + (rng.chance(0.15) ? 5 : 0);
        }
      }
    }
    // Calendar 5 (Labor / MPA, no practitioner): morning blood draws on weekdays.
    if (isoWeekday(day) <= 5) {
      for (let t = minutesOf('07:30'); t < minutesOf('09:00'); t += 10) {
        if (!rng.chance(0.4)) continue;
        const start = unixSeconds(fromZurich(`${day} ${hhmm(t)}`));
        insert.run(
          5,
          start,
          start + 600,
          zurichDateTime(new Date(start * 1000)),
          zurichDateTime(new Date((start + 600) * 1000)),
          rng.int(1, ctx.sizes.patients),
          'Blutentnahme',
          rng.chance(0.3) ? 'Bitte nüchtern erscheinen' : '',
          '10',
          future ? 'P' : '2',
          null,
          0,
          created,
          created,
        );
      }
    }
  }
  // Who is here (arrived 1, waiting W) today or was on a past day came a few minutes before the start, never after
  // the seeding: Today shows "for N min" on the demo (stateChanged, docs/api.md#additions). Draws nothing from rng, so the
  // rest of the demo stays as it was.
  db.prepare(
    `UPDATE appointments SET state_changed = min(datetime(date_local, '-4 minutes'), ?)
     WHERE state IN ('1', 'W') AND substr(date_local, 1, 10) <= ?`,
  ).run(created, today);
}

function seedBooking(ctx: SeedContext): void {
  const { db } = ctx;
  const hours = db.prepare(
    'INSERT INTO working_hours (provider, weekday, start_min, end_min) VALUES (?, ?, ?, ?)',
  );
  for (const [provider, days] of Object.entries(WORKING_HOURS)) {
    for (const [weekday, blocks] of Object.entries(days)) {
      for (const [from, to] of blocks)
        hours.run(Number(provider), Number(weekday), minutesOf(from), minutesOf(to));
    }
  }
  // Location 1 = Hauptpraxis, 2 = Dermatologie im 1. Stock.
  const services: [number, string, number, number, number[]][] = [
    [1, 'Erstkonsultation', 30, 1, [2, 3, 4]],
    [2, 'Kontrolle', 15, 1, [2, 3, 4]],
    [3, 'Hautcheck', 20, 2, [3]],
    [4, 'Vorsorgeuntersuchung', 45, 1, [4]],
    [5, 'Impfung', 10, 1, [2]],
    // Keller left the practice: the service stays, with no bookable practitioner.
    [6, 'Sportmedizinische Abklärung', 40, 1, [5]],
  ];
  const service = db.prepare(
    'INSERT INTO booking_services (serviceid, name, duration, location) VALUES (?, ?, ?, ?)',
  );
  const offers = db.prepare('INSERT INTO booking_service_providers (serviceid, provider) VALUES (?, ?)');
  for (const [id, name, duration, location, providers] of services) {
    service.run(id, name, duration, location);
    for (const p of providers) offers.run(id, p);
  }
}

const RECALL_TITLES: { title: string; text: string }[] = [
  {
    title: 'Jahreskontrolle',
    text: 'Ihre jährliche Kontrolle ist fällig. Bitte vereinbaren Sie einen Termin.',
  },
  { title: 'Hautcheck', text: 'Zeit für Ihren Hautcheck. Rufen Sie uns an oder buchen Sie online.' },
  { title: 'Grippeimpfung', text: 'Die Grippeimpfung ist ab sofort verfügbar.' },
  { title: 'Blutdruckkontrolle', text: 'Bitte kommen Sie zur Blutdruckkontrolle vorbei.' },
  { title: 'Vorsorgeuntersuchung', text: 'Ihre Vorsorgeuntersuchung steht an.' },
  { title: 'Laborkontrolle', text: 'Bitte vereinbaren Sie einen Termin für die Laborkontrolle (nüchtern).' },
];

/** Per type: what is missing, and a delivery that failed although there was somewhere to deliver to. */
const ERRORS: Record<'brief' | 'sms' | 'mail', [missing: string, failed: string]> = {
  sms: ['Keine Mobilnummer hinterlegt', 'SMS-Gateway: Empfängernummer ungültig'],
  mail: ['Keine Mailadresse hinterlegt', 'Zustellung fehlgeschlagen: 550 Mailbox unavailable'],
  brief: ['Adresse unvollständig', 'Druckauftrag abgebrochen'],
};

export interface RecallPatientData {
  mobile: string;
  mail: string;
  street: string;
  zip: string;
}

/**
 * The error of a failed recall as it would have happened to this patient: "no mobile / mail / address" exactly when
 * the patient has none, otherwise the delivery failed. (The seed drew one of the two at random before, and showed
 * "Keine Mailadresse hinterlegt" beside a mail address.)
 */
export function consistentError(type: 'brief' | 'sms' | 'mail', patient: RecallPatientData): string {
  const [missingText, failedText] = ERRORS[type];
  const missing =
    type === 'sms'
      ? patient.mobile.trim() === ''
      : type === 'mail'
        ? patient.mail.trim() === ''
        : patient.street.trim() === '' || patient.zip.trim() === '';
  return missing ? missingText : failedText;
}

function seedRecalls(ctx: SeedContext): void {
  const { db, rng, today } = ctx;
  const insert = db.prepare(
    `INSERT INTO recalls (active, title, recall_date, recall_text, recall_type, recurring, recurring_frequency, patid,
       internal_comment, status, error_msg, preset, mandant1, mandant2, mandant3, created, modified)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const created = zurichDateTime(ctx.now);
  const types = ['brief', 'sms', 'mail'] as const;
  const practitioners = [2, 3, 4, 5];

  // Templates (preset 1): no patient, pending, sorted by title when listed.
  const templates: [string, string, (typeof types)[number], string][] = [
    ['Vorlage Jahreskontrolle', RECALL_TITLES[0].text, 'brief', '1y'],
    ['Vorlage Hautcheck', RECALL_TITLES[1].text, 'sms', '1y'],
    ['Vorlage Grippeimpfung', RECALL_TITLES[2].text, 'mail', '1y'],
    ['Vorlage Blutdruckkontrolle', RECALL_TITLES[3].text, 'sms', '6m'],
  ];
  for (const [title, text, type, frequency] of templates) {
    insert.run(
      1,
      title,
      `${today} 08:00:00`,
      text,
      type,
      1,
      frequency,
      0,
      '',
      'pending',
      '',
      1,
      rng.pick(practitioners),
      0,
      0,
      created,
      created,
    );
  }

  const patients = ctx.sizes.patients;
  const readPatient = db.prepare('SELECT mobile, mail, street, zip FROM patients WHERE patid = ?');
  const patientData = (patid: number): RecallPatientData => {
    const row = readPatient.get(patid) as Partial<Record<keyof RecallPatientData, string | null>> | undefined;
    return {
      mobile: row?.mobile ?? '',
      mail: row?.mail ?? '',
      street: row?.street ?? '',
      zip: row?.zip ?? '',
    };
  };
  const failure = (type: (typeof types)[number], patid: number) => {
    // The draw of before is kept, so the rest of the demo stays as it was; the patient's data decide the error.
    rng.pick(ERRORS[type]);
    return consistentError(type, patientData(patid));
  };
  for (let i = 0; i < 72; i++) {
    // The first nine cover every type with every status; the rest vary freely.
    const type = i < 9 ? types[i % 3] : rng.pick(types);
    const offset = rng.int(-90, 150);
    const past = offset < 0;
    let status: 'sent' | 'pending' | 'error';
    if (i < 9) status = (['sent', 'pending', 'error'] as const)[Math.floor(i / 3)];
    else if (past) status = rng.chance(0.8) ? 'sent' : 'error';
    else status = rng.chance(0.93) ? 'pending' : 'error';
    const day = addDays(
      today,
      i < 9 && status === 'pending' ? Math.abs(offset) + 1 : i < 9 ? -Math.abs(offset) - 1 : offset,
    );
    const time = `${String(rng.int(8, 10)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}:00`;
    const recurring = rng.chance(0.35) ? 1 : 0;
    let patid = rng.int(1, patients);
    if (patid % 40 === 0) patid = Math.max(1, patid - 1); // every 40th patient is deleted
    const base = rng.pick(RECALL_TITLES);
    const first = rng.pick(practitioners);
    const second = rng.chance(0.4) ? rng.pick(practitioners.filter((p) => p !== first)) : 0;
    const third =
      second && rng.chance(0.3) ? rng.pick(practitioners.filter((p) => p !== first && p !== second)) : 0;
    insert.run(
      rng.chance(0.9) ? 1 : 0,
      base.title,
      `${day} ${time}`,
      base.text,
      type,
      recurring,
      recurring ? rng.pick(['3m', '6m', '6m', '1y', '1y', '2y']) : '',
      patid,
      rng.chance(0.25)
        ? rng.pick([
            'Patient wünscht Anruf statt Brief',
            'Nach Therapieende erneut prüfen',
            'Angehörige informiert',
          ])
        : '',
      status,
      status === 'error' ? failure(type, patid) : '',
      0,
      first,
      second,
      third,
      created,
      created,
    );
  }
}

/** Appointments (past and next four weeks), working hours, booking services and recalls. */
export function seedAgenda(ctx: SeedContext): void {
  seedAppointments(ctx);
  seedBooking(ctx);
  seedRecalls(ctx);
}
