import { foldText } from './text-match.ts';

/**
 * Whether two last names may be one person's, mistyped or heard differently (issue 33): within one edit
 * (Damerau-Levenshtein 1: one letter inserted, dropped, changed, or two neighbours swapped) or the same sound by
 * Kölner Phonetik, the phonetic key made for German names (Fisher/Fischer, Meier/Meyer/Maier, Müller/Mueller).
 * Both sides are folded as searchPatients folds names (text-match.ts) first. Written here, once, beside that
 * folding, so that the app and any later server check agree; no npm package: the maintained ones for Kölner
 * Phonetik are either unmaintained or pull in a whole NLP toolkit for forty lines.
 */
export function similarLastName(a: string, b: string): boolean {
  const x = foldText(a);
  const y = foldText(b);
  if (!x || !y) return false;
  if (x === y) return true;
  if (withinOneEdit(x, y)) return true;
  const kx = colognePhonetic(x);
  return kx !== '' && kx === colognePhonetic(y);
}

/** Damerau-Levenshtein distance at most 1 (adjacent transposition counts as one edit). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // one letter changed
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // a swapped pair
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i); // one letter more
}

const groups: [string, string][] = [
  ['aeijouyh', '0'],
  ['b', '1'],
  ['fvw', '3'],
  ['gkq', '4'],
  ['l', '5'],
  ['mn', '6'],
  ['r', '7'],
  ['szß', '8'],
];
const simple = new Map<string, string>();
for (const [letters, code] of groups) for (const c of letters) simple.set(c, code);

/**
 * Kölner Phonetik (Postel 1969) of a name: the digit code with repeats collapsed and every `0` but a leading one
 * dropped. `Fischer` and `Fisher` give `387`, `Meier`, `Meyer` and `Maier` `67`, `Müller` and `Mueller` `657`.
 */
export function colognePhonetic(name: string): string {
  const s = name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-zß]/g, '');
  let raw = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const prev = s[i - 1] ?? '';
    const next = s[i + 1] ?? '';
    const code = simple.get(c);
    if (c === 'h') continue; // h is silent (its code is dropped anyway)
    if (code !== undefined) {
      raw += code;
      continue;
    }
    switch (c) {
      case 'p':
        raw += next === 'h' ? '3' : '1';
        break;
      case 'd':
      case 't':
        raw += 'csz'.includes(next) && next !== '' ? '8' : '2';
        break;
      case 'c':
        if (i === 0) raw += 'ahkloqrux'.includes(next) && next !== '' ? '4' : '8';
        else raw += 'sz'.includes(prev) || !'ahkoqux'.includes(next) || next === '' ? '8' : '4';
        break;
      case 'x':
        raw += 'ckq'.includes(prev) && prev !== '' ? '8' : '48';
        break;
      default:
        break;
    }
  }
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    if (i > 0 && raw[i] === raw[i - 1]) continue;
    out += raw[i];
  }
  return out.length > 0 ? out[0] + out.slice(1).replaceAll('0', '') : '';
}
