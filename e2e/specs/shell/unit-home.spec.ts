import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, createProduct, createProductType, createUnit, signIn, unique } from '../catalogue/support';

test('business-unit home: the orphan-products tile opens every orphan product of the unit, each opening its product', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-home');
  const pumps = await createProductType(api, unit.id, [{ name: 'Model' }]);
  const valves = await createProductType(api, unit.id, [{ name: 'Size' }]);
  const pump = await createProduct(api, pumps, unique('PUMP').toUpperCase(), { Model: 'P1' });
  const valve = await createProduct(api, valves, unique('VALVE').toUpperCase(), { Size: '23' });
  const grouped = await createProduct(api, valves, unique('KIT').toUpperCase(), { Size: '25' });
  await api.post('/api/product-groups', { name: `Kit ${unique('g').slice(-6)}`, productTypeId: valves.id, productIds: [grouped.id] });

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}`);
  await page
    .getByRole('region', { name: 'Orphans' })
    .getByRole('link', { name: /^2\s*Products\s*, Orphans: open the list$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/product-management/products\\?orphans=true$`));
  await expect(page.getByRole('heading', { name: 'Orphan products' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Products of the business unit' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('link', { name: grouped.keyCode })).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(pump.keyCode) })).toContainText(pumps.name);

  await table.getByRole('link', { name: valve.keyCode }).click();
  await expect(page).toHaveURL(
    new RegExp(`/my-business-units/${unit.id}/product-types/${valves.id}/product-management/products/${valve.id}$`),
  );
  await expect(page.getByLabel('Key code')).toHaveValue(valve.keyCode);
});

test('business-unit home: the scheduled-products and orphan-groups tiles open their unit-wide lists', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-home-lists');
  const pumps = await createProductType(api, unit.id, [{ name: 'Model' }]);
  await createProduct(api, pumps, unique('NOW').toUpperCase(), { Model: 'P1' });
  const later = await createProduct(api, pumps, unique('LATER').toUpperCase(), { Model: 'P2' }, { publishDate: '2999-01-01T00:00:00Z' });
  const empty = `Empty ${unique('g').slice(-6)}`;
  await api.post('/api/product-groups', { name: empty, productTypeId: pumps.id, productIds: [] });
  // scheduled once a publication holds it (decision 0051): the unit is published
  await api.post('/api/interface-regions', { businessUnitId: unit.id, name: 'Benelux', countryIds: ['BE'] });
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en']);
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en']);
  await api.post('/api/publish', { businessUnitId: unit.id });

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}`);
  await page
    .getByRole('region', { name: 'Publish status' })
    .getByRole('link', { name: /^1\s*Scheduled products\s*, Publish status: open the list$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/product-management/products\\?state=SCHEDULED$`));
  await expect(page.getByRole('heading', { name: 'Scheduled products' })).toBeVisible();
  const products = page.getByRole('table', { name: 'Products of the business unit' });
  await expect(products.getByRole('row')).toHaveCount(2);
  await expect(products.getByRole('link', { name: later.keyCode })).toBeVisible();

  await page.goto(`/my-business-units/${unit.id}`);
  await page
    .getByRole('region', { name: 'Orphans' })
    .getByRole('link', { name: /^1\s*Product groups\s*, Orphans: open the list$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/product-management/product-groups\\?orphans=true$`));
  await expect(page.getByRole('heading', { name: 'Orphan product groups' })).toBeVisible();
  const groups = page.getByRole('table', { name: 'Product groups of the business unit' });
  await expect(groups.getByRole('row')).toHaveCount(2);
  await expect(groups).toContainText(empty);
});

test('global search off: the global product types are not authorized and no unit offers to copy one', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-noglobal');
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/manufacturer-product-type');
  await expect(page.getByTestId('not-authorized')).toContainText('You are not authorized to access this page.');
  await page.goto(`/my-business-units/${unit.id}/product-types`);
  await expect(page.getByRole('link', { name: 'Add product type' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy a global product type' })).toHaveCount(0);
  // the server refuses them too
  const res = await request.get('/api/product-types?business-unit=0', { headers: { Authorization: `Bearer ${api.token}` } });
  expect(res.status()).toBe(403);
});
