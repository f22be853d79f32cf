import { describe, expect, it } from 'vitest';
import { criteriaOf, readSearch, writeSearch } from './url-state.ts';

describe('the patients page URL', () => {
  it('keeps the search and the page, and reads them back', () => {
    const state = readSearch(
      new URLSearchParams('lastname=Meier&dob=01.02.1970&offset=50&limit=50&mobile=1'),
    );
    expect(state.fields.lastname).toBe('Meier');
    expect(state.offset).toBe(50);
    expect(state.limit).toBe(50);
    expect(criteriaOf(state)).toEqual([{ lastname: 'Meier', dob: '1970-02-01' }]);
    expect(writeSearch(state).toString()).toBe('lastname=Meier&dob=01.02.1970&offset=50&limit=50');
  });

  it('interprets the free text, and ignores a page size it does not offer', () => {
    const state = readSearch(new URLSearchParams('q=756.1234.5678.97&limit=7'));
    expect(criteriaOf(state)).toEqual([{ ahv: '756.1234.5678.97' }]);
    expect(state.limit).toBe(25);
  });
});
