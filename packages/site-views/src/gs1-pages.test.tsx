import { describe, expect, it } from 'vitest';
import { ChooserPage } from './pages/ChooserPage.js';
import { ProductGonePage } from './pages/ProductGonePage.js';
import { renderHtml } from './render.js';
import { englishTexts } from './texts.js';
import { siteUrls } from './urls.js';
import type { UnitView } from './view-models.js';

const unit: UnitView = {
  slug: 'acme',
  root: '/site/acme',
  preview: null,
  name: 'Acme <Medical>',
  styleVersion: '7',
  hasCustomCss: false,
  logoUrl: null,
  lightHeaderText: false,
  headerTitle: null,
  headerBody: null,
  footerItems: [{ text: 'Contact', publicUrl: 'https://acme.example/contact' }],
};

describe('GS1 views (decision 0043)', () => {
  it('the 410 page says the product is no longer listed and points to the manufacturer', () => {
    const html = renderHtml(
      <ProductGonePage unit={unit} language={{ isoCode: 'en', rtl: false }} t={englishTexts} gtin14="09506000134352" />,
    );
    expect(html).toContain('<h1>This product is no longer listed</h1>');
    expect(html).toContain('09506000134352');
    expect(html).toContain('<a href="/site/acme?lang=en">Acme &lt;Medical&gt;</a>');
    expect(html).toContain('href="https://acme.example/contact"');
    expect(html).not.toMatch(/<script|style="/);
  });

  it('the chooser carries a GS1 link in a hidden field of its GET form', () => {
    const html = renderHtml(
      <ChooserPage
        unit={unit}
        language={{ isoCode: 'en', rtl: false }}
        t={englishTexts}
        regions={[{ name: 'Benelux', countries: [{ isoCode: 'BE', name: 'Belgium' }] }]}
        languages={[{ isoCode: 'en', name: 'English', nativeName: 'English' }]}
        audiences={['hcp']}
        selected={{}}
        invalid={false}
        hidden={[{ name: 'gs1', value: '/01/09506000134352/10/A"B' }]}
      />,
    );
    expect(html).toContain(
      '<form class="chooser" action="/site/acme" method="get"><input type="hidden" name="gs1" value="/01/09506000134352/10/A&quot;B"/>',
    );
  });

  it('builds GS1 and sitemap URLs from the root', () => {
    expect(siteUrls.gs1('/site/acme', '09506000134352')).toBe('/site/acme/01/09506000134352');
    expect(siteUrls.gs1('/site/_preview/acme', '09506000134352', 'A/B 1')).toBe('/site/_preview/acme/01/09506000134352/10/A%2FB%201');
    expect(siteUrls.siteMap('/site/acme')).toBe('/site/acme/sitemap.xml');
    expect(siteUrls.siteMap('/site/acme', 2)).toBe('/site/acme/sitemap.xml?part=2');
  });
});
