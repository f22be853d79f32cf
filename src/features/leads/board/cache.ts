import type { InfiniteData, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { opScope } from '#api/queries.ts';
import { toPracticeDateTime } from '#components/format.ts';
import type { Pagination } from '#contract/common.ts';
import type { Lead } from '#contract/sales.ts';

/**
 * Optimistic moves of a card on the query cache, and taking them back.
 *
 * The board's columns are infinite getLeads queries (key `['sales', 'getLeads', {filter: {folderId, …}}, 'pages']`).
 * A move takes the card out of every column that holds it and puts it on top of the target column with the same
 * other filters (the server orders by last activity, and a move is activity). Single-lead entries (the details
 * page's one-lead page, plain `{items}` lists) get the new folderId.
 *
 * Several moves may be under way at once. Each lead has a chain of its pending moves, started from a snapshot of
 * where the card was before the first of them. When the last move of a chain settles, the card ends where the last
 * successful move put it, or back at the snapshot when none succeeded. So a refused move puts the card back, and
 * two quick moves of one card never leave it where neither the server nor the user has it.
 */

interface Page {
  items: Lead[];
  pagination: Pagination;
}
type Pages = InfiniteData<Page, unknown>;

interface ColumnFilter {
  folderId?: number;
  [key: string]: unknown;
}

/** Where a card was: a column query, the page and the index in it. */
interface Position {
  queryKey: QueryKey;
  /** The column's filter without folderId, as a comparable string. */
  rest: string;
  page: number;
  index: number;
}

export interface MoveSnapshot {
  leadId: number;
  /** The lead as it was before the move. */
  before: Lead;
  positions: Position[];
}

function isPages(v: unknown): v is Pages {
  return typeof v === 'object' && v !== null && Array.isArray((v as Pages).pages);
}

function isPage(v: unknown): v is Page {
  return typeof v === 'object' && v !== null && Array.isArray((v as Page).items);
}

function isLead(v: unknown): v is Lead {
  return typeof v === 'object' && v !== null && typeof (v as Lead).leadId === 'number';
}

/** The board's column queries: `['sales', 'getLeads', input, 'pages']`. */
export function isColumnKey(key: QueryKey): boolean {
  return key[0] === 'sales' && key[1] === 'getLeads' && key[3] === 'pages';
}

function filterOf(key: QueryKey): ColumnFilter {
  const input = key[2] as { filter?: ColumnFilter } | undefined;
  return input?.filter ?? {};
}

/** The column's filter without its folder, stable regardless of key order. */
function restOf(key: QueryKey): string {
  const { folderId: _folder, ...rest } = filterOf(key);
  const input = { ...(key[2] as Record<string, unknown>), filter: undefined };
  return JSON.stringify(sortKeys({ filter: rest, input }));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
  );
}

function leadQueries(client: QueryClient): Query[] {
  return client.getQueryCache().findAll({ queryKey: opScope('getLeads') });
}

function columnQueries(client: QueryClient): Query[] {
  return leadQueries(client).filter((q) => isColumnKey(q.queryKey) && isPages(q.state.data));
}

function withTotal(data: Pages, delta: number): Pages {
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      pagination: { ...p.pagination, total: Math.max(0, p.pagination.total + delta) },
    })),
  };
}

function locate(data: Pages, leadId: number): { page: number; index: number } | null {
  for (let page = 0; page < data.pages.length; page++) {
    const index = data.pages[page].items.findIndex((l) => l.leadId === leadId);
    if (index >= 0) return { page, index };
  }
  return null;
}

/** Takes the card out of every column; returns where it was and the freshest copy of it. */
function takeOut(client: QueryClient, leadId: number): { positions: Position[]; current: Lead | null } {
  const positions: Position[] = [];
  let current: Lead | null = null;
  for (const q of columnQueries(client)) {
    const data = q.state.data as Pages;
    const at = locate(data, leadId);
    if (!at) continue;
    current ??= data.pages[at.page].items[at.index];
    positions.push({ queryKey: q.queryKey, rest: restOf(q.queryKey), ...at });
    const pages = data.pages.map((p, i) =>
      i === at.page ? { ...p, items: p.items.filter((l) => l.leadId !== leadId) } : p,
    );
    client.setQueryData<Pages>(q.queryKey, withTotal({ ...data, pages }, -1));
  }
  return { positions, current };
}

function insertAt(client: QueryClient, queryKey: QueryKey, lead: Lead, page: number, index: number): void {
  const data = client.getQueryData<unknown>(queryKey);
  if (!isPages(data) || data.pages.length === 0 || locate(data, lead.leadId)) return;
  const p = Math.min(page, data.pages.length - 1);
  const pages = data.pages.map((pg, i) => {
    if (i !== p) return pg;
    const items = [...pg.items];
    items.splice(Math.min(index, items.length), 0, lead);
    return { ...pg, items };
  });
  client.setQueryData<Pages>(queryKey, withTotal({ ...data, pages }, 1));
}

