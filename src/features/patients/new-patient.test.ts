import { describe, expect, it } from 'vitest';
import { createCustomerInput } from '../../../contract/system.ts';
import { emptyNewPatient, newPatientSchema, toCreateCustomerInput } from './new-patient.ts';

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
    });
    expect(body).toEqual({
      lastname: 'Muster',
      firstname: 'Anna',
      gender: 'female',
      dob: '1990-02-01',
      countrycode: 'ch',
      language: 'fr',
      group: 'Kinder',
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

  it('needs a name and a gender, and a real date of birth when one is given', () => {
    expect(messages(emptyNewPatient())).toEqual(expect.arrayContaining(['gender', 'name']));
    expect(messages({ ...emptyNewPatient(), lastname: 'A', gender: 'male', dob: '30.02.2000' })).toEqual([
      'dob',
    ]);
    expect(messages({ ...emptyNewPatient(), lastname: 'A', gender: 'male', dob: '2000-02-29' })).toEqual([]);
    expect(messages({ ...emptyNewPatient(), firstname: 'B', gender: 'male', countrycode: 'CHE' })).toEqual([
      'countrycode',
    ]);
  });
});
