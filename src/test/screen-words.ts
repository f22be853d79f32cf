/**
 * The pure part of the screen sweep's word check (e2e/text-checks.ts, issue 27: every word in the practice's
 * language): which words are English, and which of a screen's texts hold one. It lives here, not in e2e/, because
 * the unit tests run from src/ (vitest.config.ts); the sweep imports it.
 *
 * English words are the words of the app's English strings that no German, French or Italian string uses ("Name",
 * "Status", "Service" and "E-Mail" are words of those languages too), plus common English words that the app's own
 * strings happen not to use but data in English would (EXTRA_ENGLISH), less the words of the screen's own language.
 * Words are compared without case: "Waiting" and "waiting" are the same English word.
 */

/** Every string leaf of a locale object (nested keys), placeholders and nesting left as they are. */
export function stringsOf(value: unknown): string[] {
  return [...leavesOf(value).values()];
}

/** Key path (`a.b.c`, after `prefix`) -> string, for every string leaf of a locale object. */
export function leavesOf(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      for (const [p, s] of leavesOf(v, prefix ? `${prefix}.${k}` : k)) out.set(p, s);
    }
  }
  return out;
}

/**
 * The strings of a translation that differ from the English one of the same key. A string left as the English one
 * ("Undo" in the German file) is no evidence that its words are German: counted as a translation, it would take
 * "undo" out of the English words, and the check would pass the very string it is there to find.
 */
export function translatedStrings(english: ReadonlyMap<string, string>, own: ReadonlyMap<string, string>) {
  return [...own].filter(([key, text]) => english.get(key) !== text).map(([, text]) => text);
}

/**
 * The words of a text, as written: letters (any script) joined by hyphens, with no digit; what has a digit, an
 * `@`, a slash or a dot inside (a number, a date, an address, a file name, a code such as 35.01.01) is no word of a
 * language. `{{placeholders}}` and `$t(nesting)` are left out. Apostrophes split ("l'agenda" -> "l", "agenda";
 * "don't" -> "don", "t") and words of one letter are dropped.
 */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  const plain = text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)/g, ' ');
  for (const token of plain.split(/[\s\u00a0\u202f]+/)) {
    // Punctuation around a word ("(Rückruf)", "Name:", "«Offen»") is no part of it.
    const bare = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!bare || /[\p{N}@/\\.:_=<>]/u.test(bare)) continue;
    for (const part of bare.split(/['’‘`]/)) {
      const word = part.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      if (word.length > 1 && /^[\p{L}\u00ad-]+$/u.test(word)) out.push(word.replaceAll('\u00ad', ''));
    }
  }
  return out;
}

const lower = (w: string) => w.toLocaleLowerCase('en');

/** The lower-case words of many strings, a hyphenated word also by its parts ("follow-up", "follow", "up"). */
export function wordSet(strings: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const s of strings) {
    for (const w of wordsOf(s)) {
      out.add(lower(w));
      if (w.includes('-')) for (const p of w.split('-')) if (p.length > 1) out.add(lower(p));
    }
  }
  return out;
}

/**
 * Common English words that data in English uses (the demo data's labels had "Waiting list", "Partner follow-up",
 * "Too expensive", "CALLBACK REQUESTED") and that the app's English strings may not: without them an English label
 * of the data would pass as long as the app never says the same word.
 */
export const EXTRA_ENGLISH = `
  the and of for with to from by at on is are was be not this that your you we our has have or all
  new too yes off phone call callback requested request waiting list word mouth urgent foreign
  expensive partner follow follow-up patient patients referral website walk-in reachable provider
  another chose fit practice duplicate other unavailable appointment appointments reminder task tasks
  note notes open closed done due today tomorrow yesterday week month year day days hours minutes
  untitled unknown none error failed success pending loading save cancel delete edit back next close
  search filter settings upload file files download
`
  .trim()
  .split(/\s+/);

/** The words that count as English on a screen in `own` language (`own`: the words of that language's strings). */
export function englishWords(input: {
  english: Iterable<string>;
  /** Every German, French and Italian string of the app. */
  translations: Iterable<string>;
  /** The strings of the screen's own language. */
  own: Iterable<string>;
  extra?: Iterable<string>;
}): Set<string> {
  const translated = wordSet(input.translations);
  const own = wordSet(input.own);
  const out = new Set<string>();
  for (const w of wordSet(input.english)) if (!translated.has(w)) out.add(w);
  for (const w of wordSet(input.extra ?? EXTRA_ENGLISH)) if (!own.has(w)) out.add(w);
  return out;
}

/** A text on the screen and where it is ("button", "th", "aria-label of button"). */
export interface ScreenText {
  text: string;
  where: string;
}

/**
 * The English words in a screen's texts: one finding per text, `"Waiting", "list" in td "Waiting list"`. `allowed`
 * are words that may show in any language (names of people, places and insurers, brand words), compared without
 * case; `phrases` are cut out of a text before it is looked at ("Praxis Front Office", the product's name).
 */
export function englishIn(
  texts: readonly ScreenText[],
  english: ReadonlySet<string>,
  allowed: ReadonlySet<string> = new Set(),
  phrases: readonly string[] = [],
): string[] {
  const out = new Set<string>();
  for (const { text, where } of texts) {
    let rest = text;
    for (const p of phrases) rest = rest.replaceAll(p, ' ');
    const found = new Set<string>();
    for (const word of wordsOf(rest)) {
      if (allowed.has(lower(word))) continue;
      const parts = word.includes('-') ? [word, ...word.split('-')] : [word];
      if (parts.some((p) => p.length > 1 && english.has(lower(p)) && !allowed.has(lower(p)))) found.add(word);
    }
    if (found.size > 0) {
      const shown = text.replace(/\s+/g, ' ').trim();
      const quoted = [...found].map((w) => `"${w}"`).join(', ');
      out.add(`${quoted} in ${where} "${shown.length > 80 ? `${shown.slice(0, 79)}…` : shown}"`);
    }
  }
  return [...out];
}
