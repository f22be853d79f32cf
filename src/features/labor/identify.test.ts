import { describe, expect, it, vi } from 'vitest';
import type { Patient } from '../../../contract/system.ts';
import { findPatient, type PatientLookup, readPid } from './identify.ts';

const message = (pid: string) =>
  [
    'MSH|^~\\&|LAB|Labor Zentral|PRAXIS|Praxis|20261120083000||ORU^R01|1|P|2.5',
    pid,
    'OBX|1|NM|HB^Hämoglobin||140|g/l',
  ].join('\r');

function patient(p: Partial<Patient>): Patient {
  return {
    patid: 1,
    lastname: '',
    firstname: '',
    gender: 'male',
    dob: null,
    title: '',
    street: '',
    zip: '',
    city: '',
    country: '',
    countrycode: 'ch',
    mobile: '',
    mail: '',
    AHV: '',
    language: 'de',
    deleted: '0',
    ...p,
  };
}

function lookup(byId: Patient | null, hits: Patient[]): PatientLookup {
  return { byId: vi.fn(async () => byId), byNameAndDob: vi.fn(async () => hits) };
}

describe('reading an HL7 message before upload', () => {
  it('reads PID-3, PID-5 and PID-7', () => {
    expect(readPid(message('PID|1||4711^^^PRAXIS||Muster^Hans||19600201|M'))).toEqual({
      patientId: '4711',
      lastname: 'Muster',
      firstname: 'Hans',
      dob: '1960-02-01',
    });
  });

  it('is null for a text without MSH segment', () => {
    expect(readPid('PID|1||4711||Muster^Hans||19600201')).toBeNull();
  });
});

describe('finding the patient of a message', () => {
  const pid = { patientId: '4711', lastname: 'Muster', firstname: 'Hans', dob: '1960-02-01' };

  it('takes the patient named by PID-3', async () => {
    const l = lookup(patient({ patid: 4711, lastname: 'Muster', firstname: 'Hans' }), []);
    expect(await findPatient(pid, l)).toMatchObject({ patid: 4711 });
    expect(l.byNameAndDob).not.toHaveBeenCalled();
  });

  it('falls back to name and date of birth, exactly as the service assigns', async () => {
    const l = lookup(null, [
      patient({ patid: 8, lastname: 'Mustermann', firstname: 'Hans', dob: '1960-02-01' }),
      patient({ patid: 9, lastname: 'muster', firstname: 'HANS', dob: '1960-02-01' }),
    ]);
    expect(await findPatient(pid, l)).toMatchObject({ patid: 9 });
    expect(l.byNameAndDob).toHaveBeenCalledWith('Muster', 'Hans', '1960-02-01');
  });

  it('knows nobody when neither matches, nor a deleted patient', async () => {
    const deleted = patient({ patid: 4711, lastname: 'Muster', firstname: 'Hans', deleted: '1' });
    expect(await findPatient(pid, lookup(deleted, []))).toBeNull();
    expect(await findPatient({ ...pid, dob: '' }, lookup(null, [deleted]))).toBeNull();
  });
});
