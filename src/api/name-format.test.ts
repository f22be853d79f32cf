import { describe, expect, it } from 'vitest';
import { patientName, personName, providerLabel } from './name-format.ts';

describe('the name formats', () => {
  it('writes a patient last name first, a practitioner with the title, a user given name first', () => {
    expect(patientName({ lastname: 'Müller-Schmid', firstname: 'Anna' })).toBe('Müller-Schmid, Anna');
    expect(providerLabel({ title: 'Dr. med.', givenname: 'Anna', familyname: 'Berger' })).toBe(
      'Dr. med. Anna Berger',
    );
    expect(personName({ givenname: 'Petra', familyname: 'Sommer' })).toBe('Petra Sommer');
  });

  it('leaves out what is missing, without a stray comma or space, and is empty for no name at all', () => {
    expect(patientName({ lastname: 'Muster', firstname: '' })).toBe('Muster');
    expect(patientName({ lastname: '', firstname: 'Anna' })).toBe('Anna');
    expect(providerLabel({ title: '', givenname: '', familyname: 'Berger' })).toBe('Berger');
    expect(personName({ givenname: '', familyname: '' })).toBe('');
  });
});
