import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/** One theme for the whole app. Shades chosen so that text on filled and light variants passes WCAG AA. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
});

/**
 * AA contrast in the light scheme: Mantine's dimmed grey is too light on white, and indigo 9 on the hover
 * background of light variants (an active navigation entry under the mouse) reaches only 4.1:1. In the dark
 * scheme the dimmed grey is too dark on the darker surfaces.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...lightVariantTextColours(t.colors),
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-indigo-light-color': '#2f44b0',
  },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] },
});

type Rgb = [number, number, number];
const toRgb = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour of `light` variants (badges, buttons, alerts) in the light scheme: Mantine draws shade 6 on a 10 %
 * (12 % under the mouse) tint of shade 6, which reaches 1.7:1 (yellow) to 4.2:1 (violet). Each colour gets the first
 * of shade 9 and ever darker mixes of it with black that reaches 4.8:1 on the hover tint (AA is 4.5:1).
 */
export function lightVariantTextColours(colors: Record<string, readonly string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const base = shades[6];
    const dark = shades[9];
    if (name === 'dark' || !base?.startsWith('#') || !dark?.startsWith('#')) continue;
    const tint = toRgb(base).map((c) => c * 0.12 + 255 * 0.88) as Rgb;
    let text = toRgb(dark);
    for (let step = 0; step < 10 && contrast(text, tint) < 4.8; step += 1) {
      text = text.map((c) => c * 0.85) as Rgb;
    }
    out[`--mantine-color-${name}-light-color`] = toHex(text);
  }
  return out;
}
