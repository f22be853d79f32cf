import { describe, expect, it } from 'vitest';
import { waitlistOperations } from '#contract/agenda-waitlist.ts';
import type { OpName } from '#contract/operations.ts';
import { operationDef, registerOperations } from './operation-table.ts';

describe('the operations the app knows', () => {
  it('has those of the first page from the start', () => {
    expect(operationDef('getLeads').path).toBe('/sales/getLeads');
  });

  it("knows a later area's operation only once its area registered it", () => {
    expect(() => operationDef('getWaitlist')).toThrow(/getWaitlist: its area has not registered/);
    registerOperations(waitlistOperations);
    expect(operationDef('getWaitlist').path).toBe('/agenda/getWaitlist');
  });

  it('finds nothing under a name of an object property', () => {
    expect(() => operationDef('constructor' as OpName)).toThrow(/has not registered/);
    expect(() => operationDef('__proto__' as OpName)).toThrow(/has not registered/);
  });
});
