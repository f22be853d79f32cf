import { zodResolver } from '@hookform/resolvers/zod';
import { limitMessage } from './field-rules.ts';

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

/** zodResolver for the contract's schemas, with the length limits and the field rules said in the app's language. */
export const contractResolver = ((...args: Parameters<typeof zodResolver>) => {
  const resolve = zodResolver(...args);
  return async (...call: Parameters<typeof resolve>) => {
    const result = await resolve(...call);
    translateLimits(result.errors);
    return result;
  };
}) as typeof zodResolver;
