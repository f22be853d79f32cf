import { createHash } from 'node:crypto';
import { addDays, fromZurich } from '../../time.ts';
import { makePdf } from '../hx/pdf.ts';
import { buildHl7, type Hl7Result } from '../labor/hl7.ts';
import { storeLaborFile } from '../labor/store.ts';
import type { SeedContext } from './index.ts';

/**
 * Patient history (with small PDF attachments and a few deleted entries), labor receipts (HL7 with and without
 * their PDF, and an unpaired PDF), billing cases with accounting service lines (all laws, wip and printed,
 * services, drugs, material and never-listed diagnosis lines) and transactions (Z and other codes; booking and
 * entry date differ for some). Deterministic; dates relative to ctx.today.
 */

interface PatientRow {
  patid: number;
  lastname: string;
  firstname: string;
  dob: string | null;
  deleted: number;
}

interface ProviderRow {
  userid: number;
  name: string;
}

const dd = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const round2 = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------------------------------------------------------
// Patient history

const complaints = [
  'Halsschmerzen und Fieber seit 3 Tagen',
  'Rückenschmerzen lumbal nach Gartenarbeit',
  'Kontrolle Blutdruck, keine Beschwerden',
  'Husten seit zwei Wochen, nachts betont',
  'Kopfschmerzen frontal, Druckgefühl',
  'Müdigkeit und Leistungsknick',
  'Juckender Hautausschlag an beiden Unterarmen',
  'Sodbrennen nach den Mahlzeiten',
  'Schwindel beim Aufstehen',
  'Knieschmerzen rechts nach Sturz beim Skifahren',
];
const findings = [
  'Rachen gerötet, Tonsillen ohne Beläge',
  'Druckdolenz paravertebral L4/L5, Lasègue negativ',
  'BD 142/88 mmHg, Puls 72/min regelmässig',
  'Lunge frei, vesikuläres Atemgeräusch',
  'Neurostatus unauffällig',
  'Haut: erythematöse Papeln, keine Bläschen',
  'Abdomen weich, epigastrische Druckdolenz',
  'Knie rechts: leichter Erguss, Bandapparat stabil',
];
const plans = [
  'symptomatische Therapie, Kontrolle bei Bedarf',
  'Physiotherapie verordnet, Wiedervorstellung in 3 Wochen',
  'Labor angeordnet, Besprechung der Resultate telefonisch',
  'Überweisung an Fachärztin, Bericht folgt',
  'Medikation angepasst, Kontrolle in 6 Wochen',
];
const consultTeasers = ['Konsultation 15 Min.', 'Kontrolle', 'Erstkonsultation', 'Notfallkonsultation'];
const diagnoses = [
  'J06.9 Akute Infektion der oberen Atemwege',
  'I10 Essentielle Hypertonie',
  'E11.9 Diabetes mellitus Typ 2 ohne Komplikationen',
  'M54.5 Kreuzschmerz',
  'J45.9 Asthma bronchiale',
  'K21.0 Gastroösophageale Refluxkrankheit mit Ösophagitis',
  'L20.9 Atopisches Ekzem',
  'S83.6 Verstauchung des Kniegelenks',
];
const prescriptions = [
  'Dafalgan 1 g Tabl., 1-1-1-1 bei Bedarf, 20 Stk.',
  'Ibuprofen 400 mg Tabl., 1-0-1 während 5 Tagen',
  'Amlodipin 5 mg Tabl., 1-0-0, 3 Monate',
  'Metformin 500 mg Tabl., 1-0-1, Dauerrezept',
  'Pantoprazol 40 mg Tabl., 1-0-0 vor dem Frühstück, 4 Wochen',
  'Ventolin Dosieraerosol, 2 Hübe bei Bedarf',
  'Excipial U Lipolotio, 2x täglich auftragen',
];
const reports = [
  'Überweisungsbericht an die Orthopädie',
  'Austrittsbericht Kantonsspital',
  'Röntgenbefund Thorax: kein Infiltrat',
  'Bericht Physiotherapie: gute Fortschritte',
  'Kardiologischer Bericht: Ergometrie unauffällig',
];
const labPanels: { teaser: string; results: Hl7Result[] }[] = [
  {
    teaser: 'Blutbild, CRP',
    results: [
      { name: 'Hämoglobin', value: '138', unit: 'g/l', range: '120-160', flag: '' },
      { name: 'Leukozyten', value: '11.4', unit: 'G/l', range: '3.5-10.0', flag: 'H' },
      { name: 'Thrombozyten', value: '256', unit: 'G/l', range: '150-400', flag: '' },
      { name: 'CRP', value: '24', unit: 'mg/l', range: '<5', flag: 'H' },
    ],
  },
  {
    teaser: 'Glukose, HbA1c',
    results: [
      { name: 'Glukose nüchtern', value: '6.8', unit: 'mmol/l', range: '3.9-5.6', flag: 'H' },
      { name: 'HbA1c', value: '6.9', unit: '%', range: '4.0-6.0', flag: 'H' },
    ],
  },
  {
    teaser: 'Lipide, Kreatinin',
    results: [
      { name: 'Cholesterin total', value: '5.4', unit: 'mmol/l', range: '<5.0', flag: 'H' },
      { name: 'LDL-Cholesterin', value: '3.2', unit: 'mmol/l', range: '<3.0', flag: 'H' },
      { name: 'Kreatinin', value: '78', unit: 'umol/l', range: '45-90', flag: '' },
    ],
  },
  {
    teaser: 'TSH',
    results: [{ name: 'TSH', value: '2.1', unit: 'mU/l', range: '0.4-4.0', flag: '' }],
  },
];

