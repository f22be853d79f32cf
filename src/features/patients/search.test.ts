import { describe, expect, it } from 'vitest';
import { searchPatientsInput } from '../../../contract/system.ts';
import {
  hasCriteria,
  interpretQuery,
  type PatientCriteria,
  patientSearchKeys,
  toSearchInput,
} from '../../components/patient-search.tsx';
import { criteriaOf, readSearch, writeSearch } from './url-state.ts';

const allowed = new Set<string>([...patientSearchKeys, 'offset', 'limit']);

describe('interpretQuery', () => {
  it.each([
    ['Müller', { lastname: 'Müller' }],
    ['  müller  ', { lastname: 'müller' }],
    ['Müller Anna', { lastname: 'Müller', firstname: 'Anna' }],
    ['Müller-Schmid,  Anna Maria', { lastname: 'Müller-Schmid', firstname: 'Anna Maria' }],
    [', Anna', { firstname: 'Anna' }],
    ['21.11.1980', { dob: '21.11.1980' }],
    ['1.2.1990', { dob: '1.2.1990' }],
    ['1980-11-21', { dob: '1980-11-21' }],
    ['42', { patid: 42 }],
    ['anna.muster@example.ch', { mail: 'anna.muster@example.ch' }],
    ['756.1234.5678.97', { ahv: '756.1234.5678.97' }],
    ['7561234567897', { ahv: '7561234567897' }],
  ])('reads %j as %j', (text, expected) => {
    expect(interpretQuery(text)).toEqual(expected);
  });

  it.each(['', '   ', 'a', 'a@b.c', '31.02.1980', '0', '2023-13-01'])(
    'finds nothing to search in %j',
    (text) => {
      expect(interpretQuery(text)).toBeNull();
    },
  );
});

describe('toSearchInput', () => {
  it('sends only the criteria searchPatients allows, trimmed, without empty ones, with paging', () => {
    const withExtras = {
      lastname: ' Meier ',
      firstname: '',
      mobile: '079 123 45 67',
      language: 'de',
      countrycode: 'ch',
      patid: 0,
      q: 'Meier',
    } as PatientCriteria;
    expect(toSearchInput(withExtras, { offset: 25, limit: 25 })).toEqual({
      lastname: 'Meier',
      offset: 25,
      limit: 25,
    });
  });

  it('never produces another key, and the contract never answers "Unknown parameter(s)"', () => {
    const texts = [
      'Müller',
      'Müller Anna',
      'Meier, Hans',
      '21.11.1980',
      '1980-11-21',
      '17',
      'a.b@example.ch',
      '756.9217.0769.85',
      'von Allmen',
      'x@y',
      '0041 79 123',
    ];
    for (const text of texts) {
      const criteria = interpretQuery(text);
      if (!criteria) continue;
      const body = toSearchInput(criteria) as Record<string, unknown>;
      for (const key of Object.keys(body)) expect(allowed).toContain(key);
      const parsed = searchPatientsInput.safeParse(JSON.parse(JSON.stringify(body)));
      const messages = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
      expect(messages.filter((m) => m.startsWith('Unknown parameter'))).toEqual([]);
    }
  });

  it('knows when there is something to search for', () => {
    expect(hasCriteria({})).toBe(false);
    expect(hasCriteria({ lastname: '  ' })).toBe(false);
    expect(hasCriteria({ patid: 0 })).toBe(false);
    expect(hasCriteria({ mail: 'a.b@example.ch' })).toBe(true);
  });
});

describe('the patients page URL', () => {
  it('keeps the search and the page, and reads them back', () => {
    const state = readSearch(
      new URLSearchParams('lastname=Meier&dob=01.02.1970&offset=50&limit=50&mobile=1'),
    );
    expect(state.fields.lastname).toBe('Meier');
    expect(state.offset).toBe(50);
    expect(state.limit).toBe(50);
    expect(criteriaOf(state)).toEqual({ lastname: 'Meier', dob: '01.02.1970' });
    expect(writeSearch(state).toString()).toBe('lastname=Meier&dob=01.02.1970&offset=50&limit=50');
  });

  it('interprets the free text, and ignores a page size it does not offer', () => {
    const state = readSearch(new URLSearchParams('q=756.1234.5678.97&limit=7'));
    expect(criteriaOf(state)).toEqual({ ahv: '756.1234.5678.97' });
    expect(state.limit).toBe(25);
  });
});
