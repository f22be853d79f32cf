import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '#api/client.ts';
import { type LaborUploadInput, uploadLabFile } from '#api/labor.ts';
import { laborMeaning } from '#contract/labor-meaning.ts';
import { checkLaborFile, type FileProblem, type LaborKind, laborKind } from './checks.ts';
import { cachedLookup, type Identity, identifyFile } from './identify.ts';
import { readAsBase64 } from './read-file.ts';

/**
 * This session's lab uploads. The list lives here, outside any component, so that it stays (and the queue goes on
 * sending) while the user works elsewhere in the app. Files are sent one after the other, in the order they were
 * given. A file's content is kept only until the service accepted it (or the entry is removed), for a retry.
 */

export type UploadPhase =
  /** Stopped before sending: see `problems`. */
  | 'invalid'
  | 'waiting'
  /** An HL7 message is read in the browser to find its patient. */
  | 'checking'
  /** Held before sending: the practice does not know the message's patient (see `identity`). */
  | 'unknownPatient'
  /** Held before sending: PID-3's patient is not the person PID-5/PID-7 name (see `identity.mismatch`). */
  | 'mismatch'
  | 'reading'
  | 'sending'
  /** status 200. */
  | 'accepted'
  /** status 400 `file already exists`: the practice has this very file already; nothing to do. */
  | 'alreadyUploaded'
  /** status 400: the service refused the file (its msg says why). */
  | 'refused'
  /** status 500, or no answer at all (network, timeout): see `msg` or `error`. */
  | 'failed';

export interface UploadItem {
  readonly id: number;
  readonly name: string;
  readonly size: number;
  readonly kind: LaborKind | null;
  readonly phase: UploadPhase;
  readonly problems: readonly FileProblem[];
  /** 0..1, while the file is read. */
  readonly readProgress: number;
  /** The service's integer status, once it answered. */
  readonly status?: 200 | 400 | 500;
  /** The service's message, once it answered. */
  readonly msg?: string;
  /** What went wrong when the service gave no answer (an ApiError of kind network, timeout …, or a read error). */
  readonly error?: unknown;
  /** How many times the file was sent. */
  readonly attempts: number;
  /** An HL7 message's patient as read before sending (PID-3, PID-5, PID-7) and whom the practice has for it. */
  readonly identity?: Identity;
}

export interface UploadDeps {
  read: (file: File, onProgress: (fraction: number) => void) => Promise<string>;
  send: (input: LaborUploadInput) => Promise<{ status: 200; msg: string }>;
  /** Reads an HL7 message's patient before it is sent; null when the file is no HL7 message. */
  identify?: (file: File) => Promise<Identity | null>;
}

export interface UploadStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly UploadItem[];
  /** Checks and queues files; those the document's limits refuse are listed as invalid and never sent. */
  add(files: readonly File[]): void;
  /** Sends a failed file again (status 500 or no answer), or checks a held file's patient again. */
  retry(id: number): void;
  retryAllFailed(): void;
  /** Forgets an entry that is not being read or sent. */
  remove(id: number): void;
  /** Forgets the finished entries: accepted, already uploaded and invalid. */
  clearFinished(): void;
  /** Whether files are waiting, being read or sent. */
  isBusy(): boolean;
  /** Another user signed in (or nobody): forgets everything. */
  setOwner(owner: string | null): void;
}

/**
 * Whether sending again can help: a held file (its patient may exist now, or the practice corrected the patient's
 * data), no answer at all, or any status 500: the service keeps nothing of a failed save or import (0005), so a
 * second try is safe and may succeed (the disk has room again, the patient exists now). Never a refusal: status 400
 * would come again.
 */
export function canRetry(item: Pick<UploadItem, 'phase' | 'status' | 'msg'>): boolean {
  if (item.phase === 'unknownPatient' || item.phase === 'mismatch') return true;
  return item.phase === 'failed';
}
const active: ReadonlySet<UploadPhase> = new Set(['waiting', 'checking', 'reading', 'sending']);
/** Nothing more to do about these: "Clear finished" forgets them. */
const finished: ReadonlySet<UploadPhase> = new Set(['accepted', 'alreadyUploaded', 'invalid']);

