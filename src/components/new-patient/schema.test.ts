import { describe, expect, it } from 'vitest';
import { createCustomerInput } from '#contract/system.ts';
import { emptyNewPatient, newPatientSchema, toCreateCustomerInput } from './schema.ts';

describe('toCreateCustomerInput', () => {
  it('sends countrycode (lower-case name) in lower case, the date of birth as YYYY-MM-DD and no empty fields', () => {
    const body = toCreateCustomerInput({
      ...emptyNewPatient(),
      lastname: ' Muster ',
      firstname: 'Anna',
      gender: 'female',
      dob: '01.02.1990',
      countrycode: 'CH',
      language: 'fr',
      group: 'Kinder',
      ahv: '756 1234 5678 97',
    });
    expect(body).toEqual({
      lastname: 'Muster',
      firstname: 'Anna',
      gender: 'female',
      dob: '1990-02-01',
      countrycode: 'ch',
      language: 'fr',
      group: 'Kinder',
      ahv: '756.1234.5678.97',
    });
    expect(body).not.toHaveProperty('countryCode');
    for (const key of Object.keys(body)) expect(Object.keys(createCustomerInput.shape)).toContain(key);
  });
});

describe('newPatientSchema', () => {
  const messages = (values: Parameters<typeof newPatientSchema.safeParse>[0]) => {
    const r = newPatientSchema.safeParse(values);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  const valid = {
    ...emptyNewPatient(),
    lastname: 'A',
    firstname: 'B',
    gender: 'male' as const,
    dob: '2000-02-29',
  };

  it('needs last and first name, a gender chosen by the person and a real date of birth', () => {
    expect(messages(emptyNewPatient())).toEqual(
      expect.arrayContaining(['gender', 'lastname', 'firstname', 'dobRequired']),
    );
    expect(emptyNewPatient().gender).toBe('');
    // Written as a date but no day of the calendar, in the future, before 1900, or no date at all: each says so.
    expect(messages({ ...valid, dob: '30.02.2000' })).toEqual(['noSuchDay']);
    expect(messages({ ...valid, dob: '1.1.2999' })).toEqual(['future']);
    expect(messages({ ...valid, dob: '31.12.1899' })).toEqual(['before1900']);
    expect(messages({ ...valid, dob: '2000/02/29' })).toEqual(['dob']);
    // As people write it: 18.9.91 is 1991.
    expect(messages({ ...valid, dob: '18.9.91' })).toEqual([]);
    expect(toCreateCustomerInput({ ...valid, dob: '18.9.91' }).dob).toBe('1991-09-18');
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, countrycode: 'CHE' })).toEqual(['countrycode']);
  });

  it('takes an AHV number only with 756, 13 digits and the right check digit', () => {
    expect(messages({ ...valid, ahv: '756.1234.5678.97' })).toEqual([]);
    expect(messages({ ...valid, ahv: '756 1234 5678 97' })).toEqual([]);
    expect(messages({ ...valid, ahv: '756.1234.5678.98' })).toEqual(['ahv']);
    expect(messages({ ...valid, ahv: '123.1234.5678.97' })).toEqual(['ahv']);
    expect(messages({ ...valid, ahv: '756.1234.5678' })).toEqual(['ahv']);
  });

  it('preselects nothing: no gender, language or country a person did not choose', () => {
    const empty = emptyNewPatient();
    expect([empty.gender, empty.language, empty.countrycode]).toEqual(['', '', '']);
  });
});
