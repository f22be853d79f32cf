import { describe, expect, it } from 'vitest';
import { anchorOf, anchorsOf, checkRefs, type Repository, type Source } from './comment-refs.ts';

/** A small repository: what the sources below may name. */
const markdown: Record<string, string> = {
  'docs/api.md': '# The API\n\n## Agenda\n\n### Waiting list\n\n```\n## not a heading\n```\n',
  'docs/decisions/0047-waiting-list.md': '# 0047: The waiting list\n',
  'README.md': '# Readme\n',
};
const repo: Repository = {
  files: new Set([
    ...Object.keys(markdown),
    'contract/common.ts',
    'server/agenda/handlers.ts',
    'server/db/migrations/0010-waitlist-absences.ts',
    'src/features/leads/board/view.tsx',
    'src/features/leads/board/drag.tsx',
    'src/theme.css',
  ]),
  aliases: new Map([['#contract/', 'contract/']]),
  isPackage: (name) => name === 'react-dom' || name === 'zod',
  ignored: new Set(['reports', 'data']),
};
const read = (path: string) => markdown[path] ?? '';

const check = (...sources: Source[]) => checkRefs(sources, repo, read).map((p) => `${p.where} ${p.name}`);
const ts = (text: string, path = 'src/features/leads/board/drag.tsx'): Source => ({ path, text });

describe('the comment reference check', () => {
  it('passes comments that name files, folders, records and headings the repository has', () => {
    const source = ts(`/**
 * Moves cards (view.tsx loads this), see ./view.tsx, src/features/leads/board/view.tsx, leads/board/drag.tsx,
 * #contract/common.ts, contract/, server/agenda/, docs/decisions/0047, server/db/migrations/0010,
 * docs/api.md#agenda and docs/api.md#waiting-list, README.md, theme.css.
 */
export const x = 1; // the board's drag.tsx`);
    expect(check(source)).toEqual([]);
  });

  it('fails on a comment naming a file the repository lacks, with the file, the line and the name', () => {
    const source = ts(`import { z } from 'zod';

// Cites extensions.md section 4, as comments did before docs/api.md.
/* The old board-view.tsx mounts it; see server/agenda/store.ts. */
export const x = 1;`);
    expect(check(source)).toEqual([
      'src/features/leads/board/drag.tsx:3 extensions.md',
      'src/features/leads/board/drag.tsx:4 board-view.tsx',
      'src/features/leads/board/drag.tsx:4 server/agenda/store.ts',
    ]);
  });

  it('fails on an anchor that is no heading, a record number that is none and a relative path that is missing', () => {
    const source = ts(`/** docs/api.md#booking, docs/decisions/0099, ./board.tsx, #contract/agenda.ts. */
export const x = 1;`);
    expect(check(source)).toEqual([
      'src/features/leads/board/drag.tsx:1 docs/api.md#booking',
      'src/features/leads/board/drag.tsx:1 docs/decisions/0099',
      'src/features/leads/board/drag.tsx:1 ./board.tsx',
      'src/features/leads/board/drag.tsx:1 #contract/agenda.ts',
    ]);
  });

  it('reads comments only: a string that names a missing file is code, not a comment', () => {
    const source = ts(`export const name = 'extensions.md'; // but this one: missing.ts
export const url = "https://example.ch/a.md";`);
    expect(check(source)).toEqual(['src/features/leads/board/drag.tsx:1 missing.ts']);
  });

  it('leaves alone what is clearly no file of the repository', () => {
    const source = ts(`/**
 * https://github.com/x/y/blob/main/README-old.md, node:fs/promises, @mantine/core/styles.layer.css,
 * react-dom/client, zod/v4/core.ts, *.test.ts, src/features/<area>/route.tsx, \${name}.tsx, x.test.tsx, ./x.ts,
 * the .layer.css variant, .ts/.tsx, reports/timings.md, ./data, sales/getLeads, and/or, e.g. 2.5 s, v1.0.0.
 */
export const x = 1;`);
    expect(check(source)).toEqual([]);
  });

  it('reads every line of Markdown and the comments of CSS', () => {
    const md: Source = {
      path: 'docs/decisions/0050-x.md',
      text: '# 0050\n\nSee [the API](../api.md#agenda) and gone.tsx.\n',
    };
    const css: Source = {
      path: 'src/theme.css',
      text: '/* with view.tsx */\n.a { color: red; }\n/* old-theme.css */\n',
    };
    expect(check(md, css)).toEqual(['docs/decisions/0050-x.md:3 gone.tsx', 'src/theme.css:3 old-theme.css']);
  });

  it('makes anchors as GitHub does, skipping fenced code', () => {
    expect(anchorOf('Sales: tasks & notes')).toBe('sales-tasks--notes');
    expect([...anchorsOf(markdown['docs/api.md'])]).toEqual(['the-api', 'agenda', 'waiting-list']);
  });
});
