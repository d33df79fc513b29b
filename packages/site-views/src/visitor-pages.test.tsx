// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatDate, formatSize, typeLabel } from './format.js';
import { ChooserPage } from './pages/ChooserPage.js';
import { DownloadPage } from './pages/DownloadPage.js';
import { ProductPage, type ProductPageProps } from './pages/ProductPage.js';
import { SitesPage } from './pages/SitesPage.js';
import { NotFoundPage } from './pages/StatusPages.js';
import { renderHtml } from './render.js';
import { englishTexts } from './texts.js';
import type { DocumentView, FileView, UnitView } from './view-models.js';

/**
 * The visitor's path (decision 0048): documents first with clear file actions, the words for a
 * document without the visitor's language and for an unknown lot, the search folded away, the
 * skip link, the way back from "Change country or language", and `/site` alone.
 */
const unit: UnitView = {
  slug: 'acme',
  root: '/site/acme',
  preview: null,
  name: 'Acme',
  styleVersion: '7',
  hasCustomCss: false,
  logoUrl: null,
  lightHeaderText: true,
  headerTitle: null,
  headerBody: null,
  footerItems: [],
};
const choice = {
  country: 'be',
  language: 'en',
  audience: 'hcp' as const,
  countryName: 'Belgium',
  languageName: 'English',
  from: '/be/en/hcp/catheters/KC-1?lot=L7',
};

const file = (id: number, name: string, code: string, language: string): FileView => ({
  fileId: id,
  name,
  languages: [{ code, name: language }],
  restOfTheWorld: false,
  current: {
    fileVersionId: id * 10,
    label: '2.0',
    versionDate: '2026-03-05',
    downloadUrl: `/site/acme/files/${id}?product=1`,
    size: 2_500_000,
    mediaType: 'application/pdf',
  },
  previous: [],
  paperCopyUrl: `/site/acme/files/${id}/paper-copy?product=1`,
});
const leaflet: DocumentView = {
  number: 'IFU-1',
  name: 'Leaflet',
  typeName: 'IFU',
  attributes: [],
  inVisitorLanguage: false,
  files: [file(1, 'Notice', 'fr', 'Français'), file(2, 'Bijsluiter', 'nl', 'Nederlands')],
};

const props = (over: Partial<ProductPageProps> = {}): ProductPageProps => ({
  unit,
  language: { isoCode: 'en', rtl: false },
  t: englishTexts,
  choice,
  audienceName: 'Healthcare professional',
  typeName: 'Catheters',
  searchUrl: '/site/acme/be/en/hcp/catheters',
  keyCode: 'KC-1',
  attributes: [{ name: 'Model', value: 'Cathéter 7F' }],
  remarks: ['<p>Store dry.</p>'],
  documents: [leaflet],
  lot: null,
  lotFilter: { action: '/site/acme/be/en/hcp/catheters/KC-1' },
  search: { action: '/site/acme/be/en/hcp/catheters', fields: [{ param: 'keyCode', label: 'Key code', mandatory: false, value: '' }] },
  headerBlocks: ['<p>About catheters</p>'],
  footerBlocks: [],
  ...over,
});

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
/** What a sighted visitor reads in the main content (visually hidden text left out), spaces collapsed. */
function seen(doc: Document): string {
  const main = doc.querySelector('main')?.cloneNode(true) as HTMLElement | undefined;
  for (const hidden of Array.from(main?.querySelectorAll('.visually-hidden') ?? [])) hidden.remove();
  return (main?.textContent ?? '').replace(/\s+/g, ' ');
}

