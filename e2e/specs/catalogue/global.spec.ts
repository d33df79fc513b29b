import { expect, test } from '@playwright/test';
import {
  ADMIN,
  adminApi,
  createProduct,
  createProductType,
  createUnit,
  type ProductType,
  setGlobalSearch,
  signIn,
  unique,
} from './support';

// the demo manufacturer has global search off, as every other spec expects
test.afterEach(async ({ request }) => {
  await setGlobalSearch(await adminApi(request), false);
});

test('copy a global product type into a business unit, with its attributes', async ({ page, request }) => {
  const api = await adminApi(request);
  // the global product types exist only with the manufacturer's global search on (global-search.spec.ts)
  await setGlobalSearch(api, true);
  const unit = await createUnit(api);
  const global = await createProductType(api, 0, [{ name: 'Model' }, { name: 'Size', searchTypeHCP: 'SEARCHABLE_EXACT' }]);

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/product-types`);
  // the header's button (an empty unit offers it in its empty state too)
  await page.getByRole('button', { name: 'Copy a global product type' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Copy a global product type' });
  const search = dialog.getByRole('searchbox');
  if (await search.count()) await search.fill(global.slug);
  await dialog.getByRole('button', { name: `Copy ${global.name}` }).click();

  // the copy opens, and holds the global type's attributes
  await expect(page.getByTestId('breadcrumbs')).toContainText(global.name);
  const copies = await api.get<ProductType[]>(`/api/product-types?business-unit=${unit.id}`);
  expect(copies.map((c) => c.name)).toEqual([global.name]);
  expect(copies[0].attributeDefinitions.map((d) => d.name)).toEqual(['Model', 'Size']);

  // a second copy is refused with a translated message: the name is taken in the unit
  await page.goto(`/my-business-units/${unit.id}/product-types`);
  await page.getByRole('button', { name: 'Copy a global product type' }).first().click();
  if (await search.count()) await search.fill(global.slug);
  await dialog.getByRole('button', { name: `Copy ${global.name}` }).click();
  await expect(page.getByText('A product type with this name already exists in this business unit.')).toBeVisible();
  expect(await api.get<ProductType[]>(`/api/product-types?business-unit=${unit.id}`)).toHaveLength(1);
});

test('duplicate a product from its detail page', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api);
  const type = await createProductType(api, unit.id, [{ name: 'Model' }, { name: 'Size', searchTypeHCP: 'SEARCHABLE_EXACT' }]);
  const original = await createProduct(api, type, unique('DUP').toUpperCase(), { Model: 'Aortica', Size: '23 mm' });

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/product-types/${type.id}/product-management/products/${original.id}`);
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByLabel('Model')).toHaveValue('Aortica');
  await expect(page.getByLabel('Size')).toHaveValue('23 mm');
  await expect(page.getByLabel('Key code')).toHaveValue('');
  const copyCode = unique('COPY').toUpperCase();
  await page.getByLabel('Key code').fill(copyCode);
  await page.getByRole('button', { name: 'Save' }).click();
  // saved, the copy opens; its products list holds both
  await expect(page.getByRole('heading', { name: `Product ${copyCode}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product-management/products/(?!${original.id}$)\\d+$`));
  await page.goto(`/my-business-units/${unit.id}/product-types/${type.id}/product-management/products`);
  await expect(page.getByRole('link', { name: copyCode, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: original.keyCode, exact: true })).toBeVisible();

  const found = await api.post<{ items: { keyCode: string; attributeValues: { value: string }[] }[] }>(
    `/api/products/search?product-type=${type.id}&sort=keyCode,asc`,
    {},
    200,
  );
  expect(found.items.map((p) => p.keyCode).sort()).toEqual([copyCode, original.keyCode].sort());
  expect(found.items.every((p) => p.attributeValues.map((v) => v.value).join('|') === 'Aortica|23 mm')).toBe(true);
});

test('product search across business units opens the product in its unit, with product-type breadcrumbs', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api);
  const type = await createProductType(api, unit.id, [{ name: 'Model' }]);
  const marker = unique('needle').replace(/[^a-z0-9]/gi, '');
  const product = await createProduct(api, type, `KC-${marker}`.toUpperCase(), { Model: `Model ${marker}` });

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.getByTestId('menu-general-settings').click();
  await page.getByRole('menuitem', { name: 'Product search' }).click();
  await expect(page).toHaveURL(/\/general-settings\/product-search$/);
  // an attribute value finds it, whatever the unit
  await page.getByLabel('Key code or attribute value').fill(`model ${marker}`);
  await page.getByRole('link', { name: product.keyCode }).click();

  await expect(page).toHaveURL(
    new RegExp(`/my-business-units/${unit.id}/product-types/${type.id}/product-management/products/${product.id}$`),
  );
  const crumbs = page.getByTestId('breadcrumbs');
  await expect(crumbs).toContainText(unit.displayName);
  await expect(crumbs).toContainText(type.name);
  await expect(page.getByLabel('Key code')).toHaveValue(product.keyCode);
});

test('global product types: add one under general settings; it belongs to no business unit', async ({ page, request }) => {
  const api = await adminApi(request);
  const name = `Global ${unique('g').slice(-6)}`;
  const slug = unique('global');
  await setGlobalSearch(api, true);

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/manufacturer-product-type');
  await expect(page.getByRole('heading', { name: 'Global product types' })).toBeVisible();
  await page.getByRole('link', { name: 'Add product type' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).first().fill(name);
  await page.getByRole('textbox', { name: 'Slug', exact: true }).first().fill(slug);
  await page.getByRole('button', { name: 'Create product type' }).click();
  await expect(page).toHaveURL(/\/general-settings\/manufacturer-product-type\/\d+$/);
  await expect(page.getByRole('heading', { name: `Product type ${name}` })).toBeVisible();

  const globals = await api.get<ProductType[]>('/api/product-types?business-unit=0');
  expect(globals.find((g) => g.slug === slug)?.businessUnitId).toBe(0);
  await page.goto('/general-settings/manufacturer-product-type');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
});
