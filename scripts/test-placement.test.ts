import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Each test beside its file (issue 25): `x.test.ts(x)` tests `x.ts(x)` in the same folder, so whoever changes a
 * file finds its test, and whoever reads a test finds its subject. A test of a route is `route.test.tsx`, of an
 * area of the service `<area>/<area>.test.ts` (the area's handlers together, through the HTTP surface).
 * The scans below read many files on purpose; each is named here with the reason, and a new one needs a line.
 */
const scans = new Map<string, string>([
  ['src/api/factories.test.ts', 'reads the contract table and every src/api module'],
  ['src/components/no-native-date-inputs.test.ts', 'reads every component for native date inputs'],
  ['src/i18n/locales.test.ts', 'reads every locale file of every namespace'],
  ['src/i18n/typography.test.ts', 'reads every locale file for typography'],
  ['src/theme-colours.test.ts', "reads every component for Mantine's pale variants on shade colours"],
  ['server/service/bounded-work.test.ts', 'every operation at its limits, through the HTTP surface'],
  ['server/host/client-contract.test.ts', "the app's client against the service's backend, every operation"],
  ['server/host/dev-server.test.ts', '`npm run dev`: Vite with the service in it'],
  ['server/service/fuzz.test.ts', "every operation of the contract fed the OpenAPI document's wrong inputs"],
  [
    'server/service/openapi-property.test.ts',
    'every operation fed requests generated from the OpenAPI document: valid ones pass, invalid ones are refused',
  ],
  ['server/service/hardening.test.ts', 'credentials, throttling and headers across the service'],
  ['server/service/limits.test.ts', 'the body and array limits of extensions.md section 7, every operation'],
  ['server/service/storage.test.ts', 'the database file: migrations, seed and reopening'],
  ['scripts/test-placement.test.ts', 'this check: reads where every test is'],
  [
    'server/service/agenda/version.test.ts',
    "the appointments' version and ifVersion, through the HTTP surface",
  ],
  [
    'server/service/sales/version.test.ts',
    "the leads' version and updateLead's ifVersion, through the HTTP surface",
  ],
  [
    'server/service/system/version.test.ts',
    "the patients' version and updateCustomer's ifVersion, through the HTTP surface",
  ],
  ['server/service/sales/errors.test.ts', 'the Errors table of sales, across its six handler files'],
  [
    'server/service/system/identity.test.ts',
    'the right patient: search, updateCustomer, deleted patients, labor',
  ],
  ['server/service/seed/labels.test.ts', "the demo's German labels as the service serves them"],
  ['e2e/rules.test.ts', 'reads every file of the end-to-end suite for fixed waits and the machine clock'],
]);

const root = fileURLToPath(new URL('..', import.meta.url));

function testsUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...testsUnder(path));
    else if (/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Why a test is where it is, or null when it is beside nothing. */
function placement(path: string): string | null {
  const scan = scans.get(path);
  if (scan !== undefined) return `scan: ${scan}`;
  const dir = dirname(path);
  const subject = basename(path).replace(/\.test\.tsx?$/, '');
  for (const ext of ['.ts', '.tsx'])
    if (existsSync(join(root, dir, subject + ext))) return `beside ${subject}${ext}`;
  if (subject === basename(dir)) return 'the area';
  return null;
}

describe('where tests are', () => {
  const all = ['src', 'server', 'contract', 'scripts', 'e2e'].flatMap(testsUnder);

  it('reads the tests of the whole tree', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all).toContain('scripts/test-placement.test.ts');
  });

  it('has each test beside the file it tests, or named as a scan', () => {
    const astray = all.filter((path) => placement(path) === null);
    expect(astray, 'tests beside no file of their name: move them, or name a scan above').toEqual([]);
  });

  it('names no scan that is gone or that is beside its file after all', () => {
    for (const path of scans.keys()) {
      expect(existsSync(join(root, path)), `${path} is named as a scan but does not exist`).toBe(true);
      const subject = relative(root, join(root, path)).replace(/\.test\.tsx?$/, '');
      expect(
        ['.ts', '.tsx'].some((ext) => existsSync(join(root, subject + ext))),
        `${path} is beside its file: no scan`,
      ).toBe(false);
    }
  });
});
