import i18next, { type ParseKeys } from 'i18next';
import { z } from 'zod';
import { limitMessages, SEARCH_MAX } from '#contract/common.ts';
import { isRealDate, readDay } from '#contract/practice-time.ts';

/*
 * The checks the app's patient and lead forms make beyond the service's (docs/decisions/0041), and the words of
 * every field limit: the schemas' messages are English texts (the contract's limits carry the service's exact
 * ones), which the forms' resolver (form-resolver.ts) and the search fields say in the app's language here.
 * Without react-hook-form, so that the header's search can ask without loading it.
 */

/**
 * Last and first names: the app finds patients by them (the patient link of a lead, the pickers: searchPatients'
 * `lastname` and `firstname` are search texts of at most SEARCH_MAX characters). createCustomer and createLead take
 * 10,000, but a longer name would make a record that no name search reaches, so the forms stop at SEARCH_MAX.
 */
export const NAME_MAX = SEARCH_MAX;

const pathOf = (iss: { path?: PropertyKey[] }) => (iss.path ?? []).map(String).join('.');

/** A name field: at most NAME_MAX characters, said as the contract says a text limit. */
export function nameText() {
  return z.string().max(NAME_MAX, {
    error: (iss) => `Text too long: ${pathOf(iss)} (at most ${NAME_MAX} characters).`,
  });
}

/** A Swiss postcode that is not 4 digits (the forms' message; form-resolver.ts translates it). */
export const SWISS_POSTCODE = 'A Swiss postcode has 4 digits.';

/** Switzerland as a country field is written in the four languages (and its codes). */
const swissNames = new Set(['ch', 'che', 'schweiz', 'suisse', 'svizzera', 'svizra', 'switzerland']);

/**
 * Whether an address is Swiss: its two-letter code when it has one (CH), else its country text; an address
 * without either is a Swiss practice's default, Swiss.
 */
export function isSwissAddress(country: string | undefined, countryCode: string | undefined): boolean {
  const code = (countryCode ?? '').trim().toUpperCase();
  if (code !== '') return code === 'CH';
  const name = (country ?? '').trim().toLowerCase();
  return name === '' || swissNames.has(name);
}

/**
 * SWISS_POSTCODE when a Swiss address has a postcode that is not 4 digits (1000–9999); null for an empty one and
 * for every other country's (their formats are free).
 */
export function postcodeRefusal(address: {
  zip?: string;
  country?: string;
  countryCode?: string;
}): typeof SWISS_POSTCODE | null {
  const zip = (address.zip ?? '').trim();
  if (zip === '' || !isSwissAddress(address.country, address.countryCode)) return null;
  return /^[1-9]\d{3}$/.test(zip) ? null : SWISS_POSTCODE;
}

/**
 * A date of birth as a form keeps it (`YYYY-MM-DD` or empty): a real day, not in the future, not before 1900 (the
 * rules of readDay's `birth`, which the date field says at itself). A day from a stored record is checked too, so a
 * future one read from an intake is not saved again unseen.
 */
export function birthDay(message: string) {
  return z
    .string()
    .refine((v) => v === '' || (isRealDate(v) && 'day' in readDay(v, { kind: 'birth' })), { error: message });
}

/**
 * The contract's length limits (docs/api.md#limits) carry the service's exact English messages
 * (`Text too long: contact.lastname (at most 10000 characters).`). A form knows its field already, so it says the
 * limit in the app's language instead: `Höchstens 10'000 Zeichen.` Any other message stays as the schema wrote it.
 */
const limits: readonly [RegExp, ParseKeys<'common'>][] = [
  [/^Text too long: .* \(at most (\d+) characters\)\.$/s, 'limits.textTooLong'],
  [/^Search text too long: .* \(at most (\d+) characters\)\.$/s, 'limits.searchTooLong'],
];

/** The app's own field checks (field-rules.ts), by their exact English text. */
const ruleKeys: ReadonlyMap<string, ParseKeys<'common'>> = new Map([
  [SWISS_POSTCODE, 'limits.swissPostcode'],
]);

/** A limit message of the contract, or a field rule's, in the app's language; any other message as it is. */
export function limitMessage(message: string): string {
  const rule = ruleKeys.get(message);
  if (rule) return i18next.t(rule, { ns: 'common' });
  for (const [pattern, key] of limits) {
    const m = pattern.exec(message);
    // Grouped as the app writes numbers: 10'000 (docs/decisions/0012).
    if (m) return i18next.t(key, { ns: 'common', max: m[1].replace(/\B(?=(\d{3})+(?!\d))/g, "'") });
  }
  return message;
}

/**
 * Why a search field's text is not sent: longer than the service takes (SEARCH_MAX, docs/api.md#limits), said
 * in the app's language at the field; undefined when it may go. The fields that search without a form (the header,
 * the pickers, the board) ask here before they send, as a form's resolver does.
 */
export function searchTextRefusal(text: string): string | undefined {
  return text.trim().length > SEARCH_MAX ? limitMessage(limitMessages.searchTooLong('search')) : undefined;
}
