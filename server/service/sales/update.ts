/** sales/updateLead: an addition of the reference service (docs/decisions/0015-update-lead.md). */
import { type Lead, MSG } from '#contract/sales.ts';
import { sql } from '../db/database.ts';
import { fail, type Handlers } from '../handler.ts';
import {
  addHistory,
  type LeadRow,
  leadCols,
  nowText,
  refLabel,
  requireActiveLead,
  searchText,
  toLead,
} from './store.ts';

type Group = 'contact' | 'address' | 'communication' | 'medical' | 'insurance';
const groups: readonly Group[] = ['contact', 'address', 'communication', 'medical', 'insurance'];

/** Column of each field of a group (the store's names); a field not listed here is not stored. */
const columns: Record<Group, Map<string, string>> = {
  contact: new Map([
    ['title', 'title'],
    ['salutation', 'salutation'],
    ['firstname', 'firstname'],
    ['lastname', 'lastname'],
    ['alias', 'alias'],
    ['gender', 'gender'],
    ['dob', 'dob'],
    ['civilStatus', 'civil_status'],
    ['nationality', 'nationality'],
  ]),
  address: new Map([
    ['street', 'street'],
    ['zip', 'zip'],
    ['city', 'city'],
    ['country', 'country'],
    ['countryCode', 'country_code'],
  ]),
  communication: new Map([
    ['mail', 'mail'],
    ['mail2', 'mail2'],
    ['phone', 'phone'],
    ['phone2', 'phone2'],
    ['mobile', 'mobile'],
    ['mobile2', 'mobile2'],
  ]),
  medical: new Map([
    ['bloodType', 'blood_type'],
    ['height', 'height'],
    ['weight', 'weight'],
    ['job', 'job'],
    ['hxData', 'hx_data'],
  ]),
  insurance: new Map([
    ['kvg', 'kvg'],
    ['kvgPoliceNr', 'kvg_police_nr'],
    ['vvg', 'vvg'],
    ['payerType', 'payer_type'],
  ]),
};

type Value = string | number | null | Record<string, unknown> | string[];

/** How a value reads in the history text: short, quoted, `—` when empty. */
function shown(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export const updateHandlers: Handlers = {
  updateLead: (ctx, input) => {
    const brief = requireActiveLead(ctx.db, input.leadId);
    const row = sql(ctx.db, `SELECT ${leadCols} FROM leads l WHERE l.lead_id = ?`).get(
      brief.lead_id,
    ) as unknown as LeadRow;
    // Optimistic concurrency (docs/api.md#versions): a write based on an older read changes nothing. Requests
    // of a tenant take turns in one transaction each, so nothing changes between this read and the update.
    if (input.ifVersion !== undefined && input.ifVersion !== row.version) fail(409, MSG.leadChanged);
    const before = toLead(row, [], ctx.user.userid);
    const after: Lead = structuredClone(before);

    const sets: [string, Value][] = [];
    const changes: string[] = [];
    const change = (path: string, column: string, from: unknown, to: Value) => {
      if (same(from, to)) return;
      sets.push([column, to]);
      changes.push(`${path}: ${shown(from)} → ${shown(to)}`);
    };

    for (const g of groups) {
      const sent = input[g] as Record<string, unknown> | undefined;
      if (!sent) continue;
      const target = after[g] as Record<string, unknown>;
      for (const [field, raw] of Object.entries(sent)) {
        const column = columns[g].get(field);
        if (column === undefined || raw === undefined) continue;
        let value = raw as Value;
        if (typeof value === 'string') value = value.trim();
        if (g === 'address' && field === 'countryCode' && typeof value === 'string')
          value = value.toUpperCase();
        if (g === 'contact' && field === 'dob' && value === '') value = null;
        change(`${g}.${field}`, column, target[field], value);
        target[field] = value;
      }
    }
    if (input.what !== undefined) {
      change('what', 'what', after.what, input.what);
      after.what = input.what;
    }
    if (input.source !== undefined) {
      const source = input.source.trim();
      if (source !== '' && refLabel(ctx.db, 'sources', source) === undefined)
        fail(422, `${MSG.unknownSource}${source}`);
      change('source', 'source', after.source, source);
      after.source = source;
    }
    if (input.flags !== undefined) {
      const flags = [...new Set(input.flags)];
      for (const f of flags)
        if (refLabel(ctx.db, 'flags', f) === undefined) fail(422, `${MSG.unknownFlag}${f}`);
      change('flags', 'flags', after.flags, flags);
      after.flags = flags;
    }

    // createLead's rule holds for the lead as it will be.
    const c = after.communication;
    if (![after.contact.lastname, c.mail, c.mobile, c.phone].some((s) => s.trim() !== ''))
      fail(400, MSG.identifying);
    if (sets.length === 0) return { result: null };

    const now = nowText(ctx);
    const assignments = sets.map(([col]) => `${col} = ?`);
    const values = sets.map(([, v]) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v));
    sql(
      ctx.db,
      `UPDATE leads SET ${assignments.join(', ')}, search = ?, last_activity = ? WHERE lead_id = ?`,
    ).run(...values, searchText({ ...after.contact, ...after.communication }), now, brief.lead_id);
    addHistory(ctx.db, {
      leadId: brief.lead_id,
      ispatient: brief.ispatient,
      type: '',
      category: 'Data',
      text: `Data changed: ${changes.join('; ')}`,
      createdBy: ctx.user.userid,
      created: now,
    });
    return { result: null };
  },
};
