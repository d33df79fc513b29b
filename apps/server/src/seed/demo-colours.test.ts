import { SITE_CSS, themeCss } from '@vellum/site-views';
import { describe, expect, it } from 'vitest';
import { DEMO_UNITS } from './demo.js';

/** WCAG 2.2 relative luminance of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  const h = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2 contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The colour a rule of the site's own style sheet gives (the first group of `pattern`). */
function siteColour(pattern: RegExp): string {
  const found = pattern.exec(SITE_CSS);
  expect(found, String(pattern)).not.toBeNull();
  return found![1];
}

const HEX = '(#[0-9a-fA-F]{3,6})';
const background = siteColour(new RegExp(`body\\{[^}]*background:${HEX}`));
const link = siteColour(new RegExp(`a\\{color:var\\(--site-link,${HEX}\\)\\}`));
const headerText = (light: boolean) =>
  siteColour(
    new RegExp(
      light
        ? `\\.site-header--light,\\.site-header--light a\\{color:${HEX}\\}`
        : `\\.site-header--dark,\\.site-header--dark a\\{color:${HEX}\\}`,
    ),
  );

describe("the demo units' colours on their website (WCAG 2.2 AA)", () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#fff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  for (const [name, unit] of Object.entries(DEMO_UNITS)) {
    it(`${name}: header text, buttons and links reach 4.5:1, the focus outline 3:1`, () => {
      expect(contrast(headerText(unit.lightHeaderText), unit.mainColor)).toBeGreaterThanOrEqual(4.5);
      // the button's text colour is the one the site's theme sheet chooses for the highlight colour
      const onHighlight = /--site-on-highlight:(#[0-9a-fA-F]{3,6})/.exec(themeCss(unit))?.[1];
      expect(onHighlight).toBeDefined();
      expect(contrast(onHighlight!, unit.highlightColor)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(link, background)).toBeGreaterThanOrEqual(4.5);
      // the focus outline is drawn in the highlight colour on the page (a non-text contrast)
      expect(contrast(unit.highlightColor, background)).toBeGreaterThanOrEqual(3);
    });
  }
});
