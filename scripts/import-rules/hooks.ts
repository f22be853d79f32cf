/**
 * Node module hooks that hand dependency-cruiser the oxc-backed `typescript` of typescript-shim.ts instead of the
 * real package (TypeScript 7 has no JavaScript API). Only requests made from inside dependency-cruiser are
 * redirected; everything else resolves as usual.
 */
import { registerHooks } from 'node:module';

const shim = new URL('./typescript-shim.ts', import.meta.url).href;
const manifest = 'praxis:typescript-shim/package.json';

registerHooks({
  resolve(specifier, context, next) {
    if (context.parentURL?.includes('/node_modules/dependency-cruiser/')) {
      if (specifier === 'typescript') return { url: shim, format: 'module', shortCircuit: true };
      if (specifier === 'typescript/package.json')
        return { url: manifest, format: 'json', shortCircuit: true };
    }
    return next(specifier, context);
  },
  load(url, context, next) {
    if (url === manifest) {
      return {
        format: 'json',
        source: JSON.stringify({ name: 'typescript', version: '6.0.0' }),
        shortCircuit: true,
      };
    }
    return next(url, context);
  },
});
