import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, adminApi, createProduct, createProductType, createUnit, signIn } from '../catalogue/support';
import { createDocument, pdfOf, uploadBinary } from '../documents/files-support';

const GTIN13 = '4006381333931';
const GTIN14 = `0${GTIN13}`;
const OTHER_GTIN13 = '4006381333948';
const PDF = pdfOf(6_000);
const PDF_SHA256 = createHash('sha256').update(PDF).digest('hex');

/**
 * A unit published for the visitor's path (issue 12): Benelux in English and French, a product type
 * searched by key code for healthcare professionals with lot numbers, a product whose key code is a
 * GTIN-13, and a French leaflet for Belgium with its PDF.
 */
async function publishedUnit(request: APIRequestContext) {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-visitor');
  await api.post('/api/interface-regions', { businessUnitId: unit.id, name: 'Benelux', countryIds: ['BE', 'NL', 'LU'] });
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en', 'fr']);
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en', 'fr']);
  const type = await createProductType(
    api,
    unit.id,
    [
      { name: 'Model', searchTypeHCP: 'VISIBLE' },
      { name: 'Family', searchTypeHCP: 'SEARCHABLE_EXACT' },
    ],
    { keyCodeSearchTypeHCP: 'SEARCHABLE_EXACT', lotNumbers: true },
  );
  const product = await createProduct(api, type, GTIN13, { Model: 'Cathéter', Family: 'Vascular' });
  // a second product of the family: a search with two results, and later a GTIN no longer listed
  const other = await createProduct(api, type, OTHER_GTIN13, { Model: 'Guide', Family: 'Vascular' });
  const docType = await api.post<{ id: number }>('/api/document-types', { businessUnitId: unit.id, name: 'IFU', hcp: true, sortNumber: 1 });
  const doc = await createDocument(request, api, {
    businessUnitId: unit.id,
    documentTypeId: docType.id,
    number: 'IFU-VISIT',
    name: "Notice d'utilisation",
    productIds: [product.id],
  });
  const file = await api.post<{ id: number }>('/api/files', {
    documentId: doc.id,
    name: 'Notice FR',
    versionLabel: '1.0',
    date: '2026-01-01',
    countryIds: ['BE'],
    documentLanguageIds: ['fr'],
  });
  await uploadBinary(request, api, file.id, 'notice-fr.pdf', PDF);
  await api.post('/api/publish', { businessUnitId: unit.id });
  return { api, unit, type, other };
}

async function visitorPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, acceptDownloads: true, locale: 'en-GB' });
  return context.newPage();
}