export function createUploadStore(deps: UploadDeps): UploadStore {
  let items: readonly UploadItem[] = [];
  const files = new Map<number, File>();
  const listeners = new Set<() => void>();
  let nextId = 1;
  let running = false;
  let owner: string | null | undefined;
  // Entries removed (or reset) while their request was under way must not come back when it ends.
  let generation = 0;

  const emit = () => {
    for (const l of listeners) l();
  };
  const patch = (id: number, change: Partial<UploadItem>) => {
    items = items.map((i) => (i.id === id ? { ...i, ...change } : i));
    emit();
  };
  const find = (id: number) => items.find((i) => i.id === id);

  async function processOne(item: UploadItem, gen: number): Promise<void> {
    const file = files.get(item.id);
    if (!file) {
      patch(item.id, { phase: 'failed', error: new Error('The file is no longer available.') });
      return;
    }
    if (item.kind === 'hl7' && deps.identify) {
      patch(item.id, { phase: 'checking', status: undefined, msg: undefined, error: undefined });
      let identity: Identity | null;
      try {
        identity = await deps.identify(file);
      } catch (error) {
        if (gen === generation && find(item.id)) patch(item.id, { phase: 'failed', error });
        return;
      }
      if (gen !== generation || !find(item.id)) return;
      if (identity) {
        patch(item.id, { identity });
        // Never sent to the wrong journal: the service would refuse it too (docs/api.md#labor).
        if (identity.mismatch) {
          patch(item.id, { phase: 'mismatch' });
          return;
        }
        if (!identity.patient) {
          patch(item.id, { phase: 'unknownPatient' });
          return;
        }
      }
    }
    patch(item.id, {
      phase: 'reading',
      readProgress: 0,
      status: undefined,
      msg: undefined,
      error: undefined,
    });
    let content: string;
    try {
      content = await deps.read(file, (fraction) => {
        if (gen === generation && find(item.id)?.phase === 'reading')
          patch(item.id, { readProgress: fraction });
      });
    } catch (error) {
      if (gen === generation && find(item.id)) patch(item.id, { phase: 'failed', error });
      return;
    }
    if (gen !== generation || !find(item.id)) return;
    patch(item.id, { phase: 'sending', readProgress: 1, attempts: item.attempts + 1 });
    try {
      const answer = await deps.send({ filename: item.name, content });
      if (gen !== generation || !find(item.id)) return;
      // Accepted: the content is not kept.
      files.delete(item.id);
      patch(item.id, { phase: 'accepted', status: answer.status, msg: answer.msg });
    } catch (error) {
      if (gen !== generation || !find(item.id)) return;
      if (isApiError(error) && (error.envelopeStatus === 400 || error.envelopeStatus === 500)) {
        const status = error.envelopeStatus;
        const duplicate = laborMeaning({ status, msg: error.msg }) === 'alreadyUploaded';
        if (duplicate) files.delete(item.id);
        patch(item.id, {
          phase: duplicate ? 'alreadyUploaded' : status === 400 ? 'refused' : 'failed',
          status,
          msg: error.msg,
        });
      } else {
        patch(item.id, { phase: 'failed', error });
      }
    }
  }

  async function pump(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const next = items.find((i) => i.phase === 'waiting');
        if (!next) break;
        await processOne(next, generation);
      }
    } finally {
      running = false;
    }
  }

  const store: UploadStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
    add(list) {
      if (list.length === 0) return;
      const added: UploadItem[] = list.map((file) => {
        const id = nextId++;
        const problems = checkLaborFile(file);
        if (problems.length === 0) files.set(id, file);
        return {
          id,
          name: file.name,
          size: file.size,
          kind: laborKind(file.name),
          phase: problems.length === 0 ? 'waiting' : 'invalid',
          problems,
          readProgress: 0,
          attempts: 0,
        };
      });
      items = [...items, ...added];
      emit();
      void pump();
    },
    retry(id) {
      const item = find(id);
      if (!item || !canRetry(item) || !files.has(id)) return;
      patch(id, { phase: 'waiting', readProgress: 0 });
      void pump();
    },
    retryAllFailed() {
      const ids = items.filter((i) => canRetry(i) && files.has(i.id)).map((i) => i.id);
      if (ids.length === 0) return;
      items = items.map((i) => (ids.includes(i.id) ? { ...i, phase: 'waiting', readProgress: 0 } : i));
      emit();
      void pump();
    },
    remove(id) {
      const item = find(id);
      if (!item || item.phase === 'checking' || item.phase === 'reading' || item.phase === 'sending') return;
      files.delete(id);
      items = items.filter((i) => i.id !== id);
      emit();
    },
    clearFinished() {
      const keep = items.filter((i) => !finished.has(i.phase));
      if (keep.length === items.length) return;
      for (const i of items) if (!keep.includes(i)) files.delete(i.id);
      items = keep;
      emit();
    },
    isBusy: () => items.some((i) => active.has(i.phase)),
    setOwner(next) {
      if (owner === undefined) {
        owner = next;
        return;
      }
      if (owner === next) return;
      owner = next;
      generation++;
      files.clear();
      items = [];
      emit();
    },
  };
  return store;
}

// ---------------------------------------------------------------------------------------------------------------
// The app's one store. The route hands it the QueryClient, so that uploads go through the mutation cache (which
// refreshes what an accepted file changes) even after the route was left.

let queryClient: QueryClient | null = null;

export function attachQueryClient(client: QueryClient): void {
  queryClient = client;
}

export const laborUploads: UploadStore = createUploadStore({
  read: (file, onProgress) => readAsBase64(file, onProgress),
  // Through the app's query cache once the route handed it over (it does before anything can be dropped).
  identify: (file) => identifyFile(file, cachedLookup(queryClient ?? new QueryClient())),
  send: (input) => uploadLabFile(queryClient, input),
});

// Closing the tab while files are still being sent loses them: the browser asks first.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (e) => {
    if (laborUploads.isBusy()) e.preventDefault();
  });
}
