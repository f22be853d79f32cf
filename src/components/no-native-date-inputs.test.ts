import { describe, expect, it } from 'vitest';

/**
 * Native date and time inputs follow the browser's locale (11/23/2026 and AM/PM in an English browser), not the
 * practice's: every day and time is typed in DayField/TimeField (date-time-fields.tsx), DD.MM.YYYY and 24 hours.
 * docs/decisions/0028-one-date-field-one-number-format.md
 */

// Every source file of the app, as text (Vite reads them; src/ does not import node:fs). Tests may name the
// attribute to check that it is gone.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

// `type="date"`, `type={'time'}`, `type: 'datetime-local'`, `setAttribute('type', 'date')` and the like.
const nativeType =
  /\btype\s*(?:=\s*\{?\s*|:\s*|['"]\s*,\s*)["'`](?:date|time|datetime-local|month|week)["'`]/;
// A field helper given the type as its last argument: `text('contact.dob', label, 'date')` (the lead's data form
// had one, unseen by the pattern above).
const typeArgument = /,\s*["'`](?:date|time|datetime-local)["'`]\s*\)/;

/** `file:line: text` of every line that makes a native date or time input. */
function nativeDateInputs(files: { name: string; text: string }[]): string[] {
  return files.flatMap(({ name, text }) =>
    text
      .split('\n')
      .flatMap((line, i) =>
        nativeType.test(line) || typeArgument.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [],
      ),
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
      { name: 'f.tsx', text: "{text('contact.dob', t('field.dob'), 'date')}\nday.add(1, 'month')" },
    ]);
    expect(found.map((f) => f.split(':').slice(0, 2).join(':'))).toEqual([
      'a.tsx:2',
      'b.tsx:1',
      'c.tsx:1',
      'c.tsx:2',
      'd.ts:1',
      'f.tsx:1',
    ]);
  });

  it('src/ has none: days and times go through DayField and TimeField', () => {
    const files = Object.entries(sources).map(([name, text]) => ({ name, text }));
    expect(files.length).toBeGreaterThan(100);
    expect(nativeDateInputs(files)).toEqual([]);
  });
});
