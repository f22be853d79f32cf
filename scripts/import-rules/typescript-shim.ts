/**
 * What dependency-cruiser gets when it asks for `typescript` (see hooks.ts): TypeScript 7 is the native compiler
 * and has no JavaScript API (`typescript` 7.0.2 exports only its version), so dependency-cruiser 17 finds no
 * transpiler for .ts/.tsx and would cruise 0 modules without a word. This module offers the one function it calls,
 * `transpileModule`, backed by oxc (rolldown's `transformSync`, which Vite already brings).
 *
 * Type-only imports are turned into plain ones first, so that `import type` across a boundary counts like any
 * other import (the layering is about what a folder knows, not about what survives compilation).
 */
import { transformSync } from 'rolldown/utils';

// dependency-cruiser accepts typescript >=2 <7; this is not that package, only the part it uses.
export const version = '6.0.0-oxc-shim';

const typeImport = /^(\s*(?:import|export))\s+type\s+(?=[\w*{])/gm;

export function transpileModule(
  source: string,
  options: { compilerOptions?: { jsx?: unknown }; fileName?: string } = {},
): { outputText: string } {
  // dependency-cruiser sets `jsx` only for .tsx files.
  const lang = options.compilerOptions?.jsx ? 'tsx' : 'ts';
  const text = source.replace(typeImport, '$1 ');
  const out = transformSync(`module.${lang}`, text, {
    lang,
    sourceType: 'module',
    typescript: { onlyRemoveTypeImports: true },
    jsx: { runtime: 'automatic' },
  });
  if (out.errors.length > 0) {
    // A file the check cannot read must not pass as a file without imports.
    throw new Error(`import check: cannot read a file: ${out.errors.map((e) => e.message).join('; ')}`);
  }
  return { outputText: out.code };
}

export default { version, transpileModule };
