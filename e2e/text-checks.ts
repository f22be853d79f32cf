import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { operations } from '../contract/operations.ts';
import {
  doubleNames,
  femaleFirst,
  insurers,
  lastNames,
  maleFirst,
  places,
  streets,
} from '../server/service/seed/swiss.ts';
import { localeFileOf, namespaceFolders } from '../src/i18n/namespaces.ts';
import {
  englishIn,
  englishWords,
  leavesOf,
  type ScreenText,
  translatedStrings,
  wordSet,
} from '../src/test/screen-words.ts';

/**
 * Four checks of what a screen says, for the screen sweep (issue 27): no English word on a German, French or Italian
 * screen, no word cut (broken mid-word over two lines, or clipped by its box), no native date or time input (the
 * browser draws those in its own language and format, not the practice's), and (issue 33) no operation name and no
 * count as a bare fraction. Each is one page.evaluate on the
 * open screen: no navigation, no waiting. The word lists are made once per run (pure part: src/test/screen-words.ts).
 *
 * Markers the app can set:
 * - `translate="no"` (HTML's own attribute): a name or a code that stays as it is in every language; its words are
 *   not looked at.
 * - `data-truncates`: the element cuts its text on purpose and shows the whole elsewhere (a tooltip, the row's
 *   page). An element whose `title` holds its whole text needs no marker.
 */

const LANGUAGES_TRANSLATED = ['de', 'fr', 'it'] as const;
export type Translated = (typeof LANGUAGES_TRANSLATED)[number];

/**
 * Every locale file of the app (the namespaces of src/i18n/namespaces.ts), by language: `<folder>:<key>` -> string,
 * the folder naming the namespace so that the languages' keys pair up.
 */
async function localeStrings(): Promise<Record<string, Map<string, string>>> {
  const src = new URL('../src/', import.meta.url);
  const files = Object.values(namespaceFolders).flatMap((folder) =>
    readdirSync(new URL(`${folder}/`, src)).map((f) => `${folder}/${f}`),
  );
  const out: Record<string, Map<string, string>> = {};
  for (const file of files) {
    const locale = localeFileOf(file);
    if (!locale) continue;
    const { ns, lng } = locale;
    const mod = (await import(new URL(file, src).href)) as Record<string, unknown>;
    const leaves = leavesOf(mod[lng], `${namespaceFolders[ns]}:`);
    if (leaves.size === 0) throw new Error(`${file} exports no const ${lng}`);
    out[lng] ??= new Map();
    for (const [k, v] of leaves) out[lng].set(k, v);
  }
  return out;
}

/** Words that may show in any language: the demo data's names of people, places, streets and insurers. */
const NAMES = wordSet([
  ...lastNames,
  ...doubleNames,
  ...femaleFirst,
  ...maleFirst,
  ...places.map((p) => p.city),
  ...streets,
  ...insurers,
  // The practice's users (server/service/seed/core.ts).
  'Petra Sommer Andrea Brunner Marc Favre Lucia Rossi Hans Keller Nina Weber Luca Meier',
]);
/** Brand words and codes that are the same in every language. */
const BRANDS = ['hl7', 'pdf', 'sms', 'vip', 'vvg', 'ahv', 'tarmed', 'tardoc', 'combox', 'spam', 'check-up'];
/** Cut out of a text before its words are looked at: the product's name. */
const PHRASES = ['Praxis Front Office'];

/**
 * Words of German, French or Italian strings that are rightly the English one (src/i18n/locales.test.ts keeps the
 * list of such strings): "Total", "Material", "Newsletter", the French "Actions" and "Pages", the laws' codes.
 */
const SAME_AS_ENGLISH = 'Total Material Newsletter Actions Action Pages UVG IVG MVG';
/**
 * German words that are English words too: the weekday abbreviations "Do" (Donnerstag) and "So" (Sonntag),
 * "Partner" (the demo's custom folder "Nachfassen Partner") and "Patient" (in the practice's German comments).
 */
const GERMAN_TOO = ['do', 'so', 'partner', 'patient'];
/** The language switch names each language in itself: "English" stays English in every language. */
const ENDONYMS = ['english'];

export interface WordLists {
  english: Record<Translated, Set<string>>;
  allowed: Set<string>;
}

