import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { operations as whole } from '../contract/operations.ts';
import { stripContractDocs } from './contract-docs.ts';

const dir = mkdtempSync(join(tmpdir(), 'contract-stripped-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files = readdirSync('contract').filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
for (const f of files)
  writeFileSync(join(dir, f), stripContractDocs(readFileSync(join('contract', f), 'utf8')));

describe('the contract as the app is built with it', () => {
  it('has no summary, rules or .meta() left', () => {
    for (const f of files) {
      // Comments may name them; the code may not.
      const code = readFileSync(join(dir, f), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      expect(code, f).not.toContain('.meta(');
      expect(code, f).not.toMatch(/^\s*(summary|rules):/m);
    }
  });

  it('has every operation, with the same path, area, envelope and errors, and parses as the whole one', async () => {
    const { operations: stripped } = (await import(join(dir, 'operations.ts'))) as {
      operations: typeof whole;
    };
    expect(Object.keys(stripped)).toEqual(Object.keys(whole));
    for (const [name, def] of Object.entries(whole)) {
      const other = stripped[name as keyof typeof whole];
      expect(other.summary, name).toBeUndefined();
      expect({ ...other, input: 0, result: 0 }, name).toEqual({
        ...def,
        summary: undefined,
        rules: undefined,
        input: 0,
        result: 0,
      });
      // The same answer to an empty request and to a wrong one: the schemas are the same.
      for (const probe of [{}, { x: '\u0000' }, { limit: -1, offset: 'a' }]) {
        const a = def.input.safeParse(probe);
        const b = other.input.safeParse(probe);
        expect(b.success, `${name} ${JSON.stringify(probe)}`).toBe(a.success);
        expect(b.success ? b.data : b.error.issues, name).toEqual(a.success ? a.data : a.error.issues);
      }
    }
  });

  it('keeps strings and templates whole and leaves other properties alone', () => {
    const code = [
      "const a = z.string().meta({ description: 'x (y' }).max(3);",
      'const op = {',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template in the code the function reads
      '  path: `/a/${b}`,',
      "  summary: 'one ' + 'two, three',",
      '  rules: { [M.x]: "a } b" },',
      "  envelope: 'standard',",
      '};',
      "const text = 'summary: stays';",
    ].join('\n');
    expect(stripContractDocs(code)).toBe(
      [
        'const a = z.string().max(3);',
        'const op = {',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a template in the code the function reads
        '  path: `/a/${b}`,',
        "  envelope: 'standard',",
        '};',
        "const text = 'summary: stays';",
      ].join('\n'),
    );
  });
});
