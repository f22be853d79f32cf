import {
  type InfiniteData,
  infiniteQueryOptions,
  type MutationKey,
  mutationOptions,
  type QueryKey,
  queryOptions,
  type UseInfiniteQueryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { operationAreas } from '#contract/operation-areas.ts';
import type { Operations, OpInput, OpName } from '#contract/operations.ts';
import { type CallOptions, type CallResult, call } from './client.ts';

/**
 * The one query layer. Every cache entry's key is derived from the contract table: `[area, op, input]`, and its
 * data is exactly what `call(op, input)` returns, so one key always holds one shape. A feature reshapes only in
 * `select`. Two derived variants keep their own shape apart by a fourth key part: an infinite query's pages
 * (`'pages'`) and a result composed of several calls (its name, e.g. `'allPages'`); both still sit under the
 * operation's prefix, so invalidating the operation reaches them too.
 */

/** What `call(op, …)` returns, and so what the cache holds under the operation's key. */
export type OpData<N extends OpName> = CallResult<Operations[N]>;
export type OpArea<N extends OpName> = Operations[N]['area'];
export type OpKey<N extends OpName> = readonly [OpArea<N>, N, OpInput<N>];

/** `['sales', 'getLeads', input]`. */
export function opKey<N extends OpName>(op: N, input: OpInput<N>): OpKey<N> {
  return [operationAreas[op], op, input] as const;
}

declare const scopeBrand: unique symbol;
/** A key prefix: every cached query of an operation, or of those whose input starts with the given fields. */
export type OpScope = QueryKey & { readonly [scopeBrand]: true };

/** `opScope('getLeadHistory', {leadId})`: for invalidate/cancel/find; matches `[area, op, input…]` by prefix. */
export function opScope<N extends OpName>(op: N, partialInput?: Partial<OpInput<N>>): OpScope {
  const key: QueryKey =
    partialInput === undefined ? [operationAreas[op], op] : [operationAreas[op], op, partialInput];
  return key as OpScope;
}

/** What a mutation makes stale: whole operations by name, or narrower scopes from `opScope`. */
export type Invalidation = OpName | OpScope;

export function scopeOf(target: Invalidation): QueryKey {
  return typeof target === 'string' ? opScope(target) : target;
}

/**
 * How long an operation's answer counts as fresh, when the caller does not say: reference lists and people
 * change rarely. One place, so that two screens reading the same key agree.
 */
const staleTimes: Partial<Record<OpName, number>> = {
  getCustomerById: 5 * 60_000,
  getProviders: 5 * 60_000,
  getServices: 5 * 60_000,
  getCalendars: 5 * 60_000,
  getReferenceData: 10 * 60_000,
  getUsers: 5 * 60_000,
};

type Extras<N extends OpName, TData> = Omit<
  UseQueryOptions<OpData<N>, Error, TData, OpKey<N>>,
  'queryKey' | 'queryFn'
> & {
  /** Passed to `call` (a longer timeout for big extracts). */
  call?: Pick<CallOptions, 'timeoutMs'>;
};

/** Query options for one operation and its input: `useQuery(opQuery('getTasks', input, {select}))`. */
export function opQuery<N extends OpName, TData = OpData<N>>(
  op: N,
  input: OpInput<N>,
  extras: Extras<N, TData> = {},
) {
  const { call: callOpts, ...rest } = extras;
  return queryOptions<OpData<N>, Error, TData, OpKey<N>>({
    staleTime: staleTimes[op],
    ...rest,
    queryKey: opKey(op, input),
    queryFn: ({ signal }) => call(op, input, { ...callOpts, signal }),
  });
}

export type OpPagesKey<N extends OpName> = readonly [OpArea<N>, N, OpInput<N>, 'pages'];

type InfiniteExtras<N extends OpName, TData> = Omit<
  UseInfiniteQueryOptions<OpData<N>, Error, TData, OpPagesKey<N>, number>,
  'queryKey' | 'queryFn' | 'initialPageParam'
>;

/**
 * Pages of a list operation ("load more"): key `[area, op, input, 'pages']`, each page exactly what `call` returns
 * for the input with `offset` set to the page parameter.
 */
export function opInfiniteQuery<N extends OpName, TData = InfiniteData<OpData<N>, number>>(
  op: N,
  input: OpInput<N>,
  extras: InfiniteExtras<N, TData>,
) {
  return infiniteQueryOptions<OpData<N>, Error, TData, OpPagesKey<N>, number>({
    ...extras,
    queryKey: [operationAreas[op], op, input, 'pages'] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      call(op, { ...(input as object), offset: pageParam } as OpInput<N>, { signal }),
  });
}

export type OpComposedKey<N extends OpName, I, Name extends string> = readonly [OpArea<N>, N, I, Name];

/**
 * A result composed of several calls of an operation (every page of a list; a fallback to another operation
 * when a tenant lacks this one). Its key names the composition, `[area, op, input, name]`, so that its shape never
 * meets the operation's plain answer under one key, and invalidating the operation still reaches it.
 */
export function opComposedQuery<N extends OpName, I, Name extends string, TResult, TData = TResult>(
  op: N,
  input: I,
  name: Name,
  fetch: (input: I, signal: AbortSignal) => Promise<TResult>,
  extras: Omit<
    UseQueryOptions<TResult, Error, TData, OpComposedKey<N, I, Name>>,
    'queryKey' | 'queryFn'
  > = {},
) {
  return queryOptions<TResult, Error, TData, OpComposedKey<N, I, Name>>({
    staleTime: staleTimes[op],
    ...extras,
    queryKey: [operationAreas[op], op, input, name] as const,
    queryFn: ({ signal }) => fetch(input, signal),
  });
}

type MutationExtras<N extends OpName, TVars, TResult, TContext> = Omit<
  UseMutationOptions<TResult, Error, TVars, TContext>,
  'mutationKey' | 'mutationFn' | 'meta'
> & {
  /** Builds the operation's input from the mutation's variables (default: the variables are the input). */
  input?: (vars: TVars) => OpInput<N>;
  /** Instead of one `call(op, input(vars))`: for read-merge-write (overwrite operations). */
  run?: (vars: TVars) => Promise<TResult>;
  /** Refetched after success (the mutation stays pending until they are fresh). */
  invalidates?: readonly Invalidation[];
  /** The caller shows the error itself (e.g. on form fields): no global notification. */
  silent?: boolean;
};

/** `[area, op]`: the mutation key of an operation (for useMutationState / useIsMutating). */
export function opMutationKey<N extends OpName>(op: N): MutationKey {
  return [operationAreas[op], op];
}

/**
 * Mutation options for one operation: the key is derived, the operations it makes stale are named (and checked
 * against the table by the type system).
 */
export function opMutation<N extends OpName, TVars = OpInput<N>, TContext = unknown, TResult = OpData<N>>(
  op: N,
  extras: MutationExtras<N, TVars, TResult, TContext> = {},
) {
  const { input, run, invalidates, silent, ...rest } = extras;
  const send =
    run ?? ((vars: TVars) => call(op, input ? input(vars) : (vars as OpInput<N>)) as Promise<TResult>);
  return mutationOptions<TResult, Error, TVars, TContext>({
    ...rest,
    mutationKey: opMutationKey(op),
    mutationFn: send,
    meta: { invalidates: (invalidates ?? []).map(scopeOf), silent },
  });
}

/**
 * What a feature adds to a mutation of `src/api`: its optimistic change of the cache and its roll-back (the
 * factory keeps the operation, the input and what the write makes stale).
 */
export type MutationHandlers<TVars, TContext, TResult = unknown> = Pick<
  UseMutationOptions<TResult, Error, TVars, TContext>,
  'onMutate' | 'onError' | 'onSuccess' | 'onSettled'
>;