const labText = (results: readonly Hl7Result[]) =>
  results
    .map((r) => `${r.name}: ${r.value} ${r.unit} (Ref. ${r.range})${r.flag ? ` ${r.flag}` : ''}`)
    .join('\n');

type Category = 'Konsultation' | 'Konsultation telefonisch' | 'Labor' | 'Diagnose' | 'Rezept' | 'Bericht';
const categoryCycle: readonly Category[] = ['Konsultation', 'Labor', 'Diagnose', 'Rezept', 'Bericht'];

function seedHistory(ctx: SeedContext, patients: PatientRow[], providers: ProviderRow[]): void {
  const { db, rng } = ctx;
  const entry = db.prepare(
    `INSERT INTO hx_entries (patid, category, text, date, teaser, author, userid, deleted, created)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const attachment = db.prepare(
    `INSERT INTO hx_attachments (historyid, file, md5, size, mime, content) VALUES (?, ?, ?, ?, 'application/pdf', ?)`,
  );

  for (const p of patients) {
    // The first patients always have a full history (every category, attachments, a deleted entry): the demo
    // and the tests start there. About two in three of the others have one.
    const showcase = p.patid <= 5;
    if (!showcase && !rng.chance(0.65)) continue;
    const count = showcase ? 12 : rng.int(1, 9);
    for (let i = 0; i < count; i++) {
      let category: Category = showcase
        ? categoryCycle[i % categoryCycle.length]
        : rng.pick([...categoryCycle, 'Konsultation', 'Konsultation']);
      if (category === 'Konsultation' && rng.chance(0.15)) category = 'Konsultation telefonisch';
      const day = addDays(ctx.today, -rng.int(1, 3 * 365));
      const date = `${day} ${String(rng.int(7, 17)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}:00`;
      const author = rng.pick(providers);
      let text: string;
      let teaser: string;
      let pdfTitle: string | undefined;
      switch (category) {
        case 'Konsultation':
        case 'Konsultation telefonisch':
          text = `${rng.pick(complaints)}. Befund: ${rng.pick(findings)}. Procedere: ${rng.pick(plans)}.`;
          teaser = category === 'Konsultation' ? rng.pick(consultTeasers) : 'Telefonkonsultation';
          break;
        case 'Labor': {
          const panel = rng.pick(labPanels);
          text = labText(panel.results);
          teaser = `Laborbefund ${panel.teaser}`;
          if (showcase ? i % 2 === 1 : rng.chance(0.35)) pdfTitle = `Laborbefund ${panel.teaser}`;
          break;
        }
        case 'Diagnose':
          text = rng.pick(diagnoses);
          teaser = 'ICD-10';
          break;
        case 'Rezept':
          text = rng.pick(prescriptions);
          teaser = rng.chance(0.3) ? 'Dauerrezept' : 'Rezept';
          break;
        default:
          text = rng.pick(reports);
          teaser = 'Bericht';
          if (showcase || rng.chance(0.7)) pdfTitle = text;
      }
      const deleted = showcase ? i === count - 1 : rng.chance(0.05);
      const historyid = Number(
        entry.run(p.patid, category, text, date, teaser, author.name, author.userid, deleted ? 1 : 0, date)
          .lastInsertRowid,
      );
      if (pdfTitle) {
        const pdf = makePdf([
          pdfTitle,
          `Patient: ${p.firstname} ${p.lastname}${p.dob ? `, geb. ${dd(p.dob)}` : ''}`,
          `Datum: ${dd(day)}`,
          ...text.split('\n'),
          author.name,
        ]);
        const md5 = createHash('md5').update(pdf).digest('hex');
        const file = `${category === 'Labor' ? 'Labor' : 'Bericht'}_${p.patid}_${day.replaceAll('-', '')}.pdf`;
        attachment.run(historyid, file, md5, pdf.byteLength, pdf);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Labor receipts, through the same code as laborUpload

function seedLabor(ctx: SeedContext, patients: PatientRow[]): void {
  const withDob = patients.filter((p) => p.dob && p.deleted === 0).slice(0, 4);
  const userid = 1;
  withDob.forEach((p, i) => {
    const day = addDays(ctx.today, -(2 + i * 3));
    const base = `LAB-${day.replaceAll('-', '')}-${String(p.patid).padStart(5, '0')}`;
    const panel = labPanels[i % labPanels.length];
    const hl7 = Buffer.from(
      buildHl7({
        // The third message names the patient only by name and birthday.
        patid: i === 2 ? '' : p.patid,
        lastname: p.lastname,
        firstname: p.firstname,
        dob: p.dob ?? '',
        observed: `${day} 07:45:00`,
        battery: panel.teaser,
        results: panel.results,
        controlId: base,
      }),
    );
    const pdf = makePdf([
      `Laborbefund ${panel.teaser}`,
      `Patient: ${p.firstname} ${p.lastname}, geb. ${dd(p.dob ?? '')}`,
      `Eingang: ${dd(day)}`,
      ...labText(panel.results).split('\n'),
      'Labor Risch',
    ]);
    const now = fromZurich(`${day} 09:00:00`);
    const later = fromZurich(`${day} 09:05:00`);
    if (i === 1) {
      // The PDF first, the HL7 after it: the pairing works in either order.
      storeLaborFile(ctx.db, { filename: `${base}.pdf`, bytes: pdf, userid, now });
      storeLaborFile(ctx.db, { filename: `${base}.hl7`, bytes: hl7, userid, now: later });
    } else {
      storeLaborFile(ctx.db, { filename: `${base}.hl7`, bytes: hl7, userid, now });
      // The last message's report has not arrived yet.
      if (i !== withDob.length - 1) {
        storeLaborFile(ctx.db, { filename: `${base}.pdf`, bytes: pdf, userid, now: later });
      }
    }
  });
  // A report whose HL7 never came: kept, not attached.
  storeLaborFile(ctx.db, {
    filename: 'LAB-unmatched.pdf',
    bytes: makePdf(['Laborbefund ohne Auftrag', 'Patient unbekannt']),
    userid,
    now: fromZurich(`${addDays(ctx.today, -1)} 10:00:00`),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Accounting

type Law = 'KVG' | 'UVG' | 'IVG' | 'MVG' | 'VVG';
const laws: readonly { law: Law; weight: number; name: string; short: string; factor: number }[] = [
  { law: 'KVG', weight: 64, name: 'Krankheit', short: 'KR', factor: 0.89 },
  { law: 'UVG', weight: 12, name: 'Unfall', short: 'UV', factor: 1.0 },
  { law: 'IVG', weight: 5, name: 'Invalidenversicherung', short: 'IV', factor: 1.0 },
  { law: 'MVG', weight: 4, name: 'Militärversicherung', short: 'MV', factor: 1.0 },
  { law: 'VVG', weight: 15, name: 'Zusatzversicherung', short: 'ZV', factor: 1.05 },
];

interface Tariff {
  code: string;
  title: string;
  mt: number;
  tt: number;
}
// Tariff codes in the style of TARDOC (from 2026) and TARMED (until 2025).
const tardoc = {
  first: { code: 'AA.00.0010', title: 'Ärztliche Konsultation, erste 5 Min.', mt: 10.42, tt: 8.19 },
  more: { code: 'AA.00.0020', title: 'Ärztliche Konsultation, jede weitere Min.', mt: 2.08, tt: 1.64 },
  phone: { code: 'AA.05.0010', title: 'Telefonische Konsultation, erste 5 Min.', mt: 9.8, tt: 3.1 },
  file: {
    code: 'AA.15.0020',
    title: 'Aktenstudium in Abwesenheit des Patienten, pro Min.',
    mt: 1.95,
    tt: 0.8,
  },
  report: { code: 'AR.00.0010', title: 'Ärztlicher Bericht, pro Min.', mt: 2.1, tt: 0.9 },
} satisfies Record<string, Tariff>;
const tarmed = {
  first: { code: '00.0010', title: 'Konsultation, erste 5 Min. (Grundkonsultation)', mt: 9.57, tt: 8.19 },
  more: { code: '00.0020', title: '+ Konsultation, jede weiteren 5 Min.', mt: 9.57, tt: 8.19 },
  phone: { code: '00.0110', title: 'Telefonische Konsultation, erste 5 Min.', mt: 9.57, tt: 3.26 },
  file: {
    code: '00.0141',
    title: 'Aktenstudium in Abwesenheit des Patienten, pro 5 Min.',
    mt: 9.57,
    tt: 3.26,
  },
  report: { code: '00.2285', title: 'Schriftliche Auskunft, pro 5 Min.', mt: 9.57, tt: 3.26 },
} satisfies Record<string, Tariff>;
const labs: readonly { code: string; title: string; points: number }[] = [
  { code: '1371.00', title: 'Hämatogramm II (automatisiert)', points: 9.1 },
  { code: '1245.00', title: 'C-reaktives Protein (CRP)', points: 9.4 },
  { code: '1406.00', title: 'Glukose', points: 2.5 },
  { code: '1363.00', title: 'Hämoglobin A1c (HbA1c)', points: 18.5 },
  { code: '1721.00', title: 'Thyreotropin (TSH)', points: 22.0 },
];
const drugs: readonly { code: string; title: string; price: number }[] = [
  { code: '7680536620137', title: 'Dafalgan Tabl 1 g 16 Stk', price: 4.75 },
  { code: '7680563800116', title: 'Ibuprofen Sandoz Filmtabl 400 mg 20 Stk', price: 8.9 },
  { code: '7680583710013', title: 'Amlodipin Mepha Tabl 5 mg 30 Stk', price: 14.35 },
  { code: '7680547170219', title: 'Pantoprazol Spirig HC Tabl 40 mg 15 Stk', price: 19.6 },
  { code: '7680327540034', title: 'Ventolin Dosieraerosol 100 mcg 200 Dos', price: 12.55 },
];
const materials: readonly { code: string; title: string; price: number }[] = [
  { code: '35.01.01.00.1', title: 'Kompressen steril, 10 Stk', price: 3.2 },
  { code: '34.20.01.00.1', title: 'Elastische Binde 8 cm', price: 5.8 },
  { code: '99.12.01.00.1', title: 'Einmalspritze mit Kanüle', price: 1.15 },
  { code: '17.01.02.00.1', title: 'Gehstöcke, Paar (Miete pro Monat)', price: 14.0 },
];
const icd = ['J06.9', 'I10', 'E11.9', 'M54.5', 'J45.9', 'K21.0', 'S83.6', 'L20.9'];
const TARDOC_START = '2026-01-01';

function pickLaw(ctx: SeedContext) {
  let n = ctx.rng.int(1, 100);
  for (const l of laws) {
    n -= l.weight;
    if (n <= 0) return l;
  }
  return laws[0];
}

function seedAccounting(ctx: SeedContext, patients: PatientRow[]): void {
  const { db, rng, today } = ctx;
  const target = ctx.sizes.accountingRows;
  if (target <= 0 || patients.length === 0) return;
  const insertCase = db.prepare(
    'INSERT INTO billing_cases (case_no, patid, invoice_no, case_name, case_short, law) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertLine = db.prepare(
    `INSERT INTO accounting_services (case_no, date, code, title, comment, quantity, session, tariff_type, type,
       unit_mt, unit_tt, unit_factor_mt, unit_factor_tt, vat, vat_rate, amount, status, account_number, is_covered,
       section_code, provider, responsible)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertTx = db.prepare(
    `INSERT INTO accounting_transactions (case_no, code, booking_date, entry_date, comment, account_number, amount)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const casesOf = new Map<number, number>();
  let listed = 0;
  let caseNo = 1000;

  while (listed < target) {
    caseNo++;
    const p = rng.pick(patients);
    const seq = (casesOf.get(p.patid) ?? 0) + 1;
    casesOf.set(p.patid, seq);
    const law = pickLaw(ctx);
    const invoice = `${String(p.patid).padStart(5, '0')}-${String(seq).padStart(3, '0')}`;
    insertCase.run(caseNo, p.patid, invoice, `${law.name} ${today.slice(0, 4)}`, law.short, law.law);

    // Sessions a few days apart, from up to 90 days ago to at most 5 days ahead.
    const days = [addDays(today, -rng.int(0, 90))];
    for (let n = rng.int(1, 4); days.length < n; ) days.push(addDays(days[days.length - 1], rng.int(3, 10)));
    const sessionDays = days.filter((d) => d <= addDays(today, 5));
    const sessions = sessionDays.length;
    const provider = rng.pick([2, 3, 4, 2, 3, 4, 5]);
    const responsible = rng.chance(0.8) ? provider : 2;
    const lastDay = sessionDays[sessions - 1];
    const printed = lastDay <= addDays(today, -7) && rng.chance(0.75);
    const status = printed ? 'printed' : 'wip';
    let total = 0;

    for (let s = 1; s <= sessions && listed < target; s++) {
      const day = sessionDays[s - 1];
      const tariffs = day < TARDOC_START ? tarmed : tardoc;
      const tariffType = day < TARDOC_START ? 'TARMED' : 'TARDOC';
      const comment = rng.chance(0.05) ? rng.pick(['Notfall', 'Hausbesuch', 'Nachtzuschlag']) : '';
      const line = (
        t: Tariff,
        qty: number,
        extra: Partial<{
          type: string;
          tariffType: string;
          vatRate: number;
          account: string;
          covered: boolean;
        }> = {},
      ) => {
        if (listed >= target) return;
        const type = extra.type ?? 'service';
        const fmt = type === 'service' && extra.tariffType === undefined ? law.factor : 1;
        const amount = round2(qty * (t.mt * fmt + t.tt * fmt));
        const vatRate = extra.vatRate ?? 0;
        const vat = round2((amount * vatRate) / (100 + vatRate));
        const covered = extra.covered ?? (law.law === 'VVG' ? rng.chance(0.5) : true);
        insertLine.run(
          caseNo,
          day,
          t.code,
          t.title,
          comment,
          qty,
          s,
          extra.tariffType ?? tariffType,
          type,
          t.mt,
          t.tt,
          fmt,
          fmt,
          vat,
          vatRate,
          amount,
          status,
          extra.account ?? '3200',
          covered ? 1 : 0,
          type === 'service' ? 'AMB' : type === 'drug' ? 'APO' : 'MAT',
          provider,
          responsible,
        );
        listed++;
        total += amount;
      };

      if (rng.chance(0.15)) {
        line(tariffs.phone, 1);
      } else {
        line(tariffs.first, 1);
        line(tariffs.more, tariffType === 'TARDOC' ? rng.int(1, 15) : rng.int(1, 3));
      }
      if (rng.chance(0.3)) {
        const lab = rng.pick(labs);
        line({ code: lab.code, title: lab.title, mt: 0, tt: lab.points }, 1, {
          tariffType: 'Analysenliste',
          account: '3210',
        });
      }
      if (rng.chance(0.25)) {
        const d = rng.pick(drugs);
        line({ code: d.code, title: d.title, mt: d.price, tt: 0 }, rng.int(1, 2), {
          type: 'drug',
          tariffType: 'Medikamente',
          vatRate: 2.6,
          account: '3400',
          covered: rng.chance(0.85),
        });
      }
      if (rng.chance(0.15)) {
        const m = rng.pick(materials);
        line({ code: m.code, title: m.title, mt: m.price, tt: 0 }, rng.int(1, 3), {
          type: 'material',
          tariffType: 'MiGeL',
          vatRate: 8.1,
          account: '3300',
        });
      }
      if (s === sessions && rng.chance(0.2)) line(tariffs.report, rng.int(2, 10));
      if (s === 1) {
        // The diagnosis of the case: stored with the services, never listed.
        const code = rng.pick(icd);
        insertLine.run(
          caseNo,
          day,
          code,
          `Diagnose ${code}`,
          '',
          1,
          s,
          'ICD-10',
          'diagnosis',
          0,
          0,
          1,
          1,
          0,
          0,
          0,
          status,
          '',
          1,
          '',
          provider,
          responsible,
        );
      }
    }

    if (!printed) continue;
    // Payments of printed invoices: booked 10-40 days after the last session; some are entered a few days later.
    const booking = addDays(lastDay, rng.int(10, 40));
    if (booking > today) continue;
    const entered = rng.chance(0.25) ? addDays(booking, rng.int(1, 4)) : booking;
    const account = rng.pick(['1020', '1020', '1010', '1000']);
    const payer =
      law.law === 'KVG' && rng.chance(0.3) ? 'Zahlung Versicherer (Tiers payant)' : 'Zahlung QR-Rechnung';
    if (rng.chance(0.8)) {
      if (rng.chance(0.15)) {
        const part = round2(total / 2);
        insertTx.run(caseNo, 'Z', booking, entered, 'Teilzahlung', account, part);
        const second = addDays(booking, rng.int(5, 20));
        if (second <= today)
          insertTx.run(caseNo, 'Z', second, second, 'Restzahlung', account, round2(total - part));
      } else {
        insertTx.run(
          caseNo,
          'Z',
          booking,
          entered,
          account === '1000' ? 'Barzahlung' : payer,
          account,
          round2(total),
        );
      }
    } else if (rng.chance(0.6)) {
      // Not paid: a reminder fee, sometimes written off later. Neither is listed.
      insertTx.run(caseNo, 'M', booking, booking, '1. Mahnung, Gebühr', '3600', 20);
      if (rng.chance(0.3))
        insertTx.run(caseNo, 'V', booking, entered, 'Debitorenverlust', '3805', -round2(total));
    } else {
      insertTx.run(caseNo, 'S', booking, entered, 'Storno Rechnung', '3200', -round2(total));
    }
  }
}

export function seedRecords(ctx: SeedContext): void {
  const patients = ctx.db
    .prepare('SELECT patid, lastname, firstname, dob, deleted FROM patients ORDER BY patid')
    .all() as unknown as PatientRow[];
  const providers = (
    ctx.db
      .prepare('SELECT userid, title, givenname, familyname FROM users WHERE is_provider = 1 ORDER BY userid')
      .all() as unknown as { userid: number; title: string; givenname: string; familyname: string }[]
  ).map((u) => ({ userid: u.userid, name: `${u.title} ${u.givenname} ${u.familyname}`.trim() }));
  if (providers.length === 0) providers.push({ userid: 1, name: 'Praxis' });

  seedHistory(ctx, patients, providers);
  seedLabor(ctx, patients);
  seedAccounting(
    ctx,
    patients.filter((p) => p.deleted === 0),
  );
}
