import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  adminApi,
  confirmWithCode,
  createProduct,
  createProductType,
  createUnit,
  expectRows,
  productsUrl,
  row,
  signIn,
  unique,
} from './support';

/** A local 'YYYY-MM-DDTHH:mm' for a datetime-local field, `days` from now. */
function localDateTime(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function addProduct(page: Page, values: { keyCode: string; model: string; size: string; publishDate?: string }) {
  await page.getByRole('link', { name: 'Add product' }).first().click();
  await expect(page.getByRole('heading', { name: /^New product of/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Key code' }).fill(values.keyCode);
  await page.getByRole('textbox', { name: 'Model' }).fill(values.model);
  await page.getByRole('textbox', { name: 'Size' }).fill(values.size);
  if (values.publishDate) await page.getByLabel('Publish date').fill(values.publishDate);
  await page.getByRole('button', { name: 'Save' }).click();
}

/**
 * Products through the screens: three created (one dated for later), a key code taken refused with its
 * message, filters on a partial and an exact attribute and on the key code, sorting by a column
 * header, paging, and a delete with the confirmation code.
 */
test('products: create, duplicate key code refused, filter, sort, page and delete', async ({ page, request }, testInfo) => {
  const api = await adminApi(request);
  const unit = await createUnit(api);
  const type = await createProductType(api, unit.id, [
    { name: 'Model', searchTypeHCP: 'SEARCHABLE_PARTIAL' },
    { name: 'Size', searchTypeHCP: 'SEARCHABLE_EXACT' },
  ]);
  const table = `Products of ${type.name}`;
  const p = unique('kc').toUpperCase();
  const [a, b, c] = [`${p}-A100`, `${p}-B200`, `${p}-C300`];

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(productsUrl(type));
  await expect(page.getByRole('table', { name: table })).toContainText('This product type has no products yet.');

  // three products; the second is dated for later
  await addProduct(page, { keyCode: a, model: 'Sirius Flex 5', size: '5F' });
  // the new product opens (its lot ranges and groups come next)
  await expect(page).toHaveURL(new RegExp(`${productsUrl(type)}/\\d+$`));
  await expect(page.getByRole('heading', { name: `Product ${a}` })).toBeVisible();
  await expect(page.getByText(`Product ${a} created.`)).toBeVisible();
  await page.goto(productsUrl(type));
  await addProduct(page, { keyCode: b, model: 'Sirius Pro 7', size: '7F', publishDate: localDateTime(30) });
  await expect(page.getByText(`Product ${b} created.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `Product ${b}` })).toBeVisible();
  await page.goto(productsUrl(type));
  await addProduct(page, { keyCode: c, model: 'Vega 5', size: '5F' });
  await expect(page.getByText(`Product ${c} created.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `Product ${c}` })).toBeVisible();
  await page.goto(productsUrl(type));
  await expectRows(page, table, [a, b, c]);
  // dated for later but in no publication yet: unpublished, with its date (decision 0051)
  await expect(row(page, table, b)).toContainText('Unpublished, dated');
  await expect(row(page, table, a)).toContainText('Unpublished');
  await expect(row(page, table, a)).toContainText('Sirius Flex 5');
  await expect(row(page, table, a)).toContainText('Orphan');
  await page.screenshot({ path: testInfo.outputPath('products-list.png') });

  // a key code already used is refused with its message, on the field
  await addProduct(page, { keyCode: a.toLowerCase(), model: 'Copy', size: '9F' });
  const keyCode = page.getByRole('textbox', { name: 'Key code' });
  await expect(keyCode).toHaveAttribute('aria-invalid', 'true');
  await expect(keyCode).toHaveAccessibleDescription('A product with this key code already exists for this product type.');
  await expect(page.getByText('error.product', { exact: false })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('product-form-key-code-taken.png'), fullPage: true });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectRows(page, table, [a, b, c]);

  // filters: part of a partial attribute, the whole of an exact one, part of the key code
  await page.getByRole('searchbox', { name: 'Model (contains)' }).fill('sirius');
  await expect(page).toHaveURL(/attr\d+=sirius/);
  await expectRows(page, table, [a, b]);
  await page.getByRole('searchbox', { name: 'Size (exact)' }).fill('5f');
  await expectRows(page, table, [a]);
  await page.getByRole('searchbox', { name: 'Model (contains)' }).fill('');
  await expectRows(page, table, [a, c]);
  // exact means the whole value
  await page.getByRole('searchbox', { name: 'Size (exact)' }).fill('5');
  await expect(page.getByRole('table', { name: table })).toContainText('Nothing matches your search.');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expectRows(page, table, [a, b, c]);
  await page.getByRole('searchbox', { name: 'Key code (contains)' }).fill('b20');
  await expectRows(page, table, [b]);
  await page.getByRole('searchbox', { name: 'Key code (contains)' }).fill('');
  await expectRows(page, table, [a, b, c]);

  // sorting by clicking a column header
  const header = (name: string) => page.getByRole('table', { name: table }).getByRole('columnheader', { name });
  await expect(header('Key code')).toHaveAttribute('aria-sort', 'ascending');
  await header('Key code').getByRole('button').click();
  await expect(header('Key code')).toHaveAttribute('aria-sort', 'descending');
  await expectRows(page, table, [c, b, a]);
  await header('Model').getByRole('button').click();
  await expect(header('Model')).toHaveAttribute('aria-sort', 'ascending');
  await expectRows(page, table, [a, b, c]);
  await header('Model').getByRole('button').click();
  await expectRows(page, table, [c, b, a]);
  await header('Size').getByRole('button').click();
  await expect(header('Size')).toHaveAttribute('aria-sort', 'ascending');
  // 5F, 5F, 7F: the two 5F first
  await expect(page.getByRole('table', { name: table }).getByRole('row').nth(3)).toContainText(b);

  // paging: with twelve products the first page holds ten
  for (let i = 1; i <= 9; i++) await createProduct(api, type, `${p}-D${i}`, { Model: `Extra ${i}`, Size: '9F' });
  await page.goto(productsUrl(type));
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=1/);
  await expectRows(page, table, [`${p}-D8`, `${p}-D9`]);
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('1–10 of 12')).toBeVisible();

  // delete with the confirmation code
  await row(page, table, c)
    .getByRole('button', { name: `Delete ${c}` })
    .click();
  await expect(page.getByRole('dialog')).toContainText(`Delete the product ${c}?`);
  await confirmWithCode(page);
  await expect(page.getByText(`Product ${c} deleted.`)).toBeVisible();
  await expect(page.getByText('1–10 of 11')).toBeVisible();
  await expect(row(page, table, c)).toHaveCount(0);
  const left = await api.post<{ items: { keyCode: string }[] }>(`/api/products/search?product-type=${type.id}&size=50`, {}, 200);
  expect(left.items.map((x) => x.keyCode)).not.toContain(c);
  expect(left.items).toHaveLength(11);

  // the audit log names the deleted product by its key code
  await page.goto(`/my-business-units/${unit.id}/administration/audit-logs`);
  const audit = page.getByRole('table', { name: 'Audit logs' });
  await expect(audit.getByRole('row').filter({ hasText: 'DELETE' }).first()).toContainText(new RegExp(`product ${c} \\(\\d+\\)`));
});
