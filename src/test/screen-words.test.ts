import { describe, expect, it } from 'vitest';
import {
  englishIn,
  englishWords,
  leavesOf,
  stringsOf,
  translatedStrings,
  wordSet,
  wordsOf,
} from './screen-words.ts';

describe('wordsOf', () => {
  it('takes words, not numbers, dates, addresses, file names, codes or placeholders', () => {
    expect(
      wordsOf("Rückruf (Offen): 12.03.2026 9001.hl7 a@b.ch 35.01.01 {{count}} $t(x) l’agenda don't «Gut»"),
    ).toEqual(['Rückruf', 'Offen', 'agenda', 'don', 'Gut']);
  });
  it('keeps a hyphenated word whole and drops a soft hyphen', () => {
    expect(wordsOf('Partner follow-up Bemer\u00adkung')).toEqual(['Partner', 'follow-up', 'Bemerkung']);
  });
});

describe('englishWords', () => {
  const english = ['Waiting list', 'Name and status', 'Cancel the appointment'];
  const translations = ['Name', 'Status', 'Liste d’attente', 'Annuler'];
  it('are the English strings’ words that no translation uses', () => {
    const words = englishWords({ english, translations, own: [], extra: [] });
    expect([...words].sort()).toEqual(['and', 'appointment', 'cancel', 'list', 'the', 'waiting']);
  });
  it('add the extra words, less those of the screen’s own language', () => {
    const de = englishWords({
      english: [],
      translations,
      own: ['Partner und Patient'],
      extra: ['partner', 'the'],
    });
    expect([...de]).toEqual(['the']);
    const fr = englishWords({ english: [], translations, own: ['Le patient'], extra: ['partner', 'the'] });
    expect([...fr].sort()).toEqual(['partner', 'the']);
  });
});

describe('englishIn', () => {
  const english = wordSet(['waiting list follow up too expensive callback']);
  it('names the words and the text they are in, once per text', () => {
    expect(
      englishIn(
        [
          { text: 'Waiting list', where: 'span' },
          { text: 'Partner follow-up', where: 'aria-label of button' },
          { text: 'Warteliste', where: 'span' },
        ],
        english,
      ),
    ).toEqual([
      '"Waiting", "list" in span "Waiting list"',
      '"follow-up" in aria-label of button "Partner follow-up"',
    ]);
  });
  it('lets allowed words and phrases pass, in any case', () => {
    expect(
      englishIn([{ text: 'CALLBACK bei Frau List', where: 'td' }], english, new Set(['list', 'callback'])),
    ).toEqual([]);
    expect(
      englishIn([{ text: 'Too expensive Office', where: 'h1' }], english, new Set(), ['Too expensive']),
    ).toEqual([]);
  });
  it('finds nothing in German, French and Italian text', () => {
    expect(
      englishIn(
        [
          { text: 'Auf der Warteliste, Rückruf gewünscht', where: 'td' },
          { text: 'Trop cher', where: 'td' },
        ],
        english,
      ),
    ).toEqual([]);
  });
});

describe('stringsOf', () => {
  it('takes every leaf of a nested locale object', () => {
    expect(stringsOf({ a: 'x', b: { c: 'y', d: { e: 'z' } } })).toEqual(['x', 'y', 'z']);
  });
});

describe('translatedStrings', () => {
  it('leave out a string left as the English one, so that its words stay English', () => {
    const en = leavesOf({ undo: 'Undo', save: 'Save', nested: { name: 'Name' } });
    const de = leavesOf({ undo: 'Undo', save: 'Speichern', nested: { name: 'Name des Patienten' } });
    expect(translatedStrings(en, de)).toEqual(['Speichern', 'Name des Patienten']);
    expect([
      ...englishWords({ english: en.values(), translations: translatedStrings(en, de), own: [], extra: [] }),
    ]).toEqual(['undo', 'save']);
  });
});
