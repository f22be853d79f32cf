import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, isApiError } from '../client.ts';
import { personName } from '../name-format.ts';
import { opComposedQuery } from '../queries.ts';
import { getSession, type Session } from '../session.ts';

/** The signed-in user. */
export interface Me {
  userid: number;
  username: string;
  givenname: string;
  familyname: string;
  /** The modules the credentials may use; null when the service does not tell (no system/whoami). */
  modules: string[] | null;
  tenant: string;
}

/** A user of the practice, as assignee pickers and names in histories need it. */
export interface PracticeUser {
  userid: number;
  givenname: string;
  familyname: string;
  active: boolean;
}

/** A real tenant may lack the reference service's additions (docs/api.md#additions): they answer 404. */
export function isMissingOperation(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.httpStatus === 404;
}

/**
 * Who the credentials belong to: system/whoami, or without it the practitioner the user picked once from
 * getProviders (kept in the session). Throws the whoami error when neither tells.
 */
export async function fetchMe(session: Session | null = getSession(), signal?: AbortSignal): Promise<Me> {
  try {
    return await call('whoami', {}, { session, signal });
  } catch (e) {
    if (!isMissingOperation(e) || !session?.userid) throw e;
    const providers = await call('getProviders', { getall: 1 }, { session, signal });
    const p = providers.find((x) => x.userid === session.userid);
    if (!p) throw e;
    return {
      userid: p.userid,
      username: session.auth.kind === 'basic' ? session.auth.user : 'API key',
      givenname: p.givenname,
      familyname: p.familyname,
      modules: null,
      tenant: session.tenant,
    };
  }
}

export function meQuery() {
  // Who is signed in changes only by signing in again, which clears the cache.
  return opComposedQuery('whoami', {}, 'orProvider', (_input, signal) => fetchMe(getSession(), signal), {
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every user, inactive ones included (names in histories); pickers filter on `active`. */
export async function fetchUsers(signal?: AbortSignal): Promise<PracticeUser[]> {
  try {
    return await call('getUsers', { getall: 1 }, { signal });
  } catch (e) {
    if (!isMissingOperation(e)) throw e;
    const providers = await call('getProviders', { getall: 1 }, { signal });
    return providers.map(({ userid, givenname, familyname, active }) => ({
      userid,
      givenname,
      familyname,
      active,
    }));
  }
}

export function usersQuery() {
  return opComposedQuery('getUsers', { getall: 1 }, 'orProviders', (_input, signal) => fetchUsers(signal));
}

/** `Anna Berger`; `#12` for an id nobody knows; '' for no one (null or 0). */
export function userName(
  users: readonly PracticeUser[] | undefined,
  userid: number | null | undefined,
): string {
  if (!userid) return '';
  const u = users?.find((x) => x.userid === userid);
  if (!u) return `#${userid}`;
  return personName(u) || `#${userid}`;
}

/** `const name = useUserName(); name(task.assignedTo)` */
export function useUserName(): (userid: number | null | undefined) => string {
  const { data } = useQuery(usersQuery());
  return useCallback((userid) => userName(data, userid), [data]);
}
