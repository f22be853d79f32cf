import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, type ApiErrorKind } from '#api/client.ts';
import { getSession } from '#api/session.ts';
import type { AccountingRange } from '#contract/accounting.ts';
import { createExtractHost, type FromHost, type ToHost } from './extract-host.ts';
import type { CsvSpec, ExtractOp, SheetSpec, Summary, ViewSpec } from './extract-model.ts';
import { rangeInput } from './queries.ts';

/**
 * The page's side of an accounting extract: the rows stay in a Web Worker (extract.worker.ts), which reads, checks,
 * filters, sorts and totals them; the page gets the counts and totals and asks for the rows it shows (a window of
 * the virtualised table). Without Worker (tests in jsdom) the same host runs in the page's thread.
 */

const TIMEOUT_MS = 120_000;
/** Rows asked for beyond the visible ones, above and below, so that scrolling a little needs no new answer. */
const MARGIN = 40;

interface Port {
  post: (m: ToHost) => void;
  close: () => void;
}

const newWorker = () => new Worker(new URL('./extract.worker.ts', import.meta.url), { type: 'module' });

/** A worker started ahead, while the page shows the range and the filters: the first extract need not wait for it. */
let spare: Worker | null = null;

function takeWorker(): Worker {
  const worker = spare ?? newWorker();
  spare = null;
  return worker;
}

/**
 * The accounting page starts a worker when it opens (its script loads and runs while the person looks at the page)
 * and ends it when left unused.
 */
export function useSpareWorker(): void {
  useEffect(() => {
    if (typeof Worker === 'undefined') return;
    spare ??= newWorker();
    return () => {
      spare?.terminate();
      spare = null;
    };
  }, []);
}

function openPort(onMessage: (m: FromHost) => void, onFailure: () => void): Port {
  if (typeof Worker === 'undefined') {
    let open = true;
    const host = createExtractHost((m) => {
      queueMicrotask(() => {
        if (open) onMessage(m);
      });
    });
    return {
      post: (m) => host.handle(m),
      close: () => {
        open = false;
        host.stop();
      },
    };
  }
  const worker = takeWorker();
  worker.onmessage = (e: MessageEvent<FromHost>) => onMessage(e.data);
  worker.onerror = (e) => {
    e.preventDefault();
    onFailure();
  };
  return { post: (m) => worker.postMessage(m), close: () => worker.terminate() };
}

export interface ExtractState<R> {
  status: 'pending' | 'error' | 'success';
  error: ApiError | null;
  summary: Summary | null;
  /** Further rows are arriving (the first ones are already counted). */
  fetching: boolean;
  /** The shown row at a position, once it has come from the worker. */
  rowAt: (index: number) => R | undefined;
  /** The table shows these positions (from inclusive, to exclusive). */
  showing: (from: number, to: number) => void;
  /** The shown rows as a CSV file. */
  csv: (columns: CsvSpec[]) => Promise<string>;
  /** The shown rows as an Excel workbook (made in the worker; rejects when it could not be made). */
  xlsx: (columns: CsvSpec[], sheet: SheetSpec) => Promise<ArrayBuffer>;
  /** The distinct values of a field over the shown rows. */
  distinct: (key: string) => Promise<unknown[]>;
  retry: () => void;
}

interface Rows {
  version: number;
  map: Map<number, unknown>;
}

