import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn, signInViaUi } from '../auth/support';
import { adminApi, createProduct, createProductType, createUnit, productGroupsUrl, productsUrl } from '../catalogue/support';

/** axe-core over the main screens: no serious or critical WCAG 2.1 A/AA violation. */
async function expectAccessible(page: Page, what: string) {
  // let lists and cards finish loading before the scan
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-testid="dev-ribbon"]')
    // the layout preview draws the manufacturer's own colours as they are; the editor warns of low contrast
    .exclude('[data-testid="layout-preview"]')
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

test('sign-in and reset pages are accessible', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page, 'login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('E-mail is required')).toBeVisible();
  await expectAccessible(page, 'login with field errors');
  await signInViaUi(page, 'nobody@e2e.test', 'Wrong#2026');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'login failed');
  await page.goto('/admin-login');
  await expectAccessible(page, 'admin login');
  await page.goto('/account/reset/forgot');
  await expectAccessible(page, 'forgot password');
  await page.goto('/account/reset/finish/some-key');
  await expectAccessible(page, 'new password');
});

test('the main back-office screens are accessible', async ({ page }) => {
  await signIn(page, ADMIN.login, ADMIN.password);
  for (const [what, path] of [
    ['business units', '/my-business-units'],
    ['business-unit home', '/my-business-units/1'],
    ['orphan products of a unit', '/my-business-units/1/product-management/products?orphans=true'],
    ['orphan product groups of a unit', '/my-business-units/1/product-management/product-groups?orphans=true'],
    ['users', '/general-settings/user-management'],
    ['user form', '/general-settings/user-management/new'],
    ['roles', '/general-settings/role'],
    ['role form', '/general-settings/role/new'],
    ['user groups', '/general-settings/user-group'],
    ['user group form', '/general-settings/user-group/new'],
    ['business-unit list', '/general-settings/business-unit'],
    ['business-unit form', '/general-settings/business-unit/new'],
    ['business-unit settings', '/general-settings/business-unit/1/edit'],
    ['manufacturer settings', '/general-settings/manufacturer-settings'],
    ['audit logs', '/my-business-units/1/administration/audit-logs'],
    // ---- website configuration: layout and content (issue 9)
    ['website layout', '/my-business-units/1/website-configuration/layout'],
    ['public resources', '/my-business-units/1/website-configuration/public-resources'],
    ['manufacturer layout', '/general-settings/manufacturer-layout'],
    // ---- end of layout and content
    ['account', '/account/settings'],
    ['password', '/account/password'],
    ['not found', '/no-such-page'],
  ] as const) {
    await page.goto(path);
    await expectAccessible(page, what);
  }
});

test('the switcher, a dialog and forms with errors are accessible', async ({ page }) => {
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/user-management');
  await page.getByRole('combobox', { name: 'Business unit' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page, 'business-unit switcher');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  for (const menu of ['menu-general-settings', 'menu-account']) {
    await page.getByTestId(menu).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, menu);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  // opened and cancelled: nothing is deleted
  await page.getByRole('button', { name: 'Delete auditor@vellum.demo' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'delete confirmation');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('link', { name: ADMIN.login, exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Login' })).toHaveValue(ADMIN.login);
  await expectAccessible(page, 'user edit');

  for (const [what, path] of [
    ['user form with errors', '/general-settings/user-management/new'],
    ['role form with errors', '/general-settings/role/new'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Cannot be empty').first()).toBeVisible();
    await expectAccessible(page, what);
  }
});

test('the catalogue screens are accessible', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-axe');
  const type = await createProductType(
    api,
    unit.id,
    [
      { name: 'Model' },
      { name: 'Size', searchTypeHCP: 'SEARCHABLE_EXACT' },
      { name: 'Lot', type: 'MULTI_ARRAY', searchTypeHCP: 'SEARCHABLE_EXACT' },
    ],
    { lotNumbers: true },
  );
  const product = await createProduct(
    api,
    type,
    'AXE-1',
    { Model: 'Axe', Size: 'M' },
    {
      lotRanges: [{ name: 'Axe lots', numbers: ['A-1', 'A-2'], archiveDate: new Date(Date.now() - 86_400_000).toISOString() }],
    },
  );
  const remark = await api.post<{ id: number }>('/api/product-remarks', {
    businessUnitId: unit.id,
    name: 'Axe remark',
    content: '<p><strong>Sterile</strong></p>',
  });
  const group = await api.post<{ id: number }>('/api/product-groups', {
    productTypeId: type.id,
    name: 'Axe group',
    productIds: [product.id],
    remarkIds: [remark.id],
  });
  // an orphan scheduled for later, and a group without products: the warning badges
  await createProduct(
    api,
    type,
    'AXE-2',
    { Model: 'Orphan', Size: 'S' },
    { publishDate: new Date(Date.now() + 30 * 86_400_000).toISOString() },
  );
  await api.post('/api/product-groups', { productTypeId: type.id, name: 'Axe empty group' });
  const config = `/my-business-units/${unit.id}/backend-configuration`;
  await signIn(page, ADMIN.login, ADMIN.password);
  for (const [what, path] of [
    ['product types (cards)', `/my-business-units/${unit.id}/product-types`],
    ['product-type configuration', `${config}/product-type`],
    ['product-type detail with the attribute editor', `${config}/product-type/${type.id}`],
    ['new product type', `${config}/product-type/new`],
    ['products', productsUrl(type)],
    ['orphan products', `${productsUrl(type)}?orphans=true`],
    ['product detail', `${productsUrl(type)}/${product.id}`],
    ['new product', `${productsUrl(type)}/new`],
    ['product groups', productGroupsUrl(type)],
    ['product group detail', `${productGroupsUrl(type)}/${group.id}`],
    ['product remarks', `${config}/product-remark`],
    ['remark editor', `${config}/product-remark/${remark.id}`],
    ['archived lot ranges', `/my-business-units/${unit.id}/administration/archived-data-lot-ranges`],
    ['product search', '/general-settings/product-search'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectAccessible(page, what);
  }
  // the product-group delete dialog (its products: kept or deleted), opened and cancelled
  await page.goto(productGroupsUrl(type));
  await page.getByRole('button', { name: 'Delete Axe group' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'product-group delete dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
