import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, adminApi, createProduct, createProductType, createUnit, signIn } from '../catalogue/support';

/** Whether an image has been drawn (decoded with a size). */
const drawn = (page: Page, name: string | RegExp) =>
  page
    .getByRole('img', { name })
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

/**
 * GS1 Digital Link and the sitemap (issue 12, decision 0043): a unit published through the API
 * with a product whose key code is a GTIN-13. Its GS1 link with a lot, opened in a browser without a
 * remembered choice, goes through the chooser and lands on the product filtered to the lot; the
 * sitemap screen lists the product's persistent URL with its QR code and GS1 DataMatrix drawn.
 */
test('GS1 link to the product with its lot, then the sitemap with its codes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-gs1');
  await api.post('/api/interface-regions', { businessUnitId: unit.id, name: 'Benelux', countryIds: ['BE', 'NL'] });
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en']);
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en']);
  const type = await createProductType(api, unit.id, [{ name: 'Lot', type: 'MULTI_ARRAY', searchTypeHCP: 'SEARCHABLE_EXACT' }], {
    keyCodeSearchTypeHCP: 'SEARCHABLE_EXACT',
    lotNumbers: true,
  });
  await createProduct(api, type, '4006381333931');
  await api.post('/api/publish', { businessUnitId: unit.id });

  // the GS1 link printed on the box, with serial and expiry (in the query, as GS1 Digital Link 1.2 has
  // it): the chooser first, then the product, the query passed on
  await page.goto(`/site/${unit.slug}/01/04006381333931/10/LOT-7/21/SN1?17=271231`);
  await expect(page).toHaveURL(new RegExp(`/site/${unit.slug}\\?gs1=`));
  await page.getByLabel('Choose your country').selectOption('be');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${unit.slug}/be/en/hcp/${type.slug}/4006381333931\\?lot=LOT-7&17=271231$`));
  await expect(page.locator('main')).toContainText('4006381333931');
  // the documents are filtered by the lot of the link
  await expect(page.locator('form.lot-form').getByLabel('Lot number')).toHaveValue('LOT-7');
  // remembered now: the link goes straight to the product
  await page.goto(`/site/${unit.slug}/01/04006381333931`);
  await expect(page).toHaveURL(new RegExp(`/site/${unit.slug}/be/en/hcp/${type.slug}/4006381333931$`));

  // the sitemap screen: the persistent URL with a QR code and a GS1 DataMatrix
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}`);
  await page.getByTestId('menu-administration').click();
  await page.getByRole('menuitem', { name: 'Sitemap' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/administration/sitemap$`));
  const table = page.getByRole('table', { name: 'Sitemap' });
  await expect(table).toContainText('04006381333931');
  await expect(table.getByRole('link', { name: new RegExp(`/site/${unit.slug}/01/04006381333931$`) })).toBeVisible();
  expect(await drawn(page, /^QR code of /)).toBe(true);
  expect(await drawn(page, 'GS1 DataMatrix of (01)04006381333931')).toBe(true);
  await expectAccessible(page, 'sitemap');
  await page.locator('label', { hasText: 'Print labels' }).click();
  await expect(page.getByRole('region', { name: 'Label sheet' })).toContainText('(01)04006381333931');
  await expectAccessible(page, 'sitemap labels');
});
