import { mergeIntoEmpty, type NewLeadValues } from './schema.ts';

/**
 * The new-lead form's draft in sessionStorage: what was typed and the form's idempotency key, so that input left
 * by accident comes back, and a create that may have reached the server is retried with the same key.
 */
export const DRAFT_KEY = 'praxis.leads.new-lead-draft';

export interface NewLeadDraft {
  values: NewLeadValues;
  idempotencyKey: string;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadDraft(): NewLeadDraft | null {
  const raw = storage()?.getItem(DRAFT_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { values, idempotencyKey } = parsed as { values?: unknown; idempotencyKey?: unknown };
    if (typeof idempotencyKey !== 'string' || idempotencyKey.trim() === '') return null;
    return { values: mergeIntoEmpty(values), idempotencyKey };
  } catch {
    return null;
  }
}

export function saveDraft(draft: NewLeadDraft): void {
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the leave warning still protects the input.
  }
}

export function clearDraft(): void {
  storage()?.removeItem(DRAFT_KEY);
}
