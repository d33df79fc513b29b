import { expect, test } from '@playwright/test';
import {
  ADMIN,
  adminApi,
  confirmWithCode,
  createProduct,
  createProductType,
  createUnit,
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

interface ProductWithRanges {
  lotRanges: { id: number; name: string; numbers: string[]; archiveDate: string | null; archived: boolean }[];
}

/**
 * A product type with lot numbers: a lot range is written in the product form, archived there with
 * a past archive date, listed among the archived lot ranges of the unit and restored from that page.
 */
test('lot ranges: created in the product form, archived, listed as archived and restored', async ({ page, request }, testInfo) => {
  const api = await adminApi(request);
  const unit = await createUnit(api);
  const type = await createProductType(
    api,
    unit.id,
    [
      { name: 'Model', searchTypeHCP: 'SEARCHABLE_PARTIAL' },
      { name: 'Lot', type: 'MULTI_ARRAY', searchTypeHCP: 'SEARCHABLE_EXACT' },
    ],
    { lotNumbers: true },
  );
  const keyCode = unique('lot').toUpperCase();
  const product = await createProduct(api, type, keyCode, { Model: 'Orion' });
  const rangeName = `Batch ${unique('b').slice(-6)}`;
  const archivedUrl = `/my-business-units/${unit.id}/administration/archived-data-lot-ranges`;

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(archivedUrl);
  await expect(page.getByRole('table', { name: 'Archived lot ranges' })).toContainText('No archived lot ranges.');

  // a lot range written in the product form
  await page.goto(productsUrl(type));
  await row(page, `Products of ${type.name}`, keyCode).getByRole('link', { name: keyCode, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Product ${keyCode}` })).toBeVisible();
  await expect(page.getByText('No lot ranges.')).toBeVisible();
  await page.getByRole('button', { name: 'Add lot range' }).click();
  const range = page.getByTestId('lot-range-row');
  await range.getByRole('textbox', { name: 'Name' }).fill(rangeName);
  const numbers = range.getByRole('combobox', { name: 'Lot numbers' });
  for (const n of ['L-1001', 'L-1002', 'L-1003']) {
    await numbers.fill(n);
    await numbers.press('Enter');
  }
  await expect(range.getByText('L-1003', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('product-lot-range.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Product ${keyCode} saved.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${productsUrl(type)}$`));
  let stored = await api.get<ProductWithRanges>(`/api/products/${product.id}`);
  expect(stored.lotRanges).toEqual([
    expect.objectContaining({ name: rangeName, numbers: ['L-1001', 'L-1002', 'L-1003'], archived: false }),
  ]);

  // archived from the product form: an archive date in the past
  await row(page, `Products of ${type.name}`, keyCode).getByRole('link', { name: keyCode, exact: true }).click();
  await expect(range.getByRole('textbox', { name: 'Name' })).toHaveValue(rangeName);
  await range.getByLabel('Archive date').fill(localDateTime(-1));
  await expect(range.getByText('In the past: archived, not on the public website.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  // saved: back on the list (the first save's notice may still be shown)
  await expect(page).toHaveURL(new RegExp(`${productsUrl(type)}$`));
  stored = await api.get<ProductWithRanges>(`/api/products/${product.id}`);
  expect(stored.lotRanges[0]?.archived).toBe(true);

  // listed among the archived lot ranges, with its numbers and product
  await page.goto(archivedUrl);
  const archived = row(page, 'Archived lot ranges', rangeName);
  await expect(archived).toContainText(type.name);
  await expect(archived).toContainText('L-1002');
  await expect(archived.getByRole('link', { name: keyCode })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('archived-lot-ranges.png') });

  // restored
  await archived.getByRole('button', { name: `Restore ${rangeName}` }).click();
  await expect(page.getByRole('dialog')).toContainText(`Restore the lot range ${rangeName}?`);
  await confirmWithCode(page, 'Restore');
  await expect(page.getByText(`Lot range ${rangeName} restored.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Archived lot ranges' })).toContainText('No archived lot ranges.');
  stored = await api.get<ProductWithRanges>(`/api/products/${product.id}`);
  expect(stored.lotRanges[0]).toEqual(expect.objectContaining({ name: rangeName, archiveDate: null, archived: false }));

  // the product form shows it current again
  await page.goto(`${productsUrl(type)}/${product.id}`);
  await expect(range.getByLabel('Archive date')).toHaveValue('');
  await expect(range.getByText('Archived', { exact: true })).toHaveCount(0);
});
