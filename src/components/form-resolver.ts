import { zodResolver } from '@hookform/resolvers/zod';
import i18next, { type ParseKeys } from 'i18next';

/**
 * The contract's length limits (extensions.md section 7) carry the service's exact English messages
 * (`Text too long: contact.lastname (at most 10000 characters).`). A form knows its field already, so it says the
 * limit in the app's language instead: `Höchstens 10'000 Zeichen.` Any other message stays as the schema wrote it.
 */
const limits: readonly [RegExp, ParseKeys<'common'>][] = [
  [/^Text too long: .* \(at most (\d+) characters\)\.$/s, 'limits.textTooLong'],
  [/^Search text too long: .* \(at most (\d+) characters\)\.$/s, 'limits.searchTooLong'],
];

/** A limit message of the contract in the app's language; any other message as it is. */
export function limitMessage(message: string): string {
  for (const [pattern, key] of limits) {
    const m = pattern.exec(message);
    // Grouped as the app writes numbers: 10'000 (docs/decisions/0012).
    if (m) return i18next.t(key, { ns: 'common', max: m[1].replace(/\B(?=(\d{3})+(?!\d))/g, "'") });
  }
  return message;
}

/** Every `message` of a field-errors tree (nested objects and arrays; `ref` is the DOM element, left alone). */
function translateLimits(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'ref') continue;
    if (key === 'message' && typeof value === 'string') {
      (node as { message: string }).message = limitMessage(value);
    } else {
      translateLimits(value);
    }
  }
}

/** zodResolver for the contract's schemas, with the length limits said in the app's language. */
export const contractResolver = ((...args: Parameters<typeof zodResolver>) => {
  const resolve = zodResolver(...args);
  return async (...call: Parameters<typeof resolve>) => {
    const result = await resolve(...call);
    translateLimits(result.errors);
    return result;
  };
}) as typeof zodResolver;
