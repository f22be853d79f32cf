import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Native date and time inputs follow the browser's locale (11/23/2026 and AM/PM in an English browser), not the
 * practice's: every day and time is typed in DayField/TimeField (date-time-fields.tsx), DD.MM.YYYY and 24 hours.
 * docs/decisions/0028-one-date-field-one-number-format.md
 */
const SRC = join(import.meta.dirname, '..');

// `type="date"`, `type={'time'}`, `type: 'datetime-local'`, `setAttribute('type', 'date')` and the like.
const nativeType =
  /\btype\s*(?:=\s*\{?\s*|:\s*|['"]\s*,\s*)["'`](?:date|time|datetime-local|month|week)["'`]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // Tests may name the attribute to check that it is gone.
    if (/\.test\.tsx?$/.test(entry.name) || !/\.(tsx?|html)$/.test(entry.name)) return [];
    return [path];
  });
}

/** `file:line: text` of every line that makes a native date or time input. */
export function nativeDateInputs(files: { name: string; text: string }[]): string[] {
  return files.flatMap(({ name, text }) =>
    text
      .split('\n')
      .flatMap((line, i) => (nativeType.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('no native date or time inputs', () => {
  it('finds the forms a native input would take', () => {
    const found = nativeDateInputs([
      { name: 'a.tsx', text: '<TextInput\n  type="date"\n/>' },
      { name: 'b.tsx', text: "{text('dob', label, { type: 'date' })}" },
      { name: 'c.tsx', text: '<input type={\'time\'} />\n<input type="datetime-local" />' },
      { name: 'd.ts', text: "input.setAttribute('type', 'date');" },
      { name: 'e.tsx', text: '<TextInput type="text" /> <DayField /> const type = "date-range";' },
    ]);
    expect(found.map((f) => f.split(':').slice(0, 2).join(':'))).toEqual([
      'a.tsx:2',
      'b.tsx:1',
      'c.tsx:1',
      'c.tsx:2',
      'd.ts:1',
    ]);
  });

  it('src/ has none: days and times go through DayField and TimeField', () => {
    const files = sourceFiles(SRC).map((path) => ({
      name: relative(SRC, path),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(nativeDateInputs(files)).toEqual([]);
  });
});
