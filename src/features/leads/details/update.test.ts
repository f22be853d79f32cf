import { describe, expect, it } from 'vitest';
import type { Lead } from '#contract/sales.ts';
import { changedPaths, dirtyAgainst, leadDataClashes, leadDataValues } from './update.ts';

/** The parts of a lead the Data form shows. */
function lead(over: { city?: string; mail?: string; phone?: string; what?: string } = {}): Lead {
  return {
    what: over.what ?? '',
    contact: { salutation: '', title: '', firstname: 'Anna', lastname: 'Muster', gender: 'f', dob: null },
    address: { street: '', zip: '', city: over.city ?? 'Bern', country: '', countryCode: '' },
    communication: {
      mail: over.mail ?? 'anna@example.ch',
      mail2: '',
      phone: over.phone ?? '',
      phone2: '',
      mobile: '',
      mobile2: '',
    },
    insurance: { kvg: '', kvgPoliceNr: '', vvg: '', payerType: '' },
  } as unknown as Lead;
}

describe('the Data form after a refused write (409)', () => {
  it('finds the fields the person changed, by value', () => {
    const typed = { ...leadDataValues(lead()), what: ' Knie ' };
    typed.address = { ...typed.address, city: 'Biel' };
    const dirty = dirtyAgainst(lead(), typed);
    expect(dirty).toEqual({ what: true, address: { city: true } });
    expect(changedPaths(dirty)).toEqual(['what', 'address.city']);
  });

  it('a clash is a field both changed to different values; the same value or another field is none', () => {
    const typed = leadDataValues(lead());
    typed.address = { ...typed.address, city: 'Biel' };
    typed.communication = { ...typed.communication, phone: '044 111 22 33' };
    const theirs = lead({ city: 'Thun', phone: '044 111 22 33', mail: 'other@example.ch' });
    expect(leadDataClashes(lead(), theirs, typed)).toEqual([
      { path: 'address.city', mine: 'Biel', theirs: 'Thun' },
    ]);
    expect(leadDataClashes(lead(), lead({ mail: 'other@example.ch' }), typed)).toEqual([]);
  });
});
