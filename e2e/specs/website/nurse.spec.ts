import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { adminApi, createProduct, createProductType, createUnit } from '../catalogue/support';
import { createDocument, pdfOf, uploadBinary } from '../documents/files-support';

/**
 * The nurse's path (issue 19, decision 0048): a nurse in Belgium whose phone speaks English scans
 * the box (the GS1 link), keeps English, chooses Belgium, and reaches the French leaflet in three
 * taps, its download action on the first screen of the product page although no English leaflet
 * exists; "Change country or language" keeps the product; an unknown lot shows the files for all
 * lots. At 390 × 844, with JavaScript off and on, axe on every page.
 */
const GTIN13 = '5901234123457';
const GTIN14 = `0${GTIN13}`;
const FRENCH = pdfOf(48_000);
const DUTCH = pdfOf(52_000);
const PHONE = { width: 390, height: 844 };

async function publishedUnit(request: APIRequestContext) {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-nurse');
  await api.post('/api/interface-regions', { businessUnitId: unit.id, name: 'Benelux', countryIds: ['BE', 'NL', 'LU'] });
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en', 'fr', 'nl']);
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en', 'fr', 'nl']);
  const type = await createProductType(api, unit.id, [{ name: 'Family', searchTypeHCP: 'SEARCHABLE_EXACT' }], {
    keyCodeSearchTypeHCP: 'SEARCHABLE_EXACT',
    lotNumbers: true,
  });
  const product = await createProduct(api, type, GTIN13, { Family: 'Catheters' });
  const docType = await api.post<{ id: number }>('/api/document-types', { businessUnitId: unit.id, name: 'IFU', hcp: true, sortNumber: 1 });
  const doc = await createDocument(request, api, {
    businessUnitId: unit.id,
    documentTypeId: docType.id,
    number: 'IFU-NURSE',
    name: 'Instructions for use',
    productIds: [product.id],
  });
  // Belgium has the leaflet in French and in Dutch, not in English
  const french = await api.post<{ id: number }>('/api/files', {
    documentId: doc.id,
    name: 'Notice',
    versionLabel: '3.1',
    date: '2026-02-01',
    countryIds: ['BE'],
    documentLanguageIds: ['fr'],
  });
  // uploaded under a name of another type: it is saved as the PDF it is
  await uploadBinary(request, api, french.id, 'notice-fr.html', FRENCH);
  const dutch = await api.post<{ id: number }>('/api/files', {
    documentId: doc.id,
    name: 'Bijsluiter',
    versionLabel: '3.1',
    date: '2026-02-01',
    countryIds: ['BE'],
    documentLanguageIds: ['nl'],
  });
  await uploadBinary(request, api, dutch.id, 'bijsluiter-nl.pdf', DUTCH);
  await api.post('/api/publish', { businessUnitId: unit.id });
  return { api, unit, type, french };
}

async function phone(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled,
    viewport: PHONE,
    locale: 'en',
    extraHTTPHeaders: { 'accept-language': 'en' },
    acceptDownloads: true,
  });
  return context.newPage();
}

/** Whole inside the first screen, without scrolling. */
async function expectOnFirstScreen(page: Page, target: Locator) {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await target.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  expect((box?.y ?? -1) >= 0 && (box?.y ?? 0) + (box?.height ?? 0) <= PHONE.height, `within the first ${PHONE.height} px`).toBe(true);
}

