import { type CSSVariablesResolver, createTheme, Loader, type MantineColorsTuple, Menu } from '@mantine/core';

/**
 * Mantine's teal with shades 8 and 9 one step darker: shade 8 is the filled/link colour (5.0:1 on
 * white, and white on it), shade 9 the hover and the text of light variants (≥ 4.5:1 on shades 0-2).
 */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#087f5b',
  '#076b50',
];

/**
 * Mantine's orange (the catalogue's warning colour: orphan, archived, no-products badges) with shade
 * 9, the text of light variants, darker: ≥ 4.5:1 on shades 0-2 (Mantine's #d9480f is 3.6:1 on shade 1).
 */
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#e8590c',
  '#a63d0a',
];

export const theme = createTheme({
  // users who ask their system for less motion get no transitions (menus, dialogs appear at once)
  respectReducedMotion: true,
  primaryColor: 'teal',
  // WCAG AA 4.5:1: shade 6 of most palettes fails as text on white or under white text; shade 8 passes
  primaryShade: { light: 8, dark: 8 },
  colors: { teal, orange },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // an open menu focuses its first item (the usual keyboard behaviour) instead of a hidden
    // placeholder, which also left the menu with a child that is no menu item
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // a loader is a live status: its label is announced (a span's aria-label without a role is
    // ignored by screen readers and prohibited by ARIA, which the accessibility scan caught mid-load)
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});

/** Secondary and error texts readable (≥ 4.5:1) on white and on the gray.0/gray.1 page backgrounds. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6770',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
