import { expect, test } from '@playwright/test';
import {
  adminApi,
  apiAs,
  createProduct,
  createProductType,
  createUnit,
  productGroupsUrl,
  productsUrl,
  row,
  signIn,
  unique,
} from './support';

const READ_ONLY = 'You can view these settings but not change them.';
const NOT_AUTHORIZED = 'You are not authorized to access this page.';

/**
 * A colleague who holds only PRODUCT_READ in one business unit sees its catalogue read-only: no
 * add, edit or delete, the product-type configuration and a product as read-only forms, and the
 * not-authorized message in a unit where the right is missing.
 */
test('rights: PRODUCT_READ alone shows the catalogue read-only', async ({ page, request }) => {
  const admin = await adminApi(request);
  const unit = await createUnit(admin);
  const type = await createProductType(admin, unit.id, [{ name: 'Model' }]);
  const keyCode = unique('ro').toUpperCase();
  const product = await createProduct(admin, type, keyCode, { Model: 'Read only' });
  const group = await admin.post<{ id: number; name: string }>('/api/product-groups', {
    productTypeId: type.id,
    name: `Group ${unique('g').slice(-6)}`,
    productIds: [product.id],
  });
  const remark = await admin.post<{ id: number; name: string }>('/api/product-remarks', {
    businessUnitId: unit.id,
    name: `Remark ${unique('r').slice(-6)}`,
    content: '<p>Read me</p>',
  });
  const otherUnit = await createUnit(admin);

  // role PRODUCT_READ → user group on the unit → user
  const role = await admin.post<{ id: number }>('/api/roles', { name: unique('E2E product reader'), accessRights: ['PRODUCT_READ'] });
  const userGroup = await admin.post<{ id: number }>('/api/user-groups', {
    name: unique('E2E product readers'),
    roleId: role.id,
    businessUnitIds: [unit.id],
  });
  const login = `${unique('e2e-reader')}@e2e.test`;
  const password = 'Reader#2026x';
  await admin.post('/api/users', { login, email: login, firstName: 'Rea', lastName: 'Der', password, userGroupIds: [userGroup.id] });

  await signIn(page, login, password);

  // the product types: cards, nothing to add
  await page.goto(`/my-business-units/${unit.id}/product-types`);
  await expect(page.getByRole('link', { name: new RegExp(type.name) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add product type' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy a global product type' })).toHaveCount(0);

  // products: listed, no add or delete; the form is read-only
  await page.goto(productsUrl(type));
  const products = `Products of ${type.name}`;
  await expect(row(page, products, keyCode)).toContainText('Read only');
  await expect(page.getByRole('link', { name: 'Add product' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${keyCode}` })).toHaveCount(0);
  await row(page, products, keyCode).getByRole('link', { name: keyCode, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Product ${keyCode}` })).toBeVisible();
  await expect(page.getByText(READ_ONLY)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Key code' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'Model' })).toHaveAttribute('readonly', '');
  for (const name of ['Save', 'Delete', 'Duplicate']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);

  // product groups: listed, no add or delete; the form is read-only
  await page.goto(productGroupsUrl(type));
  const groups = `Product groups of ${type.name}`;
  await expect(row(page, groups, group.name)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add product group' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${group.name}` })).toHaveCount(0);
  await row(page, groups, group.name).getByRole('link', { name: group.name, exact: true }).click();
  await expect(page.getByText(READ_ONLY)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  // the product-type configuration: read-only, nothing to add, save or delete
  await page.goto(`/my-business-units/${unit.id}/backend-configuration/product-type`);
  await expect(row(page, 'Product types', type.name)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add product type' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${type.name}` })).toHaveCount(0);
  await row(page, 'Product types', type.name).getByRole('link', { name: type.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Product type ${type.name}` })).toBeVisible();
  await expect(page.getByText(READ_ONLY)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true }).first()).toHaveAttribute('readonly', '');
  for (const name of ['Save', 'Add attribute']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete Attribute/ })).toHaveCount(0);
  // a new product type cannot even be started
  await page.goto(`/my-business-units/${unit.id}/backend-configuration/product-type/new`);
  await expect(page.getByText(READ_ONLY)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create product type' })).toHaveCount(0);

  // remarks: read-only
  await page.goto(`/my-business-units/${unit.id}/backend-configuration/product-remark/${remark.id}`);
  await expect(page.getByText(READ_ONLY)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Content' })).toHaveText('Read me');
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  // the server refuses a change all the same
  const reader = await apiAs(request, login, password);
  await reader.put(
    `/api/products/${product.id}`,
    { id: product.id, version: product.version, productTypeId: type.id, keyCode: 'CHANGED' },
    403,
  );
  await reader.post('/api/product-types', { businessUnitId: unit.id, name: 'Not allowed', slug: unique('not-allowed') }, 403);

  // another business unit: not authorized
  for (const path of [
    `/my-business-units/${otherUnit.id}/product-types`,
    `/my-business-units/${otherUnit.id}/backend-configuration/product-type`,
  ]) {
    await page.goto(path);
    await expect(page.getByText(NOT_AUTHORIZED)).toBeVisible();
  }
});
