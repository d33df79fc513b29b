import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, adminApi, createProduct, createProductType, createUnit, signIn } from '../catalogue/support';
import { createDocument, pdfOf, uploadBinary } from '../documents/files-support';

const GTIN13 = '4006381333931';
const GTIN14 = `0${GTIN13}`;
const LEAFLET = pdfOf(5_000);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * The GS1-conformant resolver (issue 19, decision 0049): a document type is given the GS1 link type
 * `gs1:epil` on its screen; once published, a scanner app's `?linkType=gs1:epil` takes a visitor
 * without a choice through the chooser to the leaflet's very bytes; the linkset answers as JSON and
 * as a page, a syntax error as the site's 400 page, a link type the site does not hold as its 404
 * page, each scanned by axe; the description file says where the resolver is.
 */
test('a document type becomes gs1:epil, and ?linkType=gs1:epil leads to its file', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-resolver');
  await api.post('/api/interface-regions', { businessUnitId: unit.id, name: 'Benelux', countryIds: ['BE', 'NL'] });
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en', 'fr']);
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en', 'fr']);
  const type = await createProductType(api, unit.id, [], { keyCodeSearchTypeHCP: 'SEARCHABLE_EXACT', lotNumbers: true });
  const product = await createProduct(api, type, GTIN13);
  const leafletType = await api.post<{ id: number }>('/api/document-types', {
    businessUnitId: unit.id,
    name: 'Patient leaflet',
    hcp: true,
    sortNumber: 1,
  });
  const doc = await createDocument(request, api, {
    businessUnitId: unit.id,
    documentTypeId: leafletType.id,
    number: 'PIL-1',
    name: 'Notice patient',
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
  await uploadBinary(request, api, file.id, 'notice-fr.pdf', LEAFLET);

  // the document type screen: the leaflet's files are GS1 electronic patient information leaflets
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/backend-configuration/document-type/${leafletType.id}`);
  const linkType = page.getByRole('combobox', { name: 'GS1 link type' });
  await expect(linkType).toHaveValue('Instructions (gs1:instructions)');
  await expectAccessible(page, 'document type');
  await linkType.click();
  await page.getByRole('option', { name: 'Electronic Patient Information Leaflet (gs1:epil)' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/backend-configuration/document-type$`));
  await api.post('/api/publish', { businessUnitId: unit.id });

  // a scanner app asks for the leaflet; a visitor without a choice is asked for it first
  const visitor = await (await browser.newContext({ acceptDownloads: true, locale: 'fr-BE' })).newPage();
  const root = `/site/${unit.slug}`;
  await visitor.goto(`${root}/01/${GTIN14}?linkType=gs1:epil`);
  await expect(visitor).toHaveURL(new RegExp(`${root}\\?gs1=`));
  await visitor.getByLabel('Choose your country').selectOption('be');
  await visitor.getByLabel('Choose your language').selectOption('fr');
  const [download] = await Promise.all([visitor.waitForEvent('download'), visitor.getByRole('button', { name: 'Next' }).click()]);
  expect(download.url()).toContain(`${root}/files/${file.id}/download?product=${product.id}&country=be&language=fr&audience=hcp`);
  expect(sha256(readFileSync(await download.path()))).toBe(sha256(LEAFLET));

  // the linkset: as a page to the browser, as JSON to an application
  await visitor.goto(`${root}/01/${GTIN14}?linkType=linkset`);
  await expect(visitor.getByRole('heading', { level: 2, name: 'Patient information leaflet' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Notice patient — Notice FR' })).toBeVisible();
  await expectAccessible(visitor, 'linkset');
  const cookie = (await visitor.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const linkset = await request.get(`${root}/01/${GTIN14}`, { headers: { accept: 'application/linkset+json', cookie } });
  expect(linkset.headers()['content-type']).toBe('application/linkset+json; charset=utf-8');
  const item = (await linkset.json()).linkset[0];
  expect(item['https://gs1.org/voc/epil'][0]).toMatchObject({
    title: 'Notice patient — Notice FR',
    hreflang: ['fr'],
    type: 'application/pdf',
  });

  // a link type the site does not hold: the 404 page with the links it has
  const missing = await visitor.goto(`${root}/01/${GTIN14}?linkType=gs1:smpc`);
  expect(missing?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('No document of this kind');
  await expectAccessible(visitor, 'no link of the type');
  // a syntax error: the site's 400 page
  const bad = await visitor.goto(`${root}/01/04006381333932`);
  expect(bad?.status()).toBe(400);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This code cannot be read');
  await expectAccessible(visitor, 'invalid link');

  // where the resolver is
  const description = await (await request.get(`${root}/.well-known/gs1resolver`)).json();
  expect(description).toMatchObject({ supportedPrimaryKeys: ['01'], resolverRoot: expect.stringMatching(new RegExp(`${root}$`)) });
});