export async function wordLists(): Promise<WordLists> {
  const strings = await localeStrings();
  const en = strings.en ?? new Map<string, string>();
  const translations = [
    ...LANGUAGES_TRANSLATED.flatMap((l) => translatedStrings(en, strings[l] ?? new Map())),
    SAME_AS_ENGLISH,
  ];
  const english = Object.fromEntries(
    LANGUAGES_TRANSLATED.map((l) => [
      l,
      englishWords({
        english: en.values(),
        translations,
        own: translatedStrings(en, strings[l] ?? new Map()),
      }),
    ]),
  ) as Record<Translated, Set<string>>;
  return { english, allowed: new Set([...NAMES, ...BRANDS, ...GERMAN_TOO, ...ENDONYMS]) };
}

export const isTranslated = (language: string): language is Translated =>
  (LANGUAGES_TRANSLATED as readonly string[]).includes(language);

/**
 * The texts a person sees or hears in `scope` (a CSS selector, the whole page by default): every visible text node
 * by its element, and the labels, titles, placeholders and alternative texts of visible elements; what is inside
 * `translate="no"` is left out.
 */
export async function screenTexts(page: Page, scope = 'body'): Promise<ScreenText[]> {
  return page.evaluate((scopeSelector) => {
    const out: { text: string; where: string }[] = [];
    const skip = 'script, style, noscript, template, [translate="no"]';
    for (const root of document.querySelectorAll(scopeSelector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const text = node.textContent ?? '';
        if (!el || !text.trim() || el.closest(skip) || !el.checkVisibility({ visibilityProperty: true })) {
          continue;
        }
        out.push({ text, where: el.tagName.toLowerCase() });
      }
      for (const el of root.querySelectorAll<HTMLElement>(
        '[aria-label], [title], [placeholder], img[alt], input[readonly]',
      )) {
        if (el.closest(skip) || !el.checkVisibility({ visibilityProperty: true })) continue;
        const tag = el.tagName.toLowerCase();
        for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
          const v = el.getAttribute(attr);
          if (v?.trim()) out.push({ text: v, where: `${attr} of ${tag}` });
        }
        if (el instanceof HTMLInputElement && el.readOnly && el.value.trim()) {
          out.push({ text: el.value, where: `value of ${tag}` });
        }
      }
    }
    return out;
  }, scope);
}

/** English words on a screen in `language` (de, fr or it). */
export async function englishOnScreen(
  page: Page,
  language: Translated,
  lists: WordLists,
  scope?: string,
): Promise<string[]> {
  return englishIn(await screenTexts(page, scope), lists.english[language], lists.allowed, PHRASES);
}

/** Every operation name of the contract (`getCustomerById`): a developer's word, never a person's (issue 33). */
const OPERATION = new RegExp(`\\b(${Object.keys(operations).join('|')})\\b`);
/** A count written as a fraction (`3/10`) where the screen should say `3 von 10`. */
const FRACTION = /(?<![\d./])\d+\s?\/\s?\d+(?![\d./])/;

/** What a screen shows raw (issue 33): an operation's name, or a count as a bare fraction. */
export async function rawOnScreen(page: Page, scope?: string): Promise<string[]> {
  const out = new Set<string>();
  for (const { text, where } of await screenTexts(page, scope)) {
    const op = OPERATION.exec(text)?.[0];
    if (op) out.add(`operation name "${op}" in ${where}`);
    const fraction = FRACTION.exec(text)?.[0];
    if (fraction) out.add(`bare count "${fraction}" in ${where}`);
  }
  return [...out];
}

/**
 * Words cut on the screen:
 * - broken over two lines inside the word ("Bemerk" / "ung"): each word of each visible text node is measured with a
 *   Range, and one drawn on two lines is broken where the break falls between two letters or digits (not beside a
 *   hyphen, a soft hyphen, a slash, a dot or a bracket, where a long address or file name may wrap), unless the word
 *   has 40 letters or more
 *   (no column can hold one; the sweep's 300-letter test name must break somewhere);
 * - clipped by its box: an element that hides what overflows (text-overflow: ellipsis, or overflow hidden on a
 *   button, a heading, a column heading, a label, a tab or a badge) whose text is wider than the box, unless it is
 *   marked `data-truncates`, its `title` holds the whole text, or it holds a word of 40 letters or more.
 */
