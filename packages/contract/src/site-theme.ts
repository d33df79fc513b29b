/**
 * The public website's theme: a unit's layout colours as CSS custom properties, which the site's
 * own style sheet uses. The site serves it as `theme.css`; the administration's layout page puts
 * the same rules into its live preview (decision 0050).
 */
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The unit's colours as custom properties; a value that is not a hex colour is left out (nothing else reaches CSS). */
export function themeCss(layout: { mainColor: string | null; highlightColor: string | null }): string {
  const vars: string[] = [];
  if (layout.mainColor && HEX.test(layout.mainColor)) vars.push(`--site-main:${layout.mainColor}`);
  if (layout.highlightColor && HEX.test(layout.highlightColor)) {
    vars.push(`--site-highlight:${layout.highlightColor}`, `--site-on-highlight:${onColour(layout.highlightColor)}`);
  }
  return vars.length ? `:root{${vars.join(';')}}\n` : '';
}

/** Black or white text, whichever contrasts more with the colour (WCAG relative luminance). */
function onColour(hex: string): string {
  const h = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (c) => c + c).slice(0, 7) : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) ? '#000' : '#fff';
}
