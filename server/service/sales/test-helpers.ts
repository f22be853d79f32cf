/** Helpers of the sales tests: one service per test file, on a fixed practice clock. */
import { expect } from 'vitest';
import type { Lead } from '#contract/sales.ts';
import type { Db } from '../db/database.ts';
import { type CallOptions, type Reply, startService, type TestService } from '../test-support.ts';

/** A mutable clock: tests move it forward to see lastActivity and completion times change. */
export interface Clock {
  now: Date;
  /** Moves the clock forward by minutes. */
  advance: (minutes: number) => void;
}

export interface SalesService {
  svc: TestService;
  clock: Clock;
  db: Db;
  call: (op: string, body?: unknown, opts?: CallOptions) => Promise<Reply>;
  /** The result of a call that must succeed. */
  ok: (op: string, body?: unknown, opts?: CallOptions) => Promise<unknown>;
  createLead: (
    body?: Record<string, unknown>,
    opts?: CallOptions,
  ) => Promise<{ leadId: number; uniqid: string }>;
  lead: (leadId: number, opts?: CallOptions) => Promise<Lead>;
}

const paths: Record<string, string> = {};
for (const op of [
  'getLeads',
  'getReferenceData',
  'createLead',
  'intakeLead',
  'getLeadHistory',
  'getTasks',
  'getAdmissions',
  'createAdmission',
  'getLeadStats',
  'addLeadTask',
  'addLeadNote',
  'completeLeadTask',
  'disqualifyLead',
  'deleteLead',
  'restoreLead',
  'setLeadFolder',
  'bulkAssign',
  'bulkSetFolder',
  'linkLeadToPatient',
  'convertLead',
  'updateLead',
]) {
  paths[op] = `/sales/${op}`;
}

/** 2026-03-10 10:00 in Zurich: every seeded date is relative to it. */
export const START = new Date('2026-03-10T09:00:00Z');
export const TODAY = '2026-03-10';

let counter = 0;
/** A last name no seeded lead has. */
export function uniqueName(prefix = 'Testlead'): string {
  counter++;
  return `${prefix}${counter}x${Math.floor(Math.random() * 1e6)}`;
}

export async function startSales(): Promise<SalesService> {
  const clock: Clock = {
    now: new Date(START),
    advance(minutes) {
      this.now = new Date(this.now.getTime() + minutes * 60_000);
    },
  };
  const svc = await startService({ now: () => clock.now });
  const call = (op: string, body: unknown = {}, opts?: CallOptions) => svc.post(paths[op] ?? op, body, opts);
  const ok = async (op: string, body: unknown = {}, opts?: CallOptions) => {
    const r = await call(op, body, opts);
    expect(r.body, `${op} ${JSON.stringify(body)} -> ${r.text}`).toMatchObject({ status: true });
    expect(r.http).toBe(200);
    return r.body.result;
  };
  const createLead = async (body: Record<string, unknown> = {}, opts?: CallOptions) =>
    (await ok('createLead', { ispatient: 1, contact: { lastname: uniqueName() }, ...body }, opts)) as {
      leadId: number;
      uniqid: string;
    };
  const lead = async (leadId: number, opts?: CallOptions) => {
    const r = await call('getLeads', { filter: { leadId, includeDeleted: true } }, opts);
    expect(r.body.result, `lead ${leadId}`).toHaveLength(1);
    return r.body.result[0] as Lead;
  };
  // Opens (and seeds) the demo tenant now, so the first test does not pay for it.
  await ok('getReferenceData', { kinds: ['folders'] });
  return { svc, clock, db: svc.service.db('demo'), call, ok, createLead, lead };
}

/** Expects a refusal with exactly this HTTP status and message. */
export function expectError(r: Reply, http: number, msg: string, withResult = true): void {
  expect(r.http, r.text).toBe(http);
  expect(r.body).toEqual(withResult ? { status: false, msg, result: null } : { status: false, msg });
}
