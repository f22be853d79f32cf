import { describe, expect, it, vi } from 'vitest';
import type { Patient } from '#contract/system.ts';
import { patientRecord } from '#test/factories.ts';
import { findPatient, type PatientLookup, readPid } from './identify.ts';

const message = (pid: string) =>
  [
    'MSH|^~\\&|LAB|Labor Zentral|PRAXIS|Praxis|20261120083000||ORU^R01|1|P|2.5',
    pid,
    'OBX|1|NM|HB^Hämoglobin||140|g/l',
  ].join('\r');

const patient = patientRecord;

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
    expect(await findPatient(pid, l)).toEqual({ patient: expect.objectContaining({ patid: 4711 }) });
    expect(l.byNameAndDob).not.toHaveBeenCalled();
  });

  it('takes PID-3 with the name spelt with ue and in capitals, as the service compares names', async () => {
    const l = lookup(patient({ patid: 4711, lastname: 'Müller', firstname: 'Jörg', dob: '1960-02-01' }), []);
    const spelt = { ...pid, lastname: 'MUELLER', firstname: 'Joerg' };
    expect(await findPatient(spelt, l)).toEqual({ patient: expect.objectContaining({ patid: 4711 }) });
  });

  it('holds a message whose PID-3 patient the name or the birth date contradicts', async () => {
    const steiner = patient({ patid: 5, lastname: 'Steiner', firstname: 'Jonas', dob: '1961-04-03' });
    const byName = await findPatient({ ...pid, patientId: '5' }, lookup(steiner, []));
    expect(byName).toEqual({
      patient: null,
      mismatch: expect.objectContaining({ patid: 5, lastname: 'Steiner' }),
    });
    const sameName = { patientId: '5', lastname: 'Steiner', firstname: 'Jonas', dob: '1970-01-01' };
    expect((await findPatient(sameName, lookup(steiner, []))).mismatch).toMatchObject({ patid: 5 });
  });

  it('falls back to name and date of birth, exactly as the service assigns', async () => {
    const l = lookup(null, [
      patient({ patid: 8, lastname: 'Mustermann', firstname: 'Hans', dob: '1960-02-01' }),
      patient({ patid: 9, lastname: 'muster', firstname: 'HANS', dob: '1960-02-01' }),
    ]);
    expect(await findPatient(pid, l)).toEqual({ patient: expect.objectContaining({ patid: 9 }) });
    expect(l.byNameAndDob).toHaveBeenCalledWith('Muster', 'Hans', '1960-02-01');
  });

  it('knows nobody when neither matches, nor a deleted patient', async () => {
    const deleted = patient({ patid: 4711, lastname: 'Muster', firstname: 'Hans', deleted: '1' });
    expect(await findPatient(pid, lookup(deleted, []))).toEqual({ patient: null });
    expect(await findPatient({ ...pid, dob: '' }, lookup(null, [deleted]))).toEqual({ patient: null });
  });
});
