import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { firstStrings, type Graph, type ModuleFacts, onlyReExports, shellChunks } from './chunks.ts';

const app = '/app';
const mantine = `${app}/node_modules/@mantine/core/esm`;
const icons = `${app}/node_modules/@tabler/icons-react/dist/esm`;

/**
 * A small module graph in the app's shape: each module with its (transformed, JavaScript) code and what it imports
 * statically; who imports whom is worked out from that, as the bundler's ModuleInfo has it.
 */
function graph(modules: Record<string, { code?: string; imports?: string[]; exports?: string[] }>): Graph {
  const infos = new Map<string, ModuleFacts>();
  for (const [id, m] of Object.entries(modules)) {
    infos.set(id, {
      id,
      code: m.code ?? '',
      importedIds: m.imports ?? [],
      importers: [],
      exports: m.exports ?? [],
    });
  }
  for (const info of infos.values()) {
    for (const to of info.importedIds) {
      const target = infos.get(to);
      if (!target) throw new Error(`${info.id} imports ${to}, which the graph does not have`);
      target.importers.push(info.id);
    }
  }
  return { getModuleInfo: (id) => infos.get(id) ?? null };
}

const modules = {
  // index.html's entry and what it imports before the shell.
  [`${app}/index.html`]: { imports: [`${app}/src/main.tsx`] },
  [`${app}/src/main.tsx`]: { imports: [`${app}/src/zod-setup.ts`] },
  [`${app}/src/zod-setup.ts`]: {},
  // The shell (loaded by main.tsx with import(), so not among its static imports).
  [`${app}/src/app.tsx`]: {
    code: "import { Badge } from '@mantine/core';\nimport { IconX as Close } from '@tabler/icons-react';",
    imports: [`${app}/src/components/header.tsx`, `${mantine}/index.mjs`, `${icons}/tabler-icons-react.mjs`],
  },
  [`${app}/src/i18n/index.ts`]: {},
  [`${app}/src/components/header.tsx`]: { imports: [`${app}/node_modules/dayjs/esm/index.js`] },
  [`${app}/node_modules/dayjs/esm/index.js`]: { code: 'const dayjs = () => 0;\nexport default dayjs;' },
  // The board (the first page) and another page, each loaded on its own.
  [`${app}/src/features/leads/route.tsx`]: {
    code: "import { Switch, Chip } from '@mantine/core';",
    imports: [
      `${app}/src/components/status-badge.tsx`,
      `${app}/src/components/person-name.tsx`,
      `${app}/src/features/leads/board/column.tsx`,
      `${mantine}/index.mjs`,
    ],
  },
  // Today, the other first page: it shares the person's name and Chip with the board.
  [`${app}/src/features/today/route.tsx`]: {
    code: "import { Chip, Stepper } from '@mantine/core';",
    imports: [
      `${app}/src/components/person-name.tsx`,
      `${app}/src/features/today/model.ts`,
      `${mantine}/index.mjs`,
    ],
  },
  [`${app}/src/features/today/model.ts`]: {},
  [`${app}/src/components/person-name.tsx`]: {},
  [`${app}/src/features/leads/board/column.tsx`]: {},
  [`${app}/src/features/patients/route.tsx`]: {
    code: "import { Table } from '@mantine/core';\nimport { IconTrash } from '@tabler/icons-react';",
    imports: [
      `${app}/src/components/status-badge.tsx`,
      `${mantine}/index.mjs`,
      `${icons}/tabler-icons-react.mjs`,
    ],
  },
  [`${app}/src/components/status-badge.tsx`]: {},
  // Two package indexes that only re-export: Mantine's (import, then one export list) and the icons'.
  [`${mantine}/index.mjs`]: {
    code: [
      '/* Mantine */',
      'import { Badge } from "./components/Badge/Badge.mjs";',
      'import { Switch } from "./components/Switch/Switch.mjs";',
      'import { Table } from "./components/Table/Table.mjs";',
      'import { Chip } from "./components/Chip/Chip.mjs";',
      'import { Stepper } from "./components/Stepper/Stepper.mjs";',
      'export { Badge, Switch, Table, Chip, Stepper };',
    ].join('\n'),
    imports: [
      `${mantine}/components/Badge/Badge.mjs`,
      `${mantine}/components/Switch/Switch.mjs`,
      `${mantine}/components/Table/Table.mjs`,
      `${mantine}/components/Chip/Chip.mjs`,
      `${mantine}/components/Stepper/Stepper.mjs`,
    ],
  },
  [`${mantine}/components/Badge/Badge.mjs`]: { code: 'export const Badge = 1;', exports: ['Badge'] },
  [`${mantine}/components/Switch/Switch.mjs`]: { code: 'export const Switch = 1;', exports: ['Switch'] },
  [`${mantine}/components/Table/Table.mjs`]: { code: 'export const Table = 1;', exports: ['Table'] },
  [`${mantine}/components/Chip/Chip.mjs`]: { code: 'export const Chip = 1;', exports: ['Chip'] },
  [`${mantine}/components/Stepper/Stepper.mjs`]: { code: 'export const Stepper = 1;', exports: ['Stepper'] },
  [`${icons}/tabler-icons-react.mjs`]: {
    code: [
      "export { default as IconTrash } from './icons/IconTrash.mjs';",
      "export { default as IconX } from './icons/IconX.mjs';",
    ].join('\n'),
    imports: [`${icons}/icons/IconTrash.mjs`, `${icons}/icons/IconX.mjs`],
  },
  [`${icons}/icons/IconTrash.mjs`]: { code: 'export default 1;', exports: ['default'] },
  [`${icons}/icons/IconX.mjs`]: { code: 'export default 1;', exports: ['default'] },
};