describe('the product page', () => {
  it('lists the documents first, each file a "Download PDF" action named for assistive technology', () => {
    const doc = parse(renderHtml(<ProductPage {...props()} />));
    const main = doc.querySelector('main') as HTMLElement;
    const order = ['.file__link', '.product__details', '.lot-form', '.content-block', '.search-another'].map((sel) =>
      main.innerHTML.indexOf(main.querySelector(sel)?.outerHTML ?? '!'),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const action = main.querySelector('a.file__link');
    expect(action?.textContent).toBe('Download PDF: Notice (Français)');
    expect(action?.getAttribute('href')).toBe('/site/acme/files/1?product=1');
    const meta = main.querySelector('.file__meta');
    expect(meta?.textContent?.replace(/\s+/g, ' ')).toBe('Notice · Français · 2.5 MB · Version 2.0 · March 5, 2026');
    expect(meta?.querySelector('[lang="fr"]')?.textContent).toBe('Français');
    expect(meta?.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-05');
  });

  it('says when a document has no file in the visitor language, and offers the others by name', () => {
    const doc = parse(renderHtml(<ProductPage {...props()} />));
    expect(seen(doc)).toContain('Not available in English.');
    expect(seen(doc)).toContain('Available in: Français, Nederlands');
    const links = Array.from(doc.querySelectorAll('a.document__language'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/site/acme/files/1?product=1', '/site/acme/files/2?product=1']);
    expect(links[0].textContent).toBe('Français: Notice');
    // a document in the visitor's language says nothing of the sort
    const english = parse(renderHtml(<ProductPage {...props({ documents: [{ ...leaflet, inVisitorLanguage: true }] })} />));
    expect(seen(english)).not.toContain('Not available');
  });

  it('says so in words when there is no document, and when a lot is not known', () => {
    const none = seen(parse(renderHtml(<ProductPage {...props({ documents: [] })} />)));
    expect(none).toContain('There are no documents for this product in Belgium yet.');
    expect(none).not.toContain('No results');
    const lot = seen(parse(renderHtml(<ProductPage {...props({ lot: 'L-99', lotUnknown: true })} />)));
    expect(lot).toContain('Lot L-99 was not found. The documents below apply to all lots.');
    expect(seen(parse(renderHtml(<ProductPage {...props({ lot: 'L-99' })} />)))).not.toContain('was not found');
  });

  it('folds the search into a closed "Search another product", and leaves it out when the unit does not offer it', () => {
    const doc = parse(renderHtml(<ProductPage {...props()} />));
    const details = doc.querySelector('details.search-another') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Search another product');
    expect(details.querySelector('form')?.getAttribute('action')).toBe('/site/acme/be/en/hcp/catheters');
    expect(parse(renderHtml(<ProductPage {...props({ search: null })} />)).querySelector('details.search-another')).toBeNull();
  });
});

describe('the layout', () => {
  it('starts with a skip link to the main content; "Change country or language" carries the page', () => {
    const doc = parse(renderHtml(<ProductPage {...props()} />));
    const first = doc.body.querySelector('a, button, input, select, summary, [tabindex]:not([tabindex="-1"])');
    expect(first?.textContent).toBe('Skip to content');
    expect(first?.getAttribute('href')).toBe('#main');
    expect(doc.querySelector('main')?.id).toBe('main');
    const change = doc.querySelector('a.site-header__change');
    expect(change?.textContent).toBe('Change country or language');
    expect(change?.getAttribute('href')).toBe(`/site/acme?change=1&lang=en&from=${encodeURIComponent(choice.from)}`);
    expect(doc.querySelector('.site-header__choice')?.textContent).toContain('Belgium · English · Healthcare professional');
  });

  it('keeps the place through the chooser form, and names the languages', () => {
    const doc = parse(
      renderHtml(
        <ChooserPage
          unit={unit}
          language={{ isoCode: 'en', rtl: false }}
          t={englishTexts}
          regions={[{ name: 'Benelux', countries: [{ isoCode: 'BE', name: 'Belgium' }] }]}
          languages={[
            { isoCode: 'en', name: 'English', nativeName: 'English' },
            { isoCode: 'fr-BE', name: 'French (Belgium)', nativeName: 'français (Belgique)' },
          ]}
          audiences={['hcp']}
          selected={{ country: 'be', language: 'fr-be' }}
          invalid={false}
          hidden={[{ name: 'from', value: choice.from }]}
        />,
      ),
    );
    expect(doc.querySelector<HTMLInputElement>('input[type="hidden"][name="from"]')?.value).toBe(choice.from);
    expect(doc.querySelector<HTMLSelectElement>('#language')?.value).toBe('fr-be');
    expect(doc.querySelector<HTMLSelectElement>('#country')?.value).toBe('be');
    expect(Array.from(doc.querySelectorAll('#language option')).map((o) => o.textContent)).toEqual(['English', 'français (Belgique)']);
  });
});

describe('the download confirmation', () => {
  it('names the languages and the size, and saves under the typed name', () => {
    const doc = parse(
      renderHtml(
        <DownloadPage
          unit={unit}
          language={{ isoCode: 'fr', rtl: false }}
          t={englishTexts}
          choice={choice}
          audienceName="HCP"
          download={{
            productTypeName: 'Catheters',
            keyCode: 'KC-1',
            documentNumber: 'IFU-1',
            documentName: 'Leaflet',
            fileName: 'Notice',
            versionLabel: '2.0',
            versionDate: '2026-03-05',
            isCurrent: true,
            languages: [{ code: 'fr', name: 'Français' }],
            binaryName: 'notice.pdf',
            binarySize: 2_500_000,
            context: { ...choice, productId: 1 },
            downloadUrl: '/site/acme/files/1/download?product=1',
            backUrl: '/site/acme/be/en/hcp/catheters/KC-1',
          }}
        />,
      ),
    );
    const text = seen(doc);
    expect(text).toContain('Français');
    expect(text).toContain('2,5 Mo');
    expect(text).toContain('5 mars 2026');
    expect(text).not.toMatch(/\bFR\b/);
    expect(doc.querySelector('a[href*="/download?"]')?.getAttribute('download')).toBe('notice.pdf');
  });
});

describe('/site alone and an unknown unit', () => {
  it('lists the published sites, says when there is none, and leads back to them from an unknown unit', () => {
    const list = parse(
      renderHtml(<SitesPage language={{ isoCode: 'en', rtl: false }} t={englishTexts} sites={[{ name: 'Acme', url: '/site/acme' }]} />),
    );
    expect(Array.from(list.querySelectorAll('main a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Acme', '/site/acme'],
    ]);
    const none = parse(renderHtml(<SitesPage language={{ isoCode: 'en', rtl: false }} t={englishTexts} sites={[]} />));
    expect(seen(none)).toContain('No website has been published yet.');
    const lost = parse(renderHtml(<NotFoundPage unit={null} language={{ isoCode: 'en', rtl: false }} t={englishTexts} />));
    expect(lost.querySelector('main a')?.getAttribute('href')).toBe('/site');
  });
});

describe('formats', () => {
  it('writes sizes, dates and types as a visitor reads them', () => {
    expect(formatSize(512, 'en')).toBe('512 byte');
    expect(formatSize(40_200, 'en')).toBe('40.2 kB');
    expect(formatSize(1_234_567, 'en')).toBe('1.2 MB');
    expect(formatDate('2026-01-01', 'en')).toBe('January 1, 2026');
    expect(formatDate('2026-01-01', 'not a locale!')).toBe('January 1, 2026');
    expect(formatDate('soon', 'en')).toBe('soon');
    expect(typeLabel('application/pdf')).toBe('PDF');
    expect(typeLabel('application/x-unknown')).toBeNull();
  });
});