/** Single-lead entries and plain lists: the lead's fields as given. */
function patchSingles(client: QueryClient, lead: Lead): void {
  for (const q of leadQueries(client)) {
    if (isColumnKey(q.queryKey)) continue;
    const data = q.state.data;
    if (isLead(data) && data.leadId === lead.leadId) {
      client.setQueryData(q.queryKey, { ...data, folderId: lead.folderId, lastActivity: lead.lastActivity });
    } else if (isPage(data) && data.items.some((l) => l.leadId === lead.leadId)) {
      client.setQueryData<Page>(q.queryKey, {
        ...data,
        items: data.items.map((l) =>
          l.leadId === lead.leadId ? { ...l, folderId: lead.folderId, lastActivity: lead.lastActivity } : l,
        ),
      });
    }
  }
}

/**
 * Moves the card to `folderId` in the cache: out of its columns, on top of the target columns with the same other
 * filters. Returns what it takes to put it back.
 */
export function applyMove(client: QueryClient, lead: Lead, folderId: number, now = new Date()): MoveSnapshot {
  const { positions, current } = takeOut(client, lead.leadId);
  const before = current ?? lead;
  const moved: Lead = { ...before, folderId, lastActivity: toPracticeDateTime(now) };
  const rests = new Set(positions.map((p) => p.rest));
  for (const q of columnQueries(client)) {
    if (filterOf(q.queryKey).folderId === folderId && rests.has(restOf(q.queryKey))) {
      insertAt(client, q.queryKey, moved, 0, 0);
    }
  }
  patchSingles(client, moved);
  return { leadId: lead.leadId, before, positions };
}

/** Puts the card back where the snapshot saw it, wherever it is now. */
export function restoreMove(client: QueryClient, snapshot: MoveSnapshot): void {
  takeOut(client, snapshot.leadId);
  for (const p of snapshot.positions) insertAt(client, p.queryKey, snapshot.before, p.page, p.index);
  patchSingles(client, snapshot.before);
}

// ---------------------------------------------------------------------------------------------------------------
// Chains of pending moves, per lead and per query client.

type MoveState = 'pending' | 'ok' | 'failed';

interface Chain {
  base: MoveSnapshot;
  moves: { id: number; folderId: number; state: MoveState }[];
}

export interface MoveToken {
  leadId: number;
  id: number;
}

const chains = new WeakMap<QueryClient, Map<number, Chain>>();
let nextId = 1;

function chainsOf(client: QueryClient): Map<number, Chain> {
  let map = chains.get(client);
  if (!map) {
    map = new Map();
    chains.set(client, map);
  }
  return map;
}

/** Moves the card at once and registers the move as pending (a request, or a dialog still open). */
export function beginMove(client: QueryClient, lead: Lead, folderId: number, now = new Date()): MoveToken {
  const snapshot = applyMove(client, lead, folderId, now);
  const map = chainsOf(client);
  let chain = map.get(lead.leadId);
  if (!chain) {
    chain = { base: snapshot, moves: [] };
    map.set(lead.leadId, chain);
  }
  const id = nextId++;
  chain.moves.push({ id, folderId, state: 'pending' });
  return { leadId: lead.leadId, id };
}

/**
 * The move succeeded (ok) or was refused or cancelled. Once the lead's last pending move settles, the card ends
 * in the folder of its last successful move, or where it was before the chain began.
 */
export function settleMove(client: QueryClient, token: MoveToken, ok: boolean): void {
  const map = chainsOf(client);
  const chain = map.get(token.leadId);
  const move = chain?.moves.find((m) => m.id === token.id);
  if (!chain || !move || move.state !== 'pending') return;
  move.state = ok ? 'ok' : 'failed';
  if (chain.moves.some((m) => m.state === 'pending')) return;
  map.delete(token.leadId);
  const lastOk = chain.moves.findLast((m) => m.state === 'ok');
  const last = chain.moves[chain.moves.length - 1];
  if (!lastOk) {
    restoreMove(client, chain.base);
  } else if (lastOk !== last && lastOk.folderId !== last.folderId) {
    applyMove(client, chain.base.before, lastOk.folderId);
  }
}

/** Whether any move is still pending: lists are not refetched meanwhile. */
export function hasPendingMoves(client: QueryClient): boolean {
  return chainsOf(client).size > 0;
}

/** The leads with these ids as the board's columns hold them now (for names in results and ranges). */
export function findLeads(client: QueryClient, ids: Iterable<number>): Map<number, Lead> {
  const wanted = new Set(ids);
  const out = new Map<number, Lead>();
  for (const q of columnQueries(client)) {
    for (const p of (q.state.data as Pages).pages) {
      for (const l of p.items) if (wanted.has(l.leadId) && !out.has(l.leadId)) out.set(l.leadId, l);
    }
  }
  return out;
}