/** Every target at least 24 by 24 CSS pixels, or spaced as WCAG 2.2 AA (2.5.8) allows. */
async function expectTargetSizes(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  expect(result.violations.map((v) => `${what}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const javaScriptEnabled of [false, true]) {
  test(`a nurse with an English phone reaches the French leaflet of a scanned box ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const { unit, type, french } = await publishedUnit(request);
    const page = await phone(browser, javaScriptEnabled);
    const root = `/site/${unit.slug}`;
    // axe runs in the page: it scans in the run with JavaScript (both runs get the same HTML)
    const accessible = javaScriptEnabled
      ? async (what: string) => {
          await expectAccessible(page, what);
          await expectTargetSizes(page, what);
        }
      : async () => {};
    let taps = 0;
    const tap = async (action: () => Promise<unknown>) => {
      taps++;
      await action();
    };

    // the scan: the box's GS1 link, before any choice, opens the chooser in English
    await page.goto(`${root}/01/${GTIN14}`);
    await expect(page).toHaveURL(new RegExp(`${root}\\?gs1=`));
    await expect(page.getByLabel('Choose your language')).toHaveValue('en');
    await accessible('chooser after a scan');

    // Belgium, in English: the product's page, its French leaflet first on the screen
    await tap(() => page.getByLabel('Choose your country').selectOption('be'));
    await tap(() => page.getByRole('button', { name: 'Next' }).click());
    await expect(page).toHaveURL(new RegExp(`${root}/be/en/hcp/${type.slug}/${GTIN13}$`));
    const main = page.getByRole('main');
    await expect(main).toContainText('Not available in English.');
    const languages = main.locator('.document__languages');
    await expect(languages).toContainText('Available in:');
    await expect(languages.getByRole('link')).toHaveText(['Français: Notice', 'Nederlands: Bijsluiter']);
    await expect(main).not.toContainText('No results');
    const download = main.getByRole('link', { name: /^Download PDF ?: Notice \(Français\)$/ });
    await expect(download).toBeVisible();
    await expectOnFirstScreen(page, download);
    await expect(main.getByRole('link', { name: /^Download PDF ?: Bijsluiter \(Nederlands\)$/ })).toBeVisible();
    await accessible('product page in another language');

    // the third tap: the French leaflet's download, confirmed once more as the site asks
    await tap(() => download.click());
    expect(taps).toBeLessThanOrEqual(3);
    await expect(page).toHaveURL(new RegExp(`${root}/files/${french.id}\\?`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Download confirmation');
    await expect(main).toContainText('Français');
    const agree = main.getByRole('link', { name: /^I agree ?: Notice$/ });
    await expectOnFirstScreen(page, agree);
    await accessible('download confirmation');
    const [saved] = await Promise.all([page.waitForEvent('download'), agree.click()]);
    // saved as the PDF it is, with its exact bytes
    expect(saved.suggestedFilename()).toBe('notice-fr.pdf');
    expect(
      createHash('sha256')
        .update(readFileSync(await saved.path()))
        .digest('hex'),
    ).toBe(createHash('sha256').update(FRENCH).digest('hex'));

    // "Change country or language" keeps the product: French now, the same product
    await page.goto(`${root}/be/en/hcp/${type.slug}/${GTIN13}`);
    await page.getByRole('link', { name: 'Change country or language' }).click();
    await expect(page.getByLabel('Choose your country')).toHaveValue('be');
    await accessible('chooser to change');
    await page.getByLabel('Choose your language').selectOption('fr');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`${root}/be/fr/hcp/${type.slug}/${GTIN13}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(main).not.toContainText('Not available');
    await expectOnFirstScreen(page, main.locator('a.file__link').first());
    await accessible('product page in the visitor language');

    // a lot the site does not know: the files for all lots, with a note
    await page.goto(`${root}/01/${GTIN14}/10/LOT-UNKNOWN`);
    await expect(page).toHaveURL(new RegExp(`${root}/be/fr/hcp/${type.slug}/${GTIN13}\\?lot=LOT-UNKNOWN$`));
    // the skip link is the first thing a keyboard reaches
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await expect(main).toContainText('Lot LOT-UNKNOWN was not found. The documents below apply to all lots.');
    await expect(main.locator('a.file__link').first()).toBeVisible();
    await accessible('product page for an unknown lot');

    // the search folds away on the product page: "Search another product" opens it
    const another = main.locator('details.search-another');
    await expect(another).not.toHaveAttribute('open');
    await another.locator('summary').click();
    await expect(another.getByRole('textbox').first()).toBeVisible();
    await page.context().close();
  });
}

test('/site alone offers the published sites; a unit never published has a way back', async ({ page, request }) => {
  const api = await adminApi(request);
  // two published sites at least, whatever else the server holds
  const { unit } = await publishedUnit(request);
  await publishedUnit(request);
  const never = await createUnit(api, 'e2e-never');
  await page.setViewportSize(PHONE);
  const index = await page.goto('/site');
  expect(index?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our websites');
  await expect(page.getByRole('main').getByRole('link', { name: unit.displayName })).toHaveAttribute('href', `/site/${unit.slug}`);
  await expectAccessible(page, 'the published sites');
  const missing = await page.goto(`/site/${never.slug}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await page.getByRole('link', { name: 'All our websites' }).click();
  await expect(page).toHaveURL(/\/site$/);
  await expectAccessible(page, 'a unit never published');
});