describe('the shell, boot and first-page groups', () => {
  const ctx = graph(modules);
  const { boot, shell, leads, today } = shellChunks(app);
  const group = (path: string) => {
    const id = `${app}/${path}`;
    return boot(id, ctx) ?? shell(id, ctx) ?? leads(id, ctx) ?? today(id, ctx);
  };

  it("puts the entry's modules into boot, not into the shell", () => {
    expect(group('src/main.tsx')).toBe('boot');
    expect(group('src/zod-setup.ts')).toBe('boot');
    expect(shell(`${app}/src/zod-setup.ts`, ctx)).toBeNull();
  });

  it("puts the shell's modules, and what they import from packages directly, into the shell", () => {
    expect(group('src/app.tsx')).toBe('shell');
    expect(group('src/components/header.tsx')).toBe('shell');
    expect(group('node_modules/dayjs/esm/index.js')).toBe('shell');
  });

  it('puts what both first pages need into the shell, and what one of them needs into its own group', () => {
    expect(group('src/components/person-name.tsx')).toBe('shell');
    // The board's route, its own parts and what it shares with another page (not Today): one file.
    expect(group('src/features/leads/route.tsx')).toBe('leads-first');
    expect(group('src/features/leads/board/column.tsx')).toBe('leads-first');
    expect(group('src/components/status-badge.tsx')).toBe('leads-first');
    expect(group('src/features/today/route.tsx')).toBe('today-first');
    expect(group('src/features/today/model.ts')).toBe('today-first');
    // Another page is left to the bundler.
    expect(group('src/features/patients/route.tsx')).toBeNull();
  });

  it('groups the package parts the first pages take through an index by who names them', () => {
    // Badge and IconX (the shell's, IconX imported under another name), Chip (both first pages'): the shell.
    expect(group('node_modules/@mantine/core/esm/components/Badge/Badge.mjs')).toBe('shell');
    expect(group('node_modules/@tabler/icons-react/dist/esm/icons/IconX.mjs')).toBe('shell');
    expect(group('node_modules/@mantine/core/esm/components/Chip/Chip.mjs')).toBe('shell');
    expect(group('node_modules/@mantine/core/esm/components/Switch/Switch.mjs')).toBe('leads-first');
    expect(group('node_modules/@mantine/core/esm/components/Stepper/Stepper.mjs')).toBe('today-first');
    // Only the patients page uses these, though the index is imported by the shell too.
    expect(group('node_modules/@mantine/core/esm/components/Table/Table.mjs')).toBeNull();
    expect(group('node_modules/@tabler/icons-react/dist/esm/icons/IconTrash.mjs')).toBeNull();
  });
});

describe('a module that only re-exports', () => {
  const reExportsOnly = (code: string) => onlyReExports(parseAst(code, { lang: 'js', sourceType: 'module' }));

  it('is one of imports and export lists, whatever its comments', () => {
    expect(
      reExportsOnly(
        "'use client';\n// index\nimport { a } from './a.js';\n/* b */ export { a };\nexport * from './b.js';",
      ),
    ).toBe(true);
  });

  it('is not one that declares or runs anything of its own', () => {
    expect(reExportsOnly("export { a } from './a.js';\nexport const b = 1;")).toBe(false);
    expect(reExportsOnly("import { a } from './a.js';\na();")).toBe(false);
  });
});

describe('the first strings', () => {
  it("groups the shell's strings by language, and nothing else", () => {
    expect(firstStrings(`${app}/src/i18n/common/de.ts`)).toBe('strings-de');
    expect(firstStrings(`${app}/src/features/patients/locales/fr.ts`)).toBeNull();
    expect(firstStrings(`${app}/src/features/tasks/locales/fr.ts`)).toBeNull();
    expect(firstStrings(`${app}/src/features/leads/locales/fr.ts`)).toBeNull();
    expect(firstStrings(`${app}/src/features/agenda/locales/de.ts`)).toBeNull();
    expect(firstStrings(`${app}/src/features/leads/locales/de-details.ts`)).toBeNull();
  });
});
