import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '#api/client.ts';

/** Where a message of the service belongs: a field of the form, a `root.<name>` slot, or nowhere (null). */
export type ServerTarget<T extends FieldValues> = FieldPath<T> | `root.${string}` | null | undefined;

export interface ApplyServerErrorOptions {
  /** The text above the buttons (`root.server`) for a message that has no field; without it nothing is set there. */
  fallback?: (error: unknown) => string;
  /** Moves the focus to the field the message lands on (default true). */
  shouldFocus?: boolean;
}

/**
 * The one way a form maps a refusal of the service onto its fields: `targetOf(msg)` names the field (or a
 * `root.…` slot) the service's message belongs to; the message is set there, as the service wrote it. Anything
 * else — another message, a network failure — goes to `root.server` when a fallback is given. Returns whether the
 * message landed on a field or slot, so a form with its own banner can show the rest itself.
 *
 *   catch (e) { applyServerError(form.setError, e, targetOf, { fallback: (e) => errorMessage(t, e) }); }
 */
export function applyServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  targetOf: (msg: string) => ServerTarget<T>,
  options: ApplyServerErrorOptions = {},
): boolean {
  const target = isApiError(error) ? targetOf(error.msg) : null;
  if (isApiError(error) && target) {
    const root = target.startsWith('root.');
    setError(
      target as FieldPath<T>,
      { message: error.msg },
      { shouldFocus: !root && (options.shouldFocus ?? true) },
    );
    return true;
  }
  if (options.fallback) setError('root.server' as FieldPath<T>, { message: options.fallback(error) });
  return false;
}

/**
 * A `targetOf` from an area's message -> input field map (`MSG_FIELD` in contract/<area>.ts) and the form's own
 * field for each input field it has (`{ text: 'text', reminderDate: 'day' }`): a message about an input field the
 * form does not have is no field's (it goes above the buttons).
 *
 *   targetFrom(MSG_FIELD, { text: 'text', reminderDate: 'day' })
 */
export function targetFrom<I extends string, const F extends string>(
  messageField: Readonly<Record<string, I>>,
  formField: { readonly [K in I]?: F },
): (msg: string) => F | null {
  return (msg) => {
    if (!Object.hasOwn(messageField, msg)) return null;
    const input = messageField[msg] as I;
    return Object.hasOwn(formField, input) ? (formField[input] ?? null) : null;
  };
}
