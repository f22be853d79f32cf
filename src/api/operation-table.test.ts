import { describe, expect, it } from 'vitest';
import { waitlistOperations } from '#contract/agenda-waitlist.ts';
import type { OpName } from '#contract/operations.ts';
import { operationDef, registerOperations } from './operation-table.ts';

describe('the operations the app knows', () => {
  it("has those of the frame and Today from the start, an area's once its api module loaded", async () => {
    expect(operationDef('getAppointments').path).toBe('/agenda/getAppointments');
    await import('./sales/leads.ts');
    expect(operationDef('getLeads').path).toBe('/sales/getLeads');
  });

  it("knows a later area's operation only once its area registered it", () => {
    // A name no module registers (the files of a worker share their modules: the waiting list's may be loaded).
    const name = 'getWaitlistOfThisTest' as OpName;
    expect(() => operationDef(name)).toThrow(/getWaitlistOfThisTest: its area has not registered/);
    registerOperations({ [name]: waitlistOperations.getWaitlist });
    expect(operationDef(name).path).toBe('/agenda/getWaitlist');
  });

  it('finds nothing under a name of an object property', () => {
    expect(() => operationDef('constructor' as OpName)).toThrow(/has not registered/);
    expect(() => operationDef('__proto__' as OpName)).toThrow(/has not registered/);
  });
});
