import { describe, expect, it } from 'vitest';
import { toCriteria } from './patient-link.tsx';

describe('the patient search of the link', () => {
  it('sends only the criteria typed, a patient number as a number', () => {
    expect(toCriteria({ lastname: ' Muster ', firstname: '', dob: '', patid: '' })).toEqual({
      lastname: 'Muster',
      firstname: undefined,
      dob: undefined,
      patid: undefined,
    });
    expect(toCriteria({ lastname: '', firstname: '', dob: '1980-11-21', patid: '12' })).toMatchObject({
      dob: '1980-11-21',
      patid: 12,
    });
    expect(toCriteria({ lastname: '', firstname: '', dob: '', patid: '12a' }).patid).toBeUndefined();
  });
});