export function useExtract<R>(op: ExtractOp, range: AccountingRange, view: ViewSpec): ExtractState<R> {
  const input = rangeInput(range);
  const inputKey = JSON.stringify(input);
  const viewKey = JSON.stringify(view);
  const viewRef = useRef(view);
  viewRef.current = view;

  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{
    status: ExtractState<R>['status'];
    error: ApiError | null;
    summary: Summary | null;
    done: boolean;
  }>({ status: 'pending', error: null, summary: null, done: false });
  const [, setTick] = useState(0);
  const port = useRef<Port | null>(null);
  const rows = useRef<Rows>({ version: -1, map: new Map() });
  const previous = useRef<Rows>({ version: -1, map: new Map() });
  const asked = useRef({ version: -1, from: 0, to: 0 });
  const visible = useRef({ from: 0, to: 0 });
  const csvWaiting = useRef(new Map<number, (answer: string | unknown[] | ArrayBuffer | null) => void>());
  const csvId = useRef(0);

  const ask = useCallback((version: number) => {
    const { from, to } = visible.current;
    const a = asked.current;
    if (a.version === version && a.from <= from && a.to >= to) return;
    const map = rows.current.version === version ? rows.current.map : null;
    if (map) {
      let all = true;
      for (let i = from; i < to && all; i++) all = map.has(i);
      if (all) return;
    }
    const wanted = { version, from: Math.max(0, from - MARGIN), to: to + MARGIN };
    asked.current = wanted;
    port.current?.post({ kind: 'window', from: wanted.from, to: wanted.to });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: inputKey stands for input; the view goes in by its ref
  useEffect(() => {
    const session = getSession();
    setState({ status: 'pending', error: null, summary: null, done: false });
    rows.current = { version: -1, map: new Map() };
    previous.current = rows.current;
    asked.current = { version: -1, from: 0, to: 0 };
    if (!session) {
      setState({
        status: 'error',
        error: new ApiError({ op, kind: 'unauthorized', httpStatus: 0, msg: 'Not signed in.' }),
        summary: null,
        done: true,
      });
      return;
    }
    const fail = (error: ApiError) => setState((s) => ({ ...s, status: 'error', error, done: true }));
    const p = openPort(
      (m) => {
        if (m.kind === 'summary') {
          if (rows.current.version !== m.summary.version) {
            previous.current = rows.current;
            rows.current = { version: m.summary.version, map: new Map() };
          }
          m.head.forEach((r, i) => {
            rows.current.map.set(i, r);
          });
          // As a transition: React draws the totals and the table in slices, the page stays responsive.
          startTransition(() =>
            setState({ status: 'success', error: null, summary: m.summary, done: m.done }),
          );
          ask(m.summary.version);
        } else if (m.kind === 'window') {
          if (m.version !== rows.current.version) return;
          m.rows.forEach((r, i) => {
            rows.current.map.set(m.from + i, r);
          });
          startTransition(() => setTick((n) => n + 1));
        } else if (m.kind === 'csv' || m.kind === 'distinct' || m.kind === 'xlsx') {
          csvWaiting.current.get(m.id)?.(m.kind === 'csv' ? m.text : m.kind === 'xlsx' ? m.data : m.values);
          csvWaiting.current.delete(m.id);
        } else {
          fail(new ApiError({ ...m.error, kind: m.error.kind as ApiErrorKind }));
        }
      },
      () => fail(new ApiError({ op, kind: 'network', httpStatus: 0, msg: 'The extract could not be read.' })),
    );
    port.current = p;
    p.post({ kind: 'load', op, input, session, timeoutMs: TIMEOUT_MS, view: viewRef.current });
    return () => {
      p.close();
      if (port.current === p) port.current = null;
    };
  }, [op, inputKey, attempt, ask]);

  // A new filter or order: the worker computes the shown rows and totals again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey stands for the view
  useEffect(() => {
    port.current?.post({ kind: 'view', view: viewRef.current });
  }, [viewKey]);

  const version = state.summary?.version ?? -1;
  const showing = useCallback(
    (from: number, to: number) => {
      visible.current = { from, to };
      if (version >= 0) ask(version);
    },
    [ask, version],
  );
  const rowAt = useCallback(
    (index: number) => (rows.current.map.get(index) ?? previous.current.map.get(index)) as R | undefined,
    [],
  );
  const csv = useCallback(
    (columns: CsvSpec[]) =>
      new Promise<string>((resolve) => {
        const id = ++csvId.current;
        csvWaiting.current.set(id, (text) => resolve(text as string));
        port.current?.post({ kind: 'csv', id, columns });
      }),
    [],
  );
  const xlsx = useCallback(
    (columns: CsvSpec[], sheet: SheetSpec) =>
      new Promise<ArrayBuffer>((resolve, reject) => {
        const id = ++csvId.current;
        csvWaiting.current.set(id, (data) =>
          data && typeof data === 'object' && 'byteLength' in data
            ? resolve(data)
            : reject(new Error('No workbook.')),
        );
        port.current?.post({ kind: 'xlsx', id, columns, sheet });
      }),
    [],
  );
  const distinct = useCallback(
    (key: string) =>
      new Promise<unknown[]>((resolve) => {
        const id = ++csvId.current;
        csvWaiting.current.set(id, (values) => resolve(values as unknown[]));
        port.current?.post({ kind: 'distinct', id, key });
      }),
    [],
  );
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return useMemo(
    () => ({
      status: state.status,
      error: state.error,
      summary: state.summary,
      fetching: state.status !== 'error' && !state.done,
      rowAt,
      showing,
      csv,
      xlsx,
      distinct,
      retry,
    }),
    [state, rowAt, showing, csv, xlsx, distinct, retry],
  );
}
