import { isApiError } from '#api/client.ts';
import { registerOperations } from '#api/operation-table.ts';
import type { Session } from '#api/session.ts';
import { streamRows } from '#api/stream.ts';
import { type AccountingRange, accountingOperations } from '#contract/accounting.ts';
import {
  type CsvSpec,
  ExtractModel,
  type ExtractOp,
  type SheetSpec,
  type Summary,
  type ViewSpec,
} from './extract-model.ts';

/**
 * The accounting operations, handed to the client of the thread that streams them (the worker's own, or the page's
 * without Worker) when the extract's host loads (operation-table.ts, issue 38).
 */
registerOperations(accountingOperations);

/**
 * The far side of an accounting extract: reads the rows (parsed and checked against the contract a batch at a
 * time, api/stream.ts) into an ExtractModel and answers the page's questions about them. Runs in the extract's Web
 * Worker (extract.worker.ts); where there is no Worker (jsdom) the page runs it in its own thread, same messages.
 * Only summaries (counts, totals) and windows of a few dozen rows cross to the page.
 */

export type ToHost =
  | {
      kind: 'load';
      op: ExtractOp;
      input: AccountingRange;
      session: Session;
      timeoutMs: number;
      view: ViewSpec;
    }
  | { kind: 'view'; view: ViewSpec }
  | { kind: 'window'; from: number; to: number }
  | { kind: 'csv'; id: number; columns: CsvSpec[] }
  | { kind: 'xlsx'; id: number; columns: CsvSpec[]; sheet: SheetSpec }
  | { kind: 'distinct'; id: number; key: string };

export type FromHost =
  | { kind: 'summary'; summary: Summary; head: unknown[]; done: boolean }
  | { kind: 'window'; version: number; from: number; rows: unknown[] }
  | { kind: 'csv'; id: number; text: string }
  /** null: the workbook could not be made (its library did not load, say). */
  | { kind: 'xlsx'; id: number; data: ArrayBuffer | null }
  | { kind: 'distinct'; id: number; values: unknown[] }
  | { kind: 'error'; error: { op: string; kind: string; httpStatus: number; msg: string } };

/** Rows sent with each summary: what the table shows at its top without asking. */
export const HEAD = 60;
/** Rows parsed and checked per step (the first rows show after the first step). */
const BATCH = 2000;
/** While rows arrive, the page hears of them at most this often (and after the first and the last batch). */
const UPDATE_MS = 300;

export function createExtractHost(post: (m: FromHost, transfer?: Transferable[]) => void): {
  handle: (m: ToHost) => void;
  stop: () => void;
} {
  let model: ExtractModel | null = null;
  let done = false;
  const controller = new AbortController();

  const sendSummary = () => {
    if (!model) return;
    const summary = model.summary();
    post({ kind: 'summary', summary, head: model.window(0, HEAD), done });
  };

  const load = async (m: Extract<ToHost, { kind: 'load' }>) => {
    model = new ExtractModel(m.op, m.view);
    let last = Number.NEGATIVE_INFINITY;
    try {
      for await (const rows of streamRows(m.op, m.input, {
        session: m.session,
        timeoutMs: m.timeoutMs,
        signal: controller.signal,
        batch: BATCH,
      })) {
        model.add(rows as Record<string, unknown>[]);
        const now = performance.now();
        if (now - last >= UPDATE_MS) {
          last = now;
          sendSummary();
        }
      }
      done = true;
      sendSummary();
    } catch (err) {
      if (controller.signal.aborted) return;
      post({
        kind: 'error',
        error: isApiError(err)
          ? { op: err.op, kind: err.kind, httpStatus: err.httpStatus, msg: err.msg }
          : {
              op: m.op,
              kind: 'contract',
              httpStatus: 0,
              msg: err instanceof Error ? err.message : String(err),
            },
      });
    }
  };

  return {
    handle: (m) => {
      switch (m.kind) {
        case 'load':
          void load(m);
          return;
        case 'view':
          if (!model) return;
          model.setView(m.view);
          sendSummary();
          return;
        case 'window':
          if (!model) return;
          post({
            kind: 'window',
            version: model.currentVersion,
            from: m.from,
            rows: model.window(m.from, m.to),
          });
          return;
        case 'csv':
          post({ kind: 'csv', id: m.id, text: model ? model.csv(m.columns) : '' });
          return;
        case 'xlsx':
          if (!model) {
            post({ kind: 'xlsx', id: m.id, data: null });
            return;
          }
          // Handed over, not copied: a month's workbook is a few hundred kilobytes, the whole stock megabytes.
          model.xlsx(m.columns, m.sheet).then(
            (data) => post({ kind: 'xlsx', id: m.id, data }, [data]),
            () => post({ kind: 'xlsx', id: m.id, data: null }),
          );
          return;
        case 'distinct':
          post({ kind: 'distinct', id: m.id, values: model ? model.distinct(m.key) : [] });
          return;
      }
    },
    stop: () => controller.abort(),
  };
}
