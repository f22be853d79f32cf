import { describe, expect, it } from 'vitest';
import { boardFilterOf, parseBoardParams, withBoardParams } from './url-state.ts';

describe('board filters in the address', () => {
  it('reads the defaults from an empty address', () => {
    const p = parseBoardParams(new URLSearchParams(''));
    expect(p).toEqual({
      pipeline: 'patient',
      search: '',
      assignee: null,
      source: '',
      flags: [],
      showDeleted: false,
      lead: null,
    });
    expect(boardFilterOf(p, 1)).toEqual({ ispatient: 1 });
  });

  it('reads every filter, and "mine" becomes the signed-in user', () => {
    const p = parseBoardParams(
      new URLSearchParams(
        'pipeline=contact&q=muster&assignee=mine&source=I&flags=VIP,URGENT&deleted=1&lead=12',
      ),
    );
    expect(p.lead).toBe(12);
    expect(boardFilterOf(p, 7)).toEqual({
      ispatient: 0,
      search: 'muster',
      assigneeId: 7,
      source: 'I',
      flags: ['VIP', 'URGENT'],
      includeDeleted: true,
    });
  });

  it('waits for the user before filtering on "mine"; "none" is unassigned; junk is ignored', () => {
    expect(boardFilterOf(parseBoardParams(new URLSearchParams('assignee=mine')), undefined)).toBeNull();
    expect(boardFilterOf(parseBoardParams(new URLSearchParams('assignee=none')), 1)).toEqual({
      ispatient: 1,
      assigneeId: 0,
    });
    const junk = parseBoardParams(new URLSearchParams('assignee=abc&lead=-3&pipeline=x'));
    expect(junk).toMatchObject({ assignee: null, lead: null, pipeline: 'patient' });
  });

  it('writes only what differs from the defaults and keeps other params', () => {
    const base = new URLSearchParams('other=1&q=x');
    const next = withBoardParams(base, {
      search: '',
      pipeline: 'contact',
      flags: ['VIP'],
      showDeleted: false,
    });
    expect(next.toString()).toBe('other=1&pipeline=contact&flags=VIP');
    expect(withBoardParams(next, { pipeline: 'patient', assignee: 'mine', lead: 4 }).toString()).toBe(
      'other=1&flags=VIP&assignee=mine&lead=4',
    );
  });
});
