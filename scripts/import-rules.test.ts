import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkImports, fewestModules } from './import-rules.ts';

const repo = join(import.meta.dirname, '..');

/** A small tree in the project's shape: what is allowed, and the escapes Biome's text globs let through. */
const files: Record<string, string> = {
  'src/main.tsx': "import './boot.ts';\nexport const app = () => import('./app.tsx');\n",
  'src/boot.ts': 'export const boot = 1;\n',
  'src/app.tsx':
    "import { router } from './router.tsx';\nexport const App = () => <div>{String(router)}</div>;\n",
  'src/router.tsx': "export const router = [() => import('./features/leads/route.tsx')];\n",
  'src/api/client.ts':
    "import { schema } from '../../contract/common.ts';\nexport const call = () => schema;\n",
  'src/components/page.tsx':
    "import { call } from '../api/client.ts';\nexport const Page = () => <p>{String(call)}</p>;\n",
  'src/features/leads/route.tsx':
    "import { Page } from '../../components/page.tsx';\nimport { call } from '../../api/client.ts';\nexport const Route = () => <Page key={String(call)} />;\n",
  'src/features/tasks/inbox.ts': 'export const inbox = 1;\n',
  'src/features/patients/patient.ts': 'export type Patient = { id: string };\n',
  'contract/common.ts': 'export const schema = 1;\n',
  'server/service/app.ts': "import { schema } from '../../contract/common.ts';\nexport const app = schema;\n",
  'server/host/backend.ts': "import { app } from '../service/app.ts';\nexport const backend = app;\n",
  'server/main.ts': "import { backend } from './host/backend.ts';\nexport const main = backend;\n",

  // 1. A feature's subfolder reaching three levels up into another feature.
  'src/features/leads/board/deep.ts':
    "import { inbox } from '../../../features/tasks/inbox.ts';\nexport const d = inbox;\n",
  // 2. A new feature folder (Biome needed an override per folder).
  'src/features/new-area/route.tsx': "import { Route } from '../leads/route.tsx';\nexport const R = Route;\n",
  // 3. A feature importing the router.
  'src/features/tasks/links.ts': "import { router } from '../../router.tsx';\nexport const l = router;\n",
  // 4. components/ importing app.tsx.
  'src/components/shell.tsx': "import { App } from '../app.tsx';\nexport const S = App;\n",
  // 5. A type-only import across features.
  'src/features/leads/owner.ts':
    "import type { Patient } from '../patients/patient.ts';\nexport const o = (p: Patient) => p.id;\n",
  // 6. The service reaching into the app.
  'server/service/handler.ts': "import { call } from '../../src/api/client.ts';\nexport const h = call;\n",
  // 7. The contract importing the app.
  'contract/sales.ts': "import { call } from '../src/api/client.ts';\nexport const s = call;\n",
  // 8. The query layer importing shared UI.
  'src/api/people.ts': "import { Page } from '../components/page.tsx';\nexport const p = Page;\n",
  // 9. Shared UI importing a feature.
  'src/components/lead-link.tsx':
    "import { Route } from '../features/leads/route.tsx';\nexport const L = Route;\n",
  // 10. The app importing the service.
  'src/features/tasks/db.ts':
    "import { app } from '../../../server/service/app.ts';\nexport const db = app;\n",
  // 11. The app importing a Node built-in.
  'src/components/file.ts': "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n",
  // 12. The reference service reaching into the app server in front of it.
  'server/service/tenants.ts': "import { backend } from '../host/backend.ts';\nexport const t = backend;\n",
  // 13. A file beside main.ts that both programs use, importing one of them.
  'server/time.ts': "import { app } from './service/app.ts';\nexport const t = app;\n",
};

const fixture = mkdtempSync(join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

describe('the import check (.dependency-cruiser.cjs)', () => {
  it('rejects each escape, on resolved paths, and nothing that DESIGN.md allows', async () => {
    cpSync(join(repo, '.dependency-cruiser.cjs'), join(fixture, '.dependency-cruiser.cjs'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    }
    const { cruised, violations } = await checkImports(fixture);
    // Every file, and node:fs.
    expect(cruised).toBe(Object.keys(files).length + 1);
    const found = violations.map((v) => `${v.rule}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual(
      [
        'feature-to-other-feature: src/features/leads/board/deep.ts -> src/features/tasks/inbox.ts',
        'feature-to-other-feature: src/features/new-area/route.tsx -> src/features/leads/route.tsx',
        'up-to-the-app: src/features/tasks/links.ts -> src/router.tsx',
        'up-to-the-app: src/components/shell.tsx -> src/app.tsx',
        'feature-to-other-feature: src/features/leads/owner.ts -> src/features/patients/patient.ts',
        'server-to-src: server/service/handler.ts -> src/api/client.ts',
        'contract-beyond-zod: contract/sales.ts -> src/api/client.ts',
        'api-to-ui: src/api/people.ts -> src/components/page.tsx',
        'components-to-features: src/components/lead-link.tsx -> src/features/leads/route.tsx',
        'src-to-server: src/features/tasks/db.ts -> server/service/app.ts',
        'service-to-host: server/service/tenants.ts -> server/host/backend.ts',
        'server-shared-to-programs: server/time.ts -> server/service/app.ts',
        'src-to-node: src/components/file.ts -> fs',
      ].sort(),
    );
  });

  it('passes the real tree, having read all of it', { timeout: 120_000 }, async () => {
    const { cruised, violations } = await checkImports(repo);
    expect(violations).toEqual([]);
    expect(cruised).toBeGreaterThan(fewestModules);
  });
});
