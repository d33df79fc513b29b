import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  adminApi,
  confirmWithCode,
  createProduct,
  createProductType,
  createUnit,
  expectRows,
  pick,
  productGroupsUrl,
  productsUrl,
  row,
  signIn,
  unique,
} from './support';

/** The number a tile of a business-unit home card shows. */
function tile(page: Page, card: string, label: string) {
  return page
    .getByRole('region', { name: card })
    .getByTestId('stat-tile')
    .filter({ has: page.getByText(label, { exact: true }) });
}

async function expectHomeCounts(page: Page, unitId: number, counts: { products: number; orphanProducts: number; orphanGroups: number }) {
  await page.goto(`/my-business-units/${unitId}`);
  await expect(tile(page, 'Object counts', 'Products')).toContainText(String(counts.products));
  await expect(tile(page, 'Orphans', 'Products')).toContainText(String(counts.orphanProducts));
  await expect(tile(page, 'Orphans', 'Product groups')).toContainText(String(counts.orphanGroups));
}

/**
 * Ungrouped products are orphans; a remark written in the rich-text editor and a product group made
 * of two products take them out of the orphans view and the home's counts; deleting the group with
 * its products removes them.
 */
test('groups, remarks and orphans: a group with a remark adopts products, deleting it with its products removes them', async ({
  page,
  request,
}, testInfo) => {
  const api = await adminApi(request);
  const unit = await createUnit(api);
  const type = await createProductType(api, unit.id, [{ name: 'Model' }]);
  const p = unique('og').toUpperCase();
  const [one, two, three] = [`${p}-1`, `${p}-2`, `${p}-3`];
  for (const [keyCode, model] of [
    [one, 'Alpha'],
    [two, 'Beta'],
    [three, 'Gamma'],
  ])
    await createProduct(api, type, keyCode, { Model: model });
  const products = `Products of ${type.name}`;
  const groups = `Product groups of ${type.name}`;
  const remarkName = `Sterility ${unique('r').slice(-6)}`;
  const groupName = `Family ${unique('g').slice(-6)}`;

  await signIn(page, ADMIN.login, ADMIN.password);

  // every product is an orphan
  await page.goto(`${productsUrl(type)}?orphans=true`);
  await expect(page.getByRole('switch', { name: 'Only orphans' })).toBeChecked();
  await expectRows(page, products, [one, two, three]);
  await expectHomeCounts(page, unit.id, { products: 3, orphanProducts: 3, orphanGroups: 0 });

  // a remark with bold text typed in the editor
  await page.goto(`/my-business-units/${unit.id}/backend-configuration/product-remark`);
  await expect(page.getByRole('table', { name: 'Product remarks' })).toContainText('This business unit has no product remarks yet.');
  await page.getByRole('link', { name: 'Add remark' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(remarkName);
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await content.pressSequentially('Sterile');
  await page.getByRole('button', { name: 'Bold' }).click();
  await content.pressSequentially(' until the package is opened.');
  await expect(content).toHaveText('Sterile until the package is opened.');
  await page.screenshot({ path: testInfo.outputPath('remark-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/backend-configuration\/product-remark$/);
  await expect(page.getByText(`Product remark ${remarkName} created.`)).toBeVisible();
  await expect(row(page, 'Product remarks', remarkName)).toContainText('HCP');
  const remarks = await api.get<{ name: string; content: string }[]>(`/api/product-remarks?business-unit=${unit.id}`);
  expect(remarks.find((r) => r.name === remarkName)?.content).toContain('<strong>Sterile</strong> until the package is opened.');

  // a product group of two products with the remark
  await page.goto(productGroupsUrl(type));
  await page.getByRole('link', { name: 'Add product group' }).first().click();
  await page.getByRole('textbox', { name: 'Name' }).fill(groupName);
  const picker = page.getByRole('combobox', { name: 'Products' });
  await pick(page, picker, one, one);
  // the picker also finds a product by an attribute value
  await pick(page, picker, two, 'beta');
  await pick(page, page.getByRole('combobox', { name: 'Remarks' }), remarkName, remarkName.slice(0, 5));
  await page.screenshot({ path: testInfo.outputPath('product-group-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${productGroupsUrl(type)}$`));
  await expect(page.getByText(`Product group ${groupName} created.`)).toBeVisible();
  await expect(row(page, groups, groupName).getByRole('cell').nth(1)).toHaveText('2');
  await expect(row(page, groups, groupName).getByRole('cell').nth(2)).toHaveText('1');

  // the grouped products are no orphans any more
  await page.getByRole('tab', { name: 'Products' }).click();
  // the switch follows the URL once the router has moved: click, then wait for it
  const orphansOnly = page.getByRole('switch', { name: 'Only orphans' });
  await orphansOnly.click();
  await expect(orphansOnly).toBeChecked();
  await expect(page).toHaveURL(/orphans=true/);
  await expectRows(page, products, [three]);
  await orphansOnly.click();
  await expect(orphansOnly).not.toBeChecked();
  await expectRows(page, products, [one, two, three]);
  await expect(row(page, products, one).getByRole('cell').nth(3)).toHaveText('1');
  await expectHomeCounts(page, unit.id, { products: 3, orphanProducts: 1, orphanGroups: 0 });
  await page.screenshot({ path: testInfo.outputPath('business-unit-home-counts.png') });

  // the remark lists the group that shows it, and keeps its bold text
  await page.goto(`/my-business-units/${unit.id}/backend-configuration/product-remark`);
  await expect(row(page, 'Product remarks', remarkName).getByRole('cell').nth(3)).toHaveText('1');
  await row(page, 'Product remarks', remarkName).getByRole('link', { name: remarkName, exact: true }).click();
  await expect(page.getByText(`Shown with the product groups: ${groupName}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Content' }).locator('strong')).toHaveText('Sterile');

  // deleting the group with its products that are in no other group
  await page.goto(productGroupsUrl(type));
  await row(page, groups, groupName)
    .getByRole('button', { name: `Delete ${groupName}` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The group holds 2 products.');
  await expect(dialog.getByRole('radio', { name: 'Keep the products' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Also delete its products that are in no other group' }).check();
  await confirmWithCode(page);
  await expect(page.getByText(`Product group ${groupName} deleted.`)).toBeVisible();
  await expect(page.getByRole('table', { name: groups })).toContainText('This product type has no product groups yet.');
  await page.goto(productsUrl(type));
  await expectRows(page, products, [three]);
  await expectHomeCounts(page, unit.id, { products: 1, orphanProducts: 1, orphanGroups: 0 });
});
