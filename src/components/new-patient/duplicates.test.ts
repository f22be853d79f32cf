import { describe, expect, it } from 'vitest';
import type { Patient } from '#contract/system.ts';
import { duplicateSearches, matchReasons, rankMatches } from './duplicates.ts';

const fischer: Patient = {
  patid: 7,
  lastname: 'Fischer',
  firstname: 'Nina',
  gender: 'female',
  dob: '1988-06-12',
  title: '',
  street: '',
  zip: '',
  city: '',
  country: '',
  countrycode: 'ch',
  mobile: '+41 79 152 26 54',
  tel: '044 123 45 67',
  mail: 'nina@example.ch',
  AHV: '',
  language: 'de',
  deleted: '0',
};

describe('the searches for the same person', () => {
  it('are everyone born that day and each number given, in its digits, once', () => {
    expect(
      duplicateSearches({
        lastname: 'Fisher',
        dob: '1988-06-12',
        tel: '079 152 26 54',
        mobile: '0041791522654',
      }),
    ).toEqual([{ dob: '1988-06-12' }, { phone: '791522654' }]);
  });

  it('leave out numbers too short to be one', () => {
    expect(duplicateSearches({ lastname: 'Fisher', mobile: '12' })).toEqual([]);
  });
});

describe('matchReasons, the one same-person rule', () => {
  it.each([
    ['Fisher', 'similarName'],
    ['Fishcer', 'similarName'],
    ['FISCHER', 'nameAndDob'],
  ])('takes %s born the same day as Fischer (%s)', (lastname, reason) => {
    expect(matchReasons({ lastname, dob: '1988-06-12' }, fischer)).toEqual([reason]);
  });

  it('keeps Fischbach, and a Fisher born another day, apart', () => {
    expect(matchReasons({ lastname: 'Fischbach', dob: '1988-06-12' }, fischer)).toEqual([]);
    expect(matchReasons({ lastname: 'Fisher', dob: '1988-06-13' }, fischer)).toEqual([]);
  });

  it('takes the same mobile or phone number in any format, under any name', () => {
    for (const mobile of ['079 152 26 54', '+41 79 152 26 54', '0041791522654']) {
      expect(matchReasons({ lastname: 'Brunner', dob: '2001-04-03', mobile }, fischer)).toEqual(['mobile']);
    }
    expect(matchReasons({ lastname: 'Brunner', tel: '+41 44 123 45 67' }, fischer)).toEqual(['phone']);
  });

  it('puts deleted patients last, then the ones with more reasons', () => {
    const ranked = rankMatches([
      { patient: { ...fischer, patid: 1, deleted: '1' }, by: ['mobile', 'similarName'] },
      { patient: { ...fischer, patid: 2 }, by: ['mobile'] },
      { patient: { ...fischer, patid: 3 }, by: ['mobile', 'similarName'] },
    ]);
    expect(ranked.map((m) => m.patient.patid)).toEqual([3, 2, 1]);
  });
});
