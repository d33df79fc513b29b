import { describe, expect, it } from 'vitest';
import { renderHtml } from './render.js';
import { BadLinkPage } from './resolver/BadLinkPage.js';
import { LinksetPage } from './resolver/LinksetPage.js';
import { englishTexts } from './texts.js';
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
  footerItems: [],
};
const en = { isoCode: 'en', rtl: false };
const groups = [
  {
    linkType: 'pip',
    name: 'Product page',
    links: [{ href: 'https://e.example/site/acme/be/fr/hcp/c/KC-1', title: 'Catheter KC-1', languages: [] }],
  },
  {
    linkType: 'epil',
    name: 'Patient information leaflet',
    links: [
      { href: 'https://e.example/site/acme/files/7/download?product=1&country=be', title: 'Leaflet <FR>', languages: ['French', 'Dutch'] },
    ],
  },
];

describe('GS1 resolver views (decision 0049)', () => {
  it('the linkset page lists each link type with its links, titles and languages, escaped, without script or inline style', () => {
    const html = renderHtml(
      <LinksetPage
        unit={unit}
        language={en}
        t={englishTexts}
        kind="linkset"
        description="Catheter KC-1"
        gtin14="09506000134352"
        groups={groups}
        throughChooser={false}
      />,
    );
    expect(html).toContain('<h1>What this website offers for this product</h1>');
    expect(html).toContain('<h2 id="links-epil">Patient information leaflet</h2>');
    expect(html).toContain('<a href="https://e.example/site/acme/files/7/download?product=1&amp;country=be">Leaflet &lt;FR&gt;</a>');
    expect(html).toContain('(Languages: French, Dutch)');
    expect(html).toContain('09506000134352');
    expect(html).not.toContain('depend on your country');
    expect(html).not.toMatch(/<script|style="/);
  });

  it('says when several links answer (300), when none does (404), and when the country is still to choose', () => {
    const page = (kind: 'choices' | 'missing') =>
      renderHtml(
        <LinksetPage
          unit={unit}
          language={en}
          t={englishTexts}
          kind={kind}
          description="KC-1"
          gtin14={null}
          groups={groups}
          throughChooser
        />,
      );
    expect(page('choices')).toContain('<h1>Choose a document</h1>');
    expect(page('missing')).toContain('<h1>No document of this kind</h1>');
    expect(page('missing')).toContain('The documents depend on your country: the links ask for it first.');
    expect(page('missing')).not.toContain('(GTIN)');
  });

  it('the 400 page says the code cannot be read, with a way home when the unit is known', () => {
    expect(renderHtml(<BadLinkPage unit={unit} language={en} t={englishTexts} />)).toContain('<a href="/site/acme">Home</a>');
    const bare = renderHtml(<BadLinkPage unit={null} language={en} t={englishTexts} />);
    expect(bare).toContain('<h1>This code cannot be read</h1>');
    expect(bare).not.toContain('>Home</a></p>');
  });
});
