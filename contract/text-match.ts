/**
 * How text matches (docs/api.md#patient-search), in one place for the service and the app: the service
 * stores these keys beside each patient and compares them; the app compares an HL7 message's patient with the
 * record of its number the same way before it sends anything.
 */

const umlautSpellings: [RegExp, string][] = [
  [/ae/g, 'a'],
  [/oe/g, 'o'],
  [/ue/g, 'u'],
];

/** Lower case, accents and umlauts dropped, `ß` -> `ss`: `Müller` and `MÜLLER` give `muller`, `Fàvre` `favre`. */
export function plainText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * plainText with the German umlaut spellings folded too (`ae` `oe` `ue` -> `a` `o` `u`): `Müller`, `Mueller`,
 * `MÜLLER` and `muller` all give `muller`. The same folding on both sides keeps a contains-match consistent
 * (`Manuel` folds to `manul` as its needle does).
 */
export function foldText(value: string): string {
  let s = plainText(value);
  for (const [re, to] of umlautSpellings) s = s.replace(re, to);
  return s;
}

/**
 * Whether `haystack` contains `needle` as searchPatients' lastname/firstname match it: in the plain form (so that
 * `ercher` still finds `Zuercher`, whose `ue` the folding merges) or in the folded one (so that `Mueller` finds
 * `Müller` and `muller` finds `Mueller`).
 */
export function textMatches(haystack: string, needle: string): boolean {
  return plainText(haystack).includes(plainText(needle)) || foldText(haystack).includes(foldText(needle));
}

/**
 * A phone number's comparable digits (docs/api.md#patient-search, `phone`): spaces, dots and every other non-digit dropped,
 * then the prefixes `+41`, `0041` and `0` (written before the digits) taken off. `079 100 79 19`, `+41 79 100 79 19`
 * and `0041791007919` all give `791007919`.
 */
export function phoneKey(value: string): string {
  const s = value.trim();
  const digits = s.replace(/\D/g, '');
  if (s.startsWith('+41')) return digits.slice(2);
  if (digits.startsWith('0041')) return digits.slice(4);
  if (digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** The 13 digits of an AHV number written with or without dots and spaces; null when it is not 13 digits. */
export function ahvDigits(value: string): string | null {
  const digits = value.replace(/[\s.]/g, '');
  return /^\d{13}$/.test(digits) ? digits : null;
}

/** Whether 13 digits form a valid Swiss AHV number: 756, then an EAN-13 check digit. */
export function isValidAhv(value: string): boolean {
  const digits = ahvDigits(value);
  if (!digits?.startsWith('756')) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(digits[12]);
}

/** `756.1234.5678.97`; the value as given when it is not 13 digits. */
export function formatAhv(value: string): string {
  const d = ahvDigits(value);
  return d ? `${d.slice(0, 3)}.${d.slice(3, 7)}.${d.slice(7, 11)}.${d.slice(11)}` : value.trim();
}

/**
 * Whether the person a message names (last name, first name, date of birth, each possibly empty) can be the patient
 * of a record: every part given on both sides must fit (names as searchPatients compares them, the date exactly).
 */
export function personFits(
  record: { lastname: string; firstname: string; dob: string | null },
  named: { lastname: string; firstname: string; dob: string },
): boolean {
  if (named.lastname.trim() && !textMatches(record.lastname, named.lastname)) return false;
  if (named.firstname.trim() && !textMatches(record.firstname, named.firstname)) return false;
  // A record without a birth date cannot contradict the message's.
  if (named.dob.trim() && record.dob && named.dob !== record.dob) return false;
  return true;
}
