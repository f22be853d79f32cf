import { describe, expect, it } from 'vitest';

/*
 * Mantine's light variant (the default of Alert) paints a shade colour such as `red.9` as the whole background
 * and its text in `red-light-color`, which is shade 9 too: the text vanishes. The subtle and transparent variants
 * lower a shade to at most 6, which fails AA contrast on white. Plain colour names (`red`) resolve to a pale
 * background and shade-9 text. This scan keeps the fault from coming back; the e2e screen sweep measures it.
 */

const PALE_VARIANTS = new Set(['light', 'subtle', 'transparent']);
const DEFAULT_LIGHT = new Set(['Alert']);

// Every component file of the app, as text (Vite reads them; src/ does not import node:fs).
const sources = import.meta.glob<string>(['./**/*.tsx', '!./**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The opening tags of a JSX file: `<Name ...>`, reading `{...}` attribute values as one piece. */
function openingTags(source: string): { name: string; attrs: string }[] {
  const tags: { name: string; attrs: string }[] = [];
  const start = /<([A-Z][\w.]*)\b/g;
  for (let m = start.exec(source); m; m = start.exec(source)) {
    let depth = 0;
    let i = m.index + m[0].length;
    for (; i < source.length; i++) {
      const c = source[i];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0) break;
    }
    tags.push({ name: m[1] ?? '', attrs: source.slice(m.index + m[0].length, i) });
  }
  return tags;
}

/** A tag that would draw a shade colour in a pale variant, or null. */
function paleShade(tag: { name: string; attrs: string }): string | null {
  const variant = /\bvariant=(?:"(\w+)"|\{'(\w+)'\})/.exec(tag.attrs);
  const v = variant ? (variant[1] ?? variant[2]) : DEFAULT_LIGHT.has(tag.name) ? 'light' : null;
  if (!v || !PALE_VARIANTS.has(v)) return null;
  const colour = /\bcolor=(\{[^}]*\}|"[^"]*")/.exec(tag.attrs);
  if (!colour?.[1]) return null;
  return /['"][a-z]+\.\d['"]/.test(colour[1]) ? `<${tag.name} variant="${v}" color=${colour[1]}>` : null;
}

describe('colours of pale variants', () => {
  it('finds a light badge with a shade colour, and passes plain names and filled shades', () => {
    expect(
      paleShade(openingTags('<Badge variant="light" color="red.9">')[0] ?? { name: '', attrs: '' }),
    ).toMatch(/red\.9/);
    expect(paleShade({ name: 'Alert', attrs: ' color={ok ? "green.9" : "red"}' })).toMatch(/green\.9/);
    expect(paleShade({ name: 'Alert', attrs: ' color="red"' })).toBeNull();
    expect(paleShade({ name: 'Button', attrs: ' color="red.9" onClick={() => a > b}' })).toBeNull();
    expect(paleShade({ name: 'Badge', attrs: ' variant="outline" color="gray.8"' })).toBeNull();
  });

  it('no component in the app draws a shade colour in a light, subtle or transparent variant', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const found = Object.entries(sources).flatMap(([file, text]) =>
      openingTags(text)
        .map(paleShade)
        .filter((x): x is string => x !== null)
        .map((x) => `${file}: ${x}`),
    );
    expect(found).toEqual([]);
  });
});
