import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { lightVariantTextColours } from './theme.ts';

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
const lum = (hex: string) => {
  const [r = 0, g = 0, b = 0] = rgb(hex).map((v) =>
    v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe('light variant text colours', () => {
  it('reach AA contrast on the light tint for every colour, also yellow and lime', () => {
    const vars = lightVariantTextColours(DEFAULT_THEME.colors);
    for (const name of ['yellow', 'lime', 'teal', 'green', 'orange', 'red', 'grape', 'blue']) {
      const text = vars[`--mantine-color-${name}-light-color`];
      expect(text, name).toMatch(/^#[0-9a-f]{6}$/);
      // The tint under the mouse: 12 % of shade 6 on white.
      const base = rgb(DEFAULT_THEME.colors[name as 'red'][6]).map((c) => c * 255 * 0.12 + 255 * 0.88);
      const tint = `#${base.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
      const [hi, lo] = [lum(text as string), lum(tint)].sort((a, b) => b - a) as [number, number];
      expect((hi + 0.05) / (lo + 0.05), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
