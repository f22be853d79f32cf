import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLoad } from './first-load.ts';

const dist = mkdtempSync(join(tmpdir(), 'first-load-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** A build in the app's shape; random bytes do not compress, so a file's served size is about its size. */
function build(files: Record<string, number>, manifest: Record<string, object>) {
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'), { recursive: true });
  for (const [file, size] of Object.entries(files)) writeFileSync(join(dist, file), randomBytes(size));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

describe('the first-load walk', () => {
  it("counts the entry, the shell, the board's group and the strings with their static imports, not what loads later", () => {
    build(
      {
        'assets/index.js': 80_000,
        'assets/runtime.js': 700,
        'assets/shell.js': 100_000,
        'assets/route.js': 8_000,
        'assets/rules.js': 3_000,
        'assets/strings-de.js': 7_000,
        'assets/strings-en.js': 6_000,
        'assets/dialog.js': 50_000,
        'assets/agenda.js': 40_000,
      },
      {
        'index.html': {
          file: 'assets/index.js',
          src: 'index.html',
          isEntry: true,
          imports: ['_runtime.js'],
          dynamicImports: ['_shell-a.js', '_leads-first-b.js', 'src/features/agenda/route.tsx'],
        },
        '_runtime.js': { file: 'assets/runtime.js' },
        '_shell-a.js': { file: 'assets/shell.js', imports: ['_runtime.js', 'index.html'] },
        '_leads-first-b.js': {
          file: 'assets/route.js',
          imports: ['_shell-a.js', '_rules.js'],
          dynamicImports: ['src/components/dialog.tsx'],
        },
        '_rules.js': { file: 'assets/rules.js' },
        '_strings-de-x.js': { file: 'assets/strings-de.js' },
        '_strings-en-y.js': { file: 'assets/strings-en.js' },
        'src/components/dialog.tsx': { file: 'assets/dialog.js', src: 'src/components/dialog.tsx' },
        'src/features/agenda/route.tsx': { file: 'assets/agenda.js', src: 'src/features/agenda/route.tsx' },
      },
    );
    const de = firstLoad(dist, 'de');
    expect(de.files.map((f) => f.file).sort()).toEqual(
      [
        'assets/index.js',
        'assets/route.js',
        'assets/rules.js',
        'assets/runtime.js',
        'assets/shell.js',
        'assets/strings-de.js',
      ].sort(),
    );
    // Random bytes: brotli adds a few bytes; the 700-byte runtime is sent as it is.
    expect(de.bytes).toBeGreaterThanOrEqual(80_000 + 700 + 100_000 + 8_000 + 3_000 + 7_000);
    expect(de.bytes).toBeLessThan(80_000 + 700 + 100_000 + 8_000 + 3_000 + 7_000 + 200);
    expect(firstLoad(dist, 'en').files.map((f) => f.file)).toContain('assets/strings-en.js');
  });

  it("takes the build's own .br copy as what is served", () => {
    writeFileSync(join(dist, 'assets/shell.js.br'), randomBytes(30_000));
    const de = firstLoad(dist, 'de');
    expect(de.files.find((f) => f.file === 'assets/shell.js')?.bytes).toBe(30_000);
  });

  it('refuses a build whose shape it does not know instead of measuring too little', () => {
    build(
      { 'assets/index.js': 10 },
      { 'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true } },
    );
    expect(() => firstLoad(dist, 'de')).toThrow(/strings|shell|route/);
  });
});