for (const javaScriptEnabled of [false, true]) {
  test(`a visitor finds, reads and asks for the instructions ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
    browser,
    request,
    page: adminPage,
  }) => {
    test.setTimeout(180_000);
    const { api, unit, type, other } = await publishedUnit(request);
    const page = await visitorPage(browser, javaScriptEnabled);
    const root = `/site/${unit.slug}`;
    // axe runs in the page: it scans in the run with JavaScript (both runs get the same HTML)
    const accessible = javaScriptEnabled ? expectAccessible : async () => {};

    // choose Belgium, French, healthcare professional
    await page.goto(root);
    await accessible(page, 'chooser');
    await page.getByLabel('Choose your country').selectOption('be');
    await page.getByLabel('Choose your language').selectOption('fr');
    await page.getByLabel('Healthcare professional').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`${root}/be/fr/hcp$`));
    await accessible(page, 'product types');

    // pick the type, find the product by its key code: one match opens it
    await page.getByRole('main').getByRole('link', { name: type.name }).click();
    await expect(page).toHaveURL(new RegExp(`${root}/be/fr/hcp/${type.slug}$`));
    await accessible(page, 'search form');
    await page.locator('input[name="keyCode"]').fill(GTIN13);
    await page.locator('input[name="keyCode"]').press('Enter');
    await expect(page).toHaveURL(new RegExp(`${root}/be/fr/hcp/${type.slug}/${GTIN13}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(GTIN13);
    await accessible(page, 'product');

    // the box's GS1 link with a lot: the product for that lot, the choice remembered
    await page.goto(`${root}/01/${GTIN14}/10/LOT-7?17=281231`);
    await expect(page).toHaveURL(new RegExp(`${root}/be/fr/hcp/${type.slug}/${GTIN13}\\?lot=LOT-7&17=281231$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(GTIN13);

    // confirm the download and receive the exact bytes
    await page.getByRole('main').locator('a[href*="/files/"]').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Notice FR');
    await accessible(page, 'download confirmation');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('a[href*="/download"]').first().click()]);
    const saved = await download.path();
    expect(createHash('sha256').update(readFileSync(saved)).digest('hex')).toBe(PDF_SHA256);

    // ask for a free paper copy from the product
    await page.goto(`${root}/be/fr/hcp/${type.slug}/${GTIN13}`);
    await page
      .getByRole('link', { name: /^Request a free paper copy/ })
      .first()
      .click();
    const visitorName = `Visitor ${javaScriptEnabled ? 'with' : 'without'} JS`;
    await page.getByLabel('Your name').fill(visitorName);
    await page.getByLabel('Street and number').fill('Rue de la Loi 16');
    await page.getByLabel('Postcode').fill('1000');
    await page.getByLabel('City').fill('Bruxelles');
    await page.getByLabel('E-mail address').fill('visitor@example.com');
    // the form refuses what is sent faster than a person types
    await page.waitForTimeout(3_500);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your request has been received' })).toBeVisible();

    // a search with several results, and one with none
    await page.goto(`${root}/be/fr/hcp/${type.slug}`);
    const family = page.getByRole('main').getByLabel('Family');
    await family.fill('Vascular');
    await family.press('Enter');
    await expect(page.getByRole('main')).toContainText(OTHER_GTIN13);
    await accessible(page, 'search results');
    await page.goto(`${root}/be/fr/hcp/${type.slug}?keyCode=NOTHING-LIKE-IT`);
    await accessible(page, 'search without results');

    // usable on a 320 px wide phone: nothing wider than the screen
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${root}/be/fr/hcp/${type.slug}/${GTIN13}`);
    if (javaScriptEnabled) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 720 });

    // pages that are not there, and a unit taken offline
    await page.goto(`${root}/be/fr/hcp/${type.slug}/NO-SUCH-PRODUCT`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Page not found');
    await accessible(page, 'not found');

    // the team sees the request and the download
    await signIn(adminPage, ADMIN.login, ADMIN.password);
    await adminPage.goto(`/my-business-units/${unit.id}/administration/paper-copy-requests`);
    await expect(adminPage.getByRole('main')).toContainText(visitorName);
    await adminPage.goto(`/my-business-units/${unit.id}/administration/website-stats`);
    await expect(adminPage.getByTestId('downloads-total')).toContainText('1 download');

    if (javaScriptEnabled) {
      // a product removed since: its GS1 link (the persistent URL of EUDAMED) says so, never a 404
      await api.delete(`/api/products/${other.id}`, 204);
      await api.post('/api/publish', { businessUnitId: unit.id });
      const gone = await page.goto(`${root}/01/0${OTHER_GTIN13}`);
      expect(gone?.status()).toBe(410);
      await accessible(page, 'product no longer listed');

      // a preview of the unpublished state, with its banner
      const link = await api.post<{ url: string }>('/api/publish/preview', { businessUnitId: unit.id });
      await page.goto(link.url);
      await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
      await accessible(page, 'preview');

      // the unit made inactive: the coming-soon page at once
      const { logoUrl: _logo, ...settings } = await api.get<Record<string, unknown>>(`/api/business-units/${unit.id}`);
      await api.put('/api/business-units', { ...settings, active: false });
      const offline = await page.goto(root);
      expect(offline?.status()).toBe(503);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Coming soon');
      await accessible(page, 'coming soon');
    }
    await page.context().close();
  });
}
