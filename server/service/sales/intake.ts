/** intakeLead: flat, tolerant web-form fields mapped onto the createLead shape. */
import { isRealDate } from '#contract/common.ts';
import type { OpParsedInput } from '#contract/operations.ts';
import { defaultFolderOf, type HxData } from '#contract/sales.ts';
import type { Db } from '../db/database.ts';
import { emptyLead, folderOf, isDisqualifiedFolder, type NewLead, refLabel } from './store.ts';

/** Country names people type, by ISO code; the stored name is the German one (as for patients). */
const countries: Record<string, string[]> = {
  CH: ['Schweiz', 'suisse', 'svizzera', 'svizra', 'switzerland'],
  LI: ['Liechtenstein'],
  DE: ['Deutschland', 'germany', 'allemagne', 'germania'],
  AT: ['Österreich', 'oesterreich', 'osterreich', 'austria', 'autriche'],
  FR: ['Frankreich', 'france', 'francia'],
  IT: ['Italien', 'italy', 'italie', 'italia'],
  ES: ['Spanien', 'spain', 'espagne', 'espana', 'spagna'],
  PT: ['Portugal'],
  NL: ['Niederlande', 'netherlands', 'pays-bas', 'paesi bassi'],
  GB: ['Vereinigtes Königreich', 'united kingdom', 'uk', 'great britain', 'england', 'royaume-uni'],
  US: ['Vereinigte Staaten', 'united states', 'usa', 'etats-unis'],
};

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Plain text or an ISO code to `{country, countryCode}`; unknown text is kept as sent, without a code. */
export function resolveCountry(input: string): { country: string; countryCode: string } {
  const t = input.trim();
  if (t === '') return { country: '', countryCode: '' };
  const code = t.toUpperCase();
  if (countries[code]) return { country: countries[code][0], countryCode: code };
  const folded = fold(t);
  for (const [c, names] of Object.entries(countries)) {
    if (names.some((n) => fold(n) === folded)) return { country: names[0], countryCode: c };
  }
  return { country: t, countryCode: '' };
}

/** f, m, d or "" from what forms send (female, Frau, Madame, w, ...). */
export function normaliseGender(input: string): string {
  const g = fold(input);
  if (g === '') return '';
  if (['f', 'w', 'female', 'weiblich', 'frau', 'madame', 'mme', 'femme', 'donna', 'signora'].includes(g))
    return 'f';
  if (['m', 'male', 'mannlich', 'maennlich', 'herr', 'monsieur', 'homme', 'uomo', 'signore'].includes(g))
    return 'm';
  if (['d', 'x', 'divers', 'diverse', 'other', 'non-binary', 'nonbinary'].includes(g)) return 'd';
  return '';
}

/** DD.MM.YYYY or YYYY-MM-DD to YYYY-MM-DD; anything else is null (dropped, the lead is still taken). */
export function parseDob(input: string): string | null {
  const t = input.trim();
  const ch = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  const iso = ch ? `${ch[3]}-${ch[2].padStart(2, '0')}-${ch[1].padStart(2, '0')}` : t;
  return isRealDate(iso) ? iso : null;
}

function hxValueOf(v: unknown): HxData[string] {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v) ?? null;
}

export function intakeToLead(db: Db, input: OpParsedInput<'intakeLead'>): NewLead {
  const ispatient = input.ispatient;
  const s = (v: string | undefined) => (v ?? '').trim();

  // A folder of the lead's pipeline that a lead may be put in by hand, else the default.
  let folderId = defaultFolderOf(ispatient);
  const wanted = Number(s(input.folderId));
  if (Number.isInteger(wanted) && wanted > 0 && !isDisqualifiedFolder(wanted)) {
    const f = folderOf(db, wanted);
    if (f && f.ispatient === ispatient) folderId = wanted;
  }
  const n: NewLead = emptyLead(ispatient, folderId);
  const source = s(input.source).toUpperCase();
  n.source = source !== '' && refLabel(db, 'sources', source) !== undefined ? source : 'I';
  n.what = s(input.comment) || s(input.what);

  n.contact.salutation = s(input.salutation);
  n.contact.title = s(input.title);
  n.contact.firstname = s(input.firstname);
  n.contact.lastname = s(input.lastname);
  n.contact.gender = normaliseGender(s(input.gender));
  n.contact.dob = parseDob(s(input.dob));
  n.contact.civilStatus = s(input.civilStatus);
  n.contact.nationality = s(input.nationality);

  n.address.street = [s(input.street), s(input.streetex)].filter((p) => p !== '').join(' ');
  n.address.zip = s(input.zip);
  n.address.city = s(input.city);
  Object.assign(n.address, resolveCountry(s(input.country)));

  n.communication.mail = s(input.email) || s(input.mail);
  n.communication.phone = s(input.phone);
  n.communication.mobile = s(input.mobile);

  n.medical.job = s(input.job);
  for (const [k, v] of Object.entries(input)) {
    const m = /^hx_(.+)$/i.exec(k);
    if (m && v !== undefined) n.medical.hxData[m[1]] = hxValueOf(v);
  }

  n.insurance.kvg = s(input.kvg);
  n.insurance.vvg = s(input.vvg);
  n.insurance.kvgPoliceNr = s(input.policeNr);

  if (input.newsletter !== undefined) n.commercial.newsletter = input.newsletter;
  if (input.dataProcessing !== undefined) n.commercial.dataProcessing = input.dataProcessing;
  return n;
}
