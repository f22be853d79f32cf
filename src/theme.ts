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
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-indigo-light-color': '#2f44b0',
  },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] },
});
