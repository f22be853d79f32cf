/**
 * `npm run lint:imports`: the import direction (docs/decisions/0010-query-layer-and-import-rule.md; rules in .dependency-cruiser.cjs), checked by
 * dependency-cruiser on resolved paths.
 *
 * dependency-cruiser 17 reads TypeScript through the `typescript` package's JavaScript API, which TypeScript 7 (the
 * native compiler) no longer has: with `typescript` 7.0.2 installed it silently cruises 0 modules and reports "no
 * violations". import-rules/hooks.ts hands it an oxc-backed stand-in instead, and this check fails when it reads
 * fewer modules than the tree has, so a parser that reads nothing can never pass for a clean tree.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import './import-rules/hooks.ts';

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

export interface ImportReport {
  cruised: number;
  violations: Violation[];
}

/** What the check reads: the app, the service, the contract and the code around them. */
export const checkedFolders = ['src', 'server', 'contract', 'e2e', 'bench', 'scripts'];

/** The tree has about 600 modules (2026-11-26); fewer than this means the parser read nothing. */
export const fewestModules = 300;

export async function checkImports(root: string, folders = checkedFolders): Promise<ImportReport> {
  const { cruise } = await import('dependency-cruiser');
  const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs'));
  const present = folders.filter((f) => existsDir(join(root, f)));
  const result = await cruise(present, {
    ...config.options,
    baseDir: root,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
  });
  const output = result.output;
  if (typeof output === 'string') throw new Error('import check: dependency-cruiser gave text, not a result');
  const violations = output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  return { cruised: output.summary.totalCruised, violations };
}

function existsDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

if (import.meta.main) {
  const started = performance.now();
  const root = join(import.meta.dirname, '..');
  const { cruised, violations } = await checkImports(root);
  for (const v of violations) console.error(`${v.rule}: ${v.from} -> ${v.to}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (cruised < fewestModules) {
    console.error(
      `import check: read only ${cruised} modules (expected more than ${fewestModules}): the parser did not read the tree.`,
    );
    process.exit(1);
  }
  if (violations.length > 0) {
    console.error(
      `import check: ${violations.length} imports against DESIGN.md's direction (${cruised} modules).`,
    );
    process.exit(1);
  }
  console.log(`import check: ${cruised} modules, no import against DESIGN.md's direction (${seconds} s).`);
}