export async function cutWords(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const out = new Set<string>();
    const skip = 'script, style, noscript, template, [data-truncates], input, textarea, select';
    const words = /[^\s\u00a0\u202f\u200b]+/g;
    const LONG = 40;
    const letterOrDigit = /^[\p{L}\p{N}]{2}$/u;
    const quote = (s: string) => {
      const t = s.replace(/\s+/g, ' ').trim();
      return t.length > 60 ? `${t.slice(0, 59)}…` : t;
    };
    const topOf = (node: Text, at: number) => {
      const r = document.createRange();
      r.setStart(node, at);
      r.setEnd(node, at + 1);
      const rect = r.getClientRects()[0];
      return rect ? rect : null;
    };
    for (const root of document.querySelectorAll(scopeSelector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const el = node.parentElement;
        const text = node.data;
        if (!el || !text.trim() || el.closest(skip) || !el.checkVisibility({ visibilityProperty: true })) {
          continue;
        }
        // Most texts are on one line: one measure of the whole text spares one per word.
        const whole = document.createRange();
        whole.selectNodeContents(node);
        const lines = [...whole.getClientRects()].filter((r) => r.width > 0);
        if (lines.length < 2 || lines.every((r) => Math.abs(r.top - lines[0].top) < lines[0].height / 2))
          continue;
        for (const m of text.matchAll(words)) {
          if (m[0].length < 2 || m[0].length >= LONG) continue;
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          if (rects.length < 2) continue;
          const first = rects[0];
          if (rects.every((r) => Math.abs(r.top - first.top) < first.height / 2)) continue;
          // Where the second line starts: the first letter drawn below the first.
          const start = topOf(node, m.index);
          if (!start) continue;
          let breakAt = -1;
          for (let i = 1; i < m[0].length; i++) {
            const r = topOf(node, m.index + i);
            if (r && r.width > 0 && r.top - start.top >= start.height / 2) {
              breakAt = i;
              break;
            }
          }
          // Between two letters or digits: inside the word. Beside a hyphen, a slash, a dot, a bracket: a place
          // where a long address, file name or code may wrap.
          if (breakAt < 1 || !letterOrDigit.test(m[0][breakAt - 1] + m[0][breakAt])) continue;
          out.add(
            `broken "${m[0].slice(0, breakAt)}|${m[0].slice(breakAt)}" in ${el.tagName.toLowerCase()} "${quote(el.textContent ?? '')}"`,
          );
        }
      }
      const clipping = 'button, h1, h2, h3, h4, h5, h6, th, label, [role="tab"], .mantine-Badge-label';
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        const text = el.textContent?.trim();
        if (!text || el.closest(skip) || el.scrollWidth <= el.clientWidth + 1) continue;
        const style = getComputedStyle(el);
        const ellipsis = style.textOverflow === 'ellipsis';
        const hides = style.overflowX === 'hidden' || style.overflowX === 'clip';
        // Text that spills out of a box that does not hide it is the layout check's (overflowX), not a cut.
        if (!hides || !(ellipsis || el.matches(clipping))) continue;
        if (!el.checkVisibility({ visibilityProperty: true })) continue;
        // A word no box can hold (the sweep's 300-letter test name) is cut wherever it shows.
        if ([...text.matchAll(words)].some((w) => w[0].length >= LONG)) continue;
        const title = el.closest('[title]')?.getAttribute('title') ?? '';
        if (title.replace(/\s+/g, ' ').includes(text.replace(/\s+/g, ' '))) continue;
        out.add(
          `clipped ${el.tagName.toLowerCase()} "${quote(text)}" (${el.scrollWidth} px in ${el.clientWidth} px)`,
        );
      }
    }
    return [...out];
  }, scope);
}

/** Native date and time inputs on the screen: the browser's own calendar and format, not the practice's. */
export async function nativeDateInputs(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const out: string[] = [];
    const types = ['date', 'time', 'datetime-local', 'month', 'week'];
    for (const root of document.querySelectorAll(scopeSelector)) {
      for (const input of root.querySelectorAll('input')) {
        if (!types.includes(input.type) || !input.checkVisibility({ visibilityProperty: true })) continue;
        const name =
          input.labels?.[0]?.textContent?.trim() ||
          input.getAttribute('aria-label') ||
          input.name ||
          input.id ||
          '(no name)';
        out.push(`native ${input.type} input "${name}"`);
      }
    }
    return out;
  }, scope);
}
