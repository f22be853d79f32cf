import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Rules for the end-to-end suite that a type or a lint rule cannot say (issue 35): a test waits for what a person
 * would see, never a fixed time; and it reads the day from the practice clock (e2e/clock.ts), never from the
 * machine's, so that a weekend or midnight cannot change what it sees.
 */
const dir = fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({ name: f, text: readFileSync(`${dir}/${f}`, 'utf8') }));

/** `file:line: text` of every line that matches. */
function found(pattern: RegExp): string[] {
  return files.flatMap(({ name, text }) =>
    text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('the end-to-end suite', () => {
  it('reads its files', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('waits for states, never a fixed time', () => {
    expect(found(/\bwaitForTimeout\s*\(/)).toEqual([]);
  });

  it("reads today from the practice clock, not from the machine's", () => {
    // format(new Date()), new Date().toISOString(), Date.now() plus days: the machine's day.
    expect(
      found(/format\(new Date\(\)\)|new Date\(\)\.toISO|new Date\(Date\.now\(\) [+-]|\bclock\.install\(\)/),
    ).toEqual([]);
  });

  it('sets the browser clock through installClock, which takes off the offset of a run under faketime', () => {
    expect(found(/\.clock\.install\(/).filter((line) => !line.startsWith('clock.ts:'))).toEqual([]);
  });
});
