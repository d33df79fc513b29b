import { describe, expect, it } from 'vitest';
import { ChooserPage } from './pages/ChooserPage.js';
import { ProductPage } from './pages/ProductPage.js';
import { NotFoundPage } from './pages/StatusPages.js';
import { renderHtml } from './render.js';
import { themeCss } from './styles.js';
import { englishTexts, siteTexts } from './texts.js';
import type { UnitView } from './view-models.js';

const unit: UnitView = {
  slug: 'acme',
  root: '/site/acme',
  preview: null,
  name: 'Acme <Medical>',
  styleVersion: '7',
  hasCustomCss: true,
  logoUrl: null,
  lightHeaderText: true,
  headerTitle: 'Title "quoted"',
  headerBody: 'line one\nline two',
  footerItems: [{ text: 'Privacy', publicUrl: 'https://example.com/privacy' }],
};
const choice = { country: 'be', language: 'ar', audience: 'hcp' as const, countryName: 'Belgium', languageName: 'العربية' };

describe('the pages', () => {
  it('escapes every text, links the style sheets and has no inline script or style', () => {
    const html = renderHtml(
      <ProductPage
        unit={unit}
        language={{ isoCode: 'en', rtl: false }}
        t={englishTexts}
        choice={{ ...choice, language: 'en' }}
        audienceName="HCP"
        typeName="Catheters"
        searchUrl="/site/acme/be/en/hcp/catheters"
        keyCode={'<img src=x onerror=alert(1)>'}
        attributes={[{ name: 'Size', value: '<b>10</b>' }]}
        remarks={[]}
        documents={[]}
        lot={null}
        lotFilter={null}
        search={null}
        headerBlocks={[]}
        footerBlocks={[]}
      />,
    );
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;10&lt;/b&gt;');
    expect(html).toContain('Acme &lt;Medical&gt;');
    expect(html).toContain('href="/site/acme/style.css?v=7"');
    expect(html).toContain('href="/site/acme/theme.css?v=7"');
    expect(html).not.toMatch(/<script|style="/);
  });

  it('renders a right-to-left language right to left', () => {
    const html = renderHtml(
      <ChooserPage
        unit={unit}
        language={{ isoCode: 'ar', rtl: true }}
        t={englishTexts}
        regions={[{ name: 'Europe', countries: [{ isoCode: 'BE', name: 'Belgium' }] }]}
        languages={[{ isoCode: 'ar', name: 'Arabic', nativeName: 'العربية' }]}
        audiences={['hcp', 'patient']}
        selected={{}}
        invalid={false}
      />,
    );
    expect(html.startsWith('<!doctype html><html lang="ar" dir="rtl">')).toBe(true);
    expect(html).toContain('<option value="be">Belgium</option>');
    expect(html).toContain('value="patient"');
  });

  it("takes the unit's text, else English, else the catalogue's English", () => {
    const site: Record<string, Record<string, string>> = { fr: { 'notFound.title': 'Page introuvable' }, en: { 'notFound.body': 'Gone.' } };
    const translate = (key: string, fallback?: string) => site.fr[key] || site.en[key] || fallback || key;
    const t = siteTexts(translate);
    const html = renderHtml(<NotFoundPage unit={null} language={{ isoCode: 'fr', rtl: false }} t={t} />);
    expect(html).toContain('Page introuvable');
    expect(html).toContain('Gone.');
    expect(html).toContain('Electronic instructions for use');
  });

  it('lets only hex colours into the theme', () => {
    expect(themeCss({ mainColor: '#112233', highlightColor: '#fff' })).toBe(
      ':root{--site-main:#112233;--site-highlight:#fff;--site-on-highlight:#000}\n',
    );
    expect(themeCss({ mainColor: 'red;}body{display:none', highlightColor: null })).toBe('');
  });
});
