import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, createProductType, createUnit, pick, row, signIn, unique } from './support';

/**
 * The admin configures a product type in a fresh business unit: general settings, then the
 * attribute editor (a partial-search attribute for HCPs, an exact one, a unique one); saves and finds
 * it in both lists; a name already taken in the unit is refused by the server with its message.
 */
test('product type with attributes: create in the attribute editor, see it listed, a taken name is refused', async ({
  page,
  request,
}, testInfo) => {
  const api = await adminApi(request);
  const unit = await createUnit(api);
  // a type of the unit whose name the form will try to take again
  const taken = await createProductType(api, unit.id, [{ name: 'Size' }]);
  const name = `Catheter ${unique('t').slice(-6)}`;
  const slug = unique('catheter');

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/backend-configuration/product-type`);
  await expect(row(page, 'Product types', taken.name)).toBeVisible();
  await page.getByRole('link', { name: 'Add product type' }).click();
  await expect(page).toHaveURL(/\/backend-configuration\/product-type\/new$/);

  // general: the slug follows the name until typed (the type's own name and slug come first; each
  // attribute row has its own below)
  const typeName = page.getByRole('textbox', { name: 'Name', exact: true }).first();
  const typeSlug = page.getByRole('textbox', { name: 'Slug', exact: true }).first();
  await typeName.fill(taken.name);
  await expect(typeSlug).toHaveValue(taken.name.toLowerCase().replace(/ /g, '-'));
  await typeSlug.fill(slug);

  // three text attributes
  const attributes = [
    { name: 'Model', slug: 'model', search: 'Searchable (partial)' },
    { name: 'Size', slug: 'size', search: 'Searchable (exact)' },
    { name: 'Serial prefix', slug: 'serial-prefix', search: 'Visible', unique: true },
  ];
  for (const [i, a] of attributes.entries()) {
    await page.getByRole('button', { name: 'Add attribute' }).click();
    const fieldset = page.getByRole('group', { name: new RegExp(`^Attribute ${i + 1}`) });
    await fieldset.getByRole('textbox', { name: 'Name', exact: true }).fill(a.name);
    await expect(fieldset.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(a.slug);
    await pick(page, fieldset.getByRole('combobox', { name: 'HCP search' }), new RegExp(`^${a.search.replace(/[()]/g, '\\$&')}$`));
    if (a.unique) await fieldset.getByRole('checkbox', { name: 'Unique' }).check();
  }
  await expect(page.getByTestId('attribute-limits')).toHaveText('3 of 6 custom attributes');
  await page.screenshot({ path: testInfo.outputPath('product-type-form.png'), fullPage: true });

  // the server refuses the name already used in the unit, with its translated message on the field
  await page.getByRole('button', { name: 'Create product type' }).click();
  await expect(typeName).toHaveAttribute('aria-invalid', 'true');
  await expect(typeName).toHaveAccessibleDescription('A product type with this name already exists in this business unit.');
  await expect(page.getByText('error.productType', { exact: false })).toHaveCount(0);
  await expect(page).toHaveURL(/\/product-type\/new$/);

  // with its own name it is created and opens as the saved type
  await typeName.fill(name);
  await page.getByRole('button', { name: 'Create product type' }).click();
  await expect(page).toHaveURL(/\/backend-configuration\/product-type\/\d+$/);
  await expect(page.getByRole('heading', { name: `Product type ${name}` })).toBeVisible();
  const id = Number(/product-type\/(\d+)$/.exec(page.url())?.[1]);
  for (const [i, a] of attributes.entries()) {
    const fieldset = page.getByRole('group', { name: `Attribute ${i + 1}: ${a.name}` });
    await expect(fieldset.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(a.slug);
    await expect(fieldset.getByRole('combobox', { name: 'HCP search' })).toHaveValue(a.search);
  }
  // once saved, 'unique' cannot change
  const uniqueBox = page.getByRole('group', { name: 'Attribute 3: Serial prefix' }).getByRole('checkbox', { name: 'Unique' });
  await expect(uniqueBox).toBeChecked();
  await expect(uniqueBox).toBeDisabled();

  // reordered with the keyboard: the unique attribute moves to the top, and stays there once saved
  const handle = page.getByRole('button', { name: 'Drag to reorder Attribute 3: Serial prefix' });
  const announcement = page.getByRole('status').filter({ hasText: 'Serial prefix' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(announcement).toHaveText(/(Picked up Serial prefix at|Serial prefix is over) position 3\./);
  await page.keyboard.press('ArrowUp');
  await expect(announcement).toHaveText('Serial prefix is over position 2.');
  await page.keyboard.press('ArrowUp');
  await expect(announcement).toHaveText('Serial prefix is over position 1.');
  await page.keyboard.press('Space');
  await expect(announcement).toHaveText('Serial prefix dropped at position 1.');
  await expect(page.getByRole('group', { name: 'Attribute 1: Serial prefix' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Product type ${name} saved.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: /^Attribute \d/ })).toHaveCount(3);
  for (const [i, n] of ['Serial prefix', 'Model', 'Size'].entries())
    await expect(page.getByRole('group', { name: `Attribute ${i + 1}: ${n}` })).toBeVisible();

  // a duplicate attribute name is caught in the form before anything is sent
  await page.getByRole('button', { name: 'Add attribute' }).click();
  await page
    .getByRole('group', { name: /^Attribute 4/ })
    .getByRole('textbox', { name: 'Name', exact: true })
    .fill('model');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('group', { name: /^Attribute 4/ }).getByRole('textbox', { name: 'Name', exact: true }),
  ).toHaveAccessibleDescription('Two attributes of a product type cannot have the same name.');
  await page.getByRole('button', { name: 'Delete Attribute 4: model' }).click();
  await expect(page.getByRole('group', { name: /^Attribute 4/ })).toHaveCount(0);

  // the configuration list and the unit's product types show it
  await page.goto(`/my-business-units/${unit.id}/backend-configuration/product-type`);
  await expect(row(page, 'Product types', name)).toContainText(slug);
  await expect(row(page, 'Product types', name)).toContainText('Enabled');
  await expect(row(page, 'Product types', name).getByRole('cell').nth(4)).toHaveText('3');
  await page.screenshot({ path: testInfo.outputPath('product-type-list.png') });

  await page.goto(`/my-business-units/${unit.id}/product-types`);
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toContainText('0 products');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/product-types/${id}/product-management/products$`));
  await expect(page.getByRole('table', { name: `Products of ${name}` })).toContainText('This product type has no products yet.');
});
