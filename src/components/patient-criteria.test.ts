import { describe, expect, it } from 'vitest';
import { searchPatientsInput } from '#contract/system.ts';
import {
  hasCriteria,
  interpretQuery,
  type PatientCriteria,
  patientSearchKeys,
  toSearchInput,
} from './patient-criteria.ts';

const allowed = new Set<string>([...patientSearchKeys, 'offset', 'limit']);

/** A fixed day, so that two-digit years read the same whenever the test runs. */
const now = new Date('2026-11-25T10:00:00Z');

describe('interpretQuery', () => {
  it.each([
    ['Müller', [{ lastname: 'Müller' }]],
    ['  müller  ', [{ lastname: 'müller' }]],
    [
      'Müller Anna',
      [
        { lastname: 'Müller', firstname: 'Anna' },
        { lastname: 'Anna', firstname: 'Müller' },
      ],
    ],
    [
      'noah schmid',
      [
        { lastname: 'noah', firstname: 'schmid' },
        { lastname: 'schmid', firstname: 'noah' },
      ],
    ],
    ['Müller-Schmid,  Anna Maria', [{ lastname: 'Müller-Schmid', firstname: 'Anna Maria' }]],
    [', Anna', [{ firstname: 'Anna' }]],
    ['21.11.1980', [{ dob: '1980-11-21' }]],
    ['1.2.1990', [{ dob: '1990-02-01' }]],
    ['1980-11-21', [{ dob: '1980-11-21' }]],
    ['18.9.49', [{ dob: '1949-09-18' }]],
    ['1.2.25', [{ dob: '2025-02-01' }]],
    // 24 December 2026 is still to come on the fixed day: a birth date of the century before.
    ['24.12.26', [{ dob: '1926-12-24' }]],
    // A day and month alone: the most recent one (a newborn).
    ['3.11.', [{ dob: '2026-11-03' }]],
    [
      'Schmid Noah 18.9.49',
      [
        { lastname: 'Schmid', firstname: 'Noah', dob: '1949-09-18' },
        { lastname: 'Noah', firstname: 'Schmid', dob: '1949-09-18' },
      ],
    ],
    ['42', [{ patid: 42 }]],
    ['079 100 79 19', [{ phone: '079 100 79 19' }]],
    ['+41791007919', [{ phone: '+41791007919' }]],
    ['0791007919', [{ phone: '0791007919' }]],
    ['anna.muster@example.ch', [{ mail: 'anna.muster@example.ch' }]],
    ['756.1234.5678.97', [{ ahv: '756.1234.5678.97' }]],
    ['756 1000 0003 75', [{ ahv: '756 1000 0003 75' }]],
    ['7561234567897', [{ ahv: '7561234567897' }]],
  ])('reads %j as %j', (text, expected) => {
    expect(interpretQuery(text, now)).toEqual(expected);
  });

  it.each([
    '',
    '   ',
    'a',
    'a@b.c',
    '31.02.1980',
    '0',
    '2023-13-01',
    '31.2.49',
    '079 1',
    '24.12.2026',
    '1.1.1899',
  ])('finds nothing to search in %j', (text) => {
    expect(interpretQuery(text, now)).toBeNull();
  });
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
      '079 100 79 19',
      '18.9.49',
      'noah schmid',
    ];
    for (const text of texts) {
      for (const criteria of interpretQuery(text) ?? []) {
        const body = toSearchInput(criteria) as Record<string, unknown>;
        for (const key of Object.keys(body)) expect(allowed).toContain(key);
        const parsed = searchPatientsInput.safeParse(JSON.parse(JSON.stringify(body)));
        const messages = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
        expect(messages.filter((m) => m.startsWith('Unknown parameter'))).toEqual([]);
      }
    }
  });

  it('knows when there is something to search for', () => {
    expect(hasCriteria({})).toBe(false);
    expect(hasCriteria({ lastname: '  ' })).toBe(false);
    expect(hasCriteria({ patid: 0 })).toBe(false);
    expect(hasCriteria({ mail: 'a.b@example.ch' })).toBe(true);
  });
});
