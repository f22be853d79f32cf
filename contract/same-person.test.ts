import { describe, expect, it } from 'vitest';
import { colognePhonetic, similarLastName, withinOneEdit } from './same-person.ts';

describe('similarLastName', () => {
  it.each([
    ['Fisher', 'Fischer'],
    ['Meier', 'Meyer'],
    ['Meyer', 'Maier'],
    ['Meier', 'Maier'],
    ['Müller', 'Mueller'],
    ['Müller', 'MULLER'],
    ['Schmidt', 'Schmitd'],
    ['Schmidt', 'Schmid'],
    ['Keller', 'Kellner'],
  ])('takes %s and %s for the same name', (a, b) => {
    expect(similarLastName(a, b)).toBe(true);
    expect(similarLastName(b, a)).toBe(true);
  });

  it.each([
    ['Fischer', 'Fischbach'],
    ['Müller', 'Meier'],
    ['Weber', 'Huber'],
    ['Bauer', 'Brunner'],
    ['', 'Fischer'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(similarLastName(a, b)).toBe(false);
  });
});

describe('withinOneEdit', () => {
  it('counts a change, an insertion, a deletion and a swapped pair as one edit', () => {
    expect(withinOneEdit('fischer', 'fishcer')).toBe(true);
    expect(withinOneEdit('fischer', 'fisher')).toBe(true);
    expect(withinOneEdit('fisher', 'fischer')).toBe(true);
    expect(withinOneEdit('meier', 'meyer')).toBe(true);
    expect(withinOneEdit('meier', 'maiyr')).toBe(false);
    expect(withinOneEdit('fischer', 'fischbach')).toBe(false);
  });
});

describe('colognePhonetic', () => {
  it('codes German names as the Kölner Phonetik does', () => {
    expect(colognePhonetic('Müller-Lüdenscheidt')).toBe('65752682');
    expect(colognePhonetic('Wikipedia')).toBe('3412');
    expect(colognePhonetic('Fischer')).toBe('387');
    expect(colognePhonetic('Fisher')).toBe('387');
    expect(colognePhonetic('Meier')).toBe(colognePhonetic('Maier'));
  });
});
