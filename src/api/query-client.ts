import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { OpName } from '#contract/operations.ts';
import { type ApiError, isApiError } from './client.ts';
import { isOnline } from './connection.ts';
import { type Invalidation, opMutationKey, scopeOf } from './queries.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Query keys (or key prefixes) to refetch after the mutation succeeded. */
      invalidates?: readonly QueryKey[];
      /** The mutation shows its own error (e.g. on form fields): no global notification. */
      silent?: boolean;
    };
  }
}

export interface QueryClientOptions {
  /** A request answered 401 (or nobody is signed in): send the user to sign in, then back. */
  onUnauthorized?: (error: ApiError) => void;
  /** A mutation failed and does not show the error itself. */
  onMutationError?: (error: unknown) => void;
}

/** Network failures and server errors (5xx) may pass; a 4xx, a contract mismatch or a timeout will not. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network') return true;
  return error.kind === 'http' && error.httpStatus >= 500;
}

/** Queries: twice more for transient failures. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isTransient(error);
}

/** 1 s, 2 s, 4 s … at most 10 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 10_000);
}

function isUnauthorized(error: unknown): error is ApiError {
  return isApiError(error) && error.kind === 'unauthorized';
}

/**
 * What a successful write of an operation always makes stale, whoever built the mutation and whatever it declares
 * (the agenda's save and its optimistic move, a state set in a list of the day, booking): an appointment written
 * changes the appointment lists and the free slots, since a cancelled or no-show appointment frees its time
 * (docs/api.md#booking), so booking shows it at once. Matched by the mutation key `[area, op]`.
 */
export const appointmentWrites: readonly Invalidation[] = ['getAppointments', 'getSlots'];
const appointmentWrite = appointmentWrites.map(scopeOf);
const alwaysStale: Partial<Record<OpName, readonly QueryKey[]>> = {
  createAppointment: appointmentWrite,
  modifyAppointment: appointmentWrite,
};

/** The keys a write of this mutation key always makes stale (empty for other mutations). */
export function impliedInvalidations(mutationKey: readonly unknown[] | undefined): readonly QueryKey[] {
  for (const [op, keys] of Object.entries(alwaysStale) as [OpName, readonly QueryKey[]][]) {
    const [area, name] = opMutationKey(op);
    if (mutationKey?.[0] === area && mutationKey?.[1] === name) return keys;
  }
  return [];
}

/** One per app (and a fresh one per test). */
export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) options.onUnauthorized?.(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorized(error)) {
          options.onUnauthorized?.(error);
          return;
        }
        // A mutation with its own onError shows the error where it belongs.
        if (mutation.meta?.silent || mutation.options.onError) return;
        options.onMutationError?.(error);
      },
      onSuccess: (_data, _variables, _context, mutation) => {
        const keys = mutation.meta?.invalidates ?? [];
        const declared = new Set(keys.map((k) => JSON.stringify(k)));
        // Not declared but always stale: refetched without holding the mutation (an optimistic move refetches itself).
        for (const queryKey of impliedInvalidations(mutation.options.mutationKey)) {
          if (!declared.has(JSON.stringify(queryKey))) void client.invalidateQueries({ queryKey });
        }
        // Returned, so the mutation stays pending until the lists it changed are fresh again.
        return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
      },
    }),
    defaultOptions: {
      queries: {
        retry: retryQuery,
        retryDelay,
        staleTime: 30_000,
      },
      // A write runs when it is asked for, connection or not (TanStack's default 'online' would hold it, pending
      // and unanswered, for as long as the browser says it is offline: a save that spins for ever). Without a
      // connection it fails at once with a network error, and the form says so and keeps its input (0029).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  // Whoever awaits fetchQuery (a check before a save, a re-read in a dialog) gets an answer or an error, never a
  // pause: offline it fails at once, without retries that cannot succeed. Lists (useQuery) still wait for the
  // connection as before.
  const fetchQuery = client.fetchQuery.bind(client);
  client.fetchQuery = ((options: Parameters<QueryClient['fetchQuery']>[0]) =>
    fetchQuery({
      networkMode: 'always',
      retry: (count: number, error: unknown) => isOnline() && retryQuery(count, error),
      ...options,
    })) as QueryClient['fetchQuery'];
  return client;
}
