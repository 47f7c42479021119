import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** The one Mantine theme of both SPAs (STYLE.md); each picks its default colour scheme itself. */
export const theme = createTheme({
  primaryColor: 'blue',
  // White on blue shades 6 (3.5:1) and 7 (4.2:1) fails WCAG AA; shade 8 passes (4.9:1).
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  focusRing: 'auto',
});

/** Mantine's default dimmed grey is 3.3:1 on white; these keep secondary text at AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] },
});
