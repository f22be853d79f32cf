import { describe, expect, it } from 'vitest';
import { patientSearchKeys, toSearchInput } from '#components/patient-search.tsx';
import type { Patient } from '#contract/system.ts';
import { makeLead } from '../board/test-data.ts';
import { matchCriteria, mergeMatches, samePerson } from './convert-dialog.tsx';

function patient(patid: number, over: Partial<Patient> = {}): Patient {
  return {
    patid,
    lastname: 'Muster',
    firstname: 'Anna',
    gender: 'female',
    dob: '1980-01-02',
    title: '',
    street: '',
    zip: '',
    city: 'Bern',
    country: 'Schweiz',
    countrycode: 'ch',
    mobile: '',
    mail: '',
    AHV: '',
    language: 'de',
    deleted: '0',
    ...over,
  };
}

describe('patients that match a lead', () => {
  it('searches by last name, date of birth and mail, each on its own, with fields searchPatients allows', () => {
    const lead = makeLead(1, {
      contact: { ...makeLead(1).contact, lastname: 'Muster', dob: '1980-01-02' },
      communication: { ...makeLead(1).communication, mail: 'anna.muster@example.ch', mobile: '+41 79 1' },
    });
    const searches = matchCriteria(lead);
    expect(searches.map((s) => s.field)).toEqual(['name', 'dob', 'mail']);
    for (const s of searches) {
      const input = toSearchInput(s.criteria) as Record<string, unknown>;
      const keys = Object.keys(input).filter((k) => k !== 'offset' && k !== 'limit');
      expect(keys).toHaveLength(1);
      expect(patientSearchKeys as readonly string[]).toContain(keys[0]);
    }
  });

  it('leaves out what searchPatients would refuse: a one-letter name, a short mail, no date of birth', () => {
    const lead = makeLead(1, {
      contact: { ...makeLead(1).contact, lastname: 'M', dob: null },
      communication: { ...makeLead(1).communication, mail: 'a@b.ch' },
    });
    expect(matchCriteria(lead)).toEqual([]);
  });

  it('merges the hits by patient, most matching fields first, without deleted patients', () => {
    const merged = mergeMatches([
      { field: 'name', hits: [patient(1), patient(2, { firstname: 'Beat' }), patient(3, { deleted: '1' })] },
      { field: 'dob', hits: [patient(2, { firstname: 'Beat' })] },
      { field: 'mail', hits: [patient(2, { firstname: 'Beat' }), patient(4, { lastname: 'Other' })] },
    ]);
    expect(merged.map((m) => [m.patient.patid, m.fields])).toEqual([
      [2, ['name', 'dob', 'mail']],
      [1, ['name']],
      [4, ['mail']],
    ]);
  });

  it('asks a second time by the one same-person rule: a similar name on the birth date, or the same mobile', () => {
    const base = makeLead(1);
    const lead = makeLead(1, {
      contact: { ...base.contact, lastname: 'Fisher', dob: '1988-06-12' },
      communication: { ...base.communication, mail: '', phone: '', mobile: '079 152 26 54' },
    });
    const same = samePerson(lead, [
      { patient: patient(1, { lastname: 'Fischer', dob: '1988-06-12' }), fields: ['dob'] },
      { patient: patient(2, { lastname: 'Fischbach', dob: '1988-06-12' }), fields: ['dob'] },
      { patient: patient(3, { lastname: 'Brunner', mobile: '+41 79 152 26 54' }), fields: [] },
      { patient: patient(4, { lastname: 'Fischer', dob: '1988-06-12', deleted: '1' }), fields: ['dob'] },
    ]);
    expect(same.map((p) => p.patid)).toEqual([1, 3]);
  });
});
