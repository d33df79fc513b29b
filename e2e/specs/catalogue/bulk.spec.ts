import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type Download, expect, type Page, test } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { expectAccessible } from '../accessibility/support';
import { decodeQuotedPrintable } from '../auth/support';
import { e2eServer } from '../e2e-server';
import { ADMIN, type Api, adminApi, createProductType, createUnit, expectRows, productsUrl, row, signIn, unique } from './support';

/** Jobs run on the server's own queue (polled every 2 s on the embedded database): waits on the screen are generous. */
const JOB = { timeout: 60_000 };
const UPLOADS = '3. Uploads';

// a click or a fill that cannot happen fails at once, with its reason, not at the end of the test
test.use({ actionTimeout: 15_000 });

/** One TXT line as the export writes it: tab-separated, a cell with a tab, quote or line break quoted. */
const txtLine = (cells: readonly string[]) =>
  `${cells.map((c) => (/[\t"\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join('\t')}\r\n`;

/** The cells of a TXT sheet's lines (no cell here holds a line break: one record per line). */
const recordsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l !== '')
    .map((l) => l.split('\t').map((c) => c.replace(/^"(.*)"$/s, '$1').replaceAll('""', '"')));

/** A .zip holding one sheet (the template's comment lines, then the rows), written where the test keeps its files; answers its path. */
function zipOfSheet(path: string, sheetName: string, comments: readonly string[], lines: readonly (readonly string[])[]): string {
  const text = comments.map((c) => `${c}\r\n`).join('') + lines.map(txtLine).join('');
  writeFileSync(path, zipSync({ [sheetName]: strToU8(text) }));
  return path;
}

const readDownload = async (download: Download) => readFileSync((await download.path()) as string);

/** The upload table's row of a zip. */
const jobRow = (page: Page, fileName: string) => row(page, UPLOADS, fileName);

async function upload(page: Page, zip: string, checkOnly: boolean) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Zip file' }).click()]);
  await chooser.setFiles(zip);
  await expect(page.getByRole('button', { name: 'Zip file' })).toHaveText(basename(zip));
  const check = page.getByRole('checkbox', { name: 'Check only (write nothing)' });
  if (checkOnly) await check.check();
  else await check.uncheck();
  await expect(page.getByRole('radio', { name: 'Reject the whole file: nothing is imported' })).toBeChecked();
  await page.getByTestId('bulk-upload-submit').click();
  await expect(page.getByTestId('bulk-upload-done')).toBeVisible(JOB);
}

/** The path and query of the download link in the newest export mail to `to` about `typeName`. */
async function exportLinkFor(to: string, typeName: string): Promise<string> {
  const { outbox } = e2eServer();
  let found: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
        } catch {
          return false;
        }
        files.sort((a, b) => statSync(join(outbox, b)).mtimeMs - statSync(join(outbox, a)).mtimeMs);
        for (const file of files) {
          const mail = decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8'));
          if (!mail.toLowerCase().includes(`to: ${to.toLowerCase()}`) || !mail.includes(typeName)) continue;
          const link = /https?:\/\/[^\s"<>]+\/bulk-exports\/\d+\?token=[^\s"<>]+/.exec(mail)?.[0];
          if (link) {
            found = link;
            return true;
          }
        }
        return false;
      },
      { ...JOB, message: `an export mail to ${to} about ${typeName}` },
    )
    .toBe(true);
  const url = new URL(found as string);
  return `${url.pathname}${url.search}`;
}

async function setBulkActive(api: Api, active: boolean) {
  await api.put('/api/bulk/active', { active });
}

/**
 * The products' bulk screens end to end: the template downloaded and filled, a check that reports
 * the bad row by row and column and writes nothing, the fixed sheet imported (SUCCESS with its
 * counts, the products listed), a bulk export mailed and downloaded through its link, and the
 * switch of bulk uploads that makes the page refuse uploads.
 */
test('bulk: template, check only, import, export by mail, and the switch of uploads', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-bulk');
  const type = await createProductType(api, unit.id, [{ name: 'Model' }, { name: 'Size', searchTypeHCP: 'SEARCHABLE_EXACT' }]);
  const group = await api.post<{ id: number; name: string }>('/api/product-groups', {
    productTypeId: type.id,
    name: `Group ${unique('g').slice(-6)}`,
    productIds: [],
  });
  const p = unique('BLK').toUpperCase();
  const [a, b, c] = [`${p}-001`, `${p}-002`, `${p}-003`];
  const table = `Products of ${type.name}`;

  try {
    await signIn(page, ADMIN.login, ADMIN.password);
    await page.goto(productsUrl(type));
    await page.getByTestId('bulk-upload-link').click();
    await expect(page.getByRole('heading', { name: `Bulk upload: ${type.name}` })).toBeVisible();
    await expect(page.getByRole('table', { name: UPLOADS })).toContainText('No uploads yet.');
    await expectAccessible(page, 'bulk upload page');

    // 1. the template, as TXT: its `#` comment lines, the header, one example row
    await expect(page.getByRole('radio', { name: 'TXT (tab-separated)' })).toBeChecked();
    const [templateDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bulk-template-download').click()]);
    expect(templateDownload.suggestedFilename()).toMatch(/\.txt$/);
    const templateText = strFromU8(await readDownload(templateDownload));
    // the explanations stay as downloaded: the import skips the `#` lines before the header (decision 0058)
    const comments = templateText.split(/\r?\n/).filter((l) => l.startsWith('#'));
    expect(comments.length).toBeGreaterThan(5);
    expect(templateText).toContain(`# Vellum import template: the products of the product type ${type.name}`);
    const [header, ...example] = recordsOf(templateText).filter((cells) => !cells[0]?.startsWith('#'));
    const headerCells = header as string[];
    expect(headerCells).toEqual(['Key code', 'Model [model]', 'Size [size]', 'Product groups', 'Lot ranges', 'End of life date']);
    expect(example).toEqual([['EXAMPLE-0001', 'Example Model', 'Example Size', group.name, '', '']]);
    // an error's row is the sheet's row as a spreadsheet shows it: the comment lines, the header, then the products
    const sheetRow = (n: number) => comments.length + 1 + n;
    const col = (name: string) => headerCells.indexOf(name);
    const product = (keyCode: string, model: string, size: string, groups: string) => {
      const cells = headerCells.map(() => '');
      cells[col('Key code')] = keyCode;
      cells[col('Model [model]')] = model;
      cells[col('Size [size]')] = size;
      cells[col('Product groups')] = groups;
      return cells;
    };

    // 2. check only: the third product names a product group the type does not have
    const checkZip = zipOfSheet(testInfo.outputPath('products-check.zip'), 'products.txt', comments, [
      headerCells,
      product(a, 'Sirius Flex 5', '5F', group.name),
      product(b, 'Sirius Pro 7', '7F', ''),
      product(c, 'Vega 5', '5F', 'No such group'),
    ]);
    await upload(page, checkZip, true);
    const checked = jobRow(page, 'products-check.zip');
    await expect(checked).toContainText('Check only');
    await expect(checked.getByText('Failed', { exact: true })).toBeVisible(JOB);
    await expect(checked.getByTestId('bulk-job-counts')).toHaveText('3 rows: 2 would be created, 0 updated, 1 rejected');
    await checked.getByRole('button', { name: 'Log and errors of products-check.zip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log and errors of products-check.zip' });
    await expect(dialog.getByTestId('bulk-job-log')).toContainText('Check only: nothing was written.');
    const errors = dialog.getByRole('table', { name: 'Errors by row' });
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(errors.getByRole('row').nth(1)).toHaveText(
      [String(sheetRow(3)), 'Product groups', 'The product type has no product group named No such group.', 'No such group'].join(''),
    );
    await expectAccessible(page, 'bulk upload errors dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    // the rejected rows, to fix and upload again: the header with an Error column, only the bad row
    const [rejectedDownload] = await Promise.all([
      page.waitForEvent('download'),
      checked.getByRole('button', { name: 'Download the rejected rows of products-check.zip' }).click(),
    ]);
    const [rejectedHeader, ...rejectedRows] = recordsOf(strFromU8(await readDownload(rejectedDownload)));
    expect(rejectedHeader).toEqual([...headerCells, 'Error']);
    expect(rejectedRows).toHaveLength(1);
    expect(rejectedRows[0]?.slice(0, 4)).toEqual([c, 'Vega 5', '5F', 'No such group']);
    expect(rejectedRows[0]?.at(-1)).toMatch(/^Product groups: /);
    // nothing was written
    const none = await api.post<{ items: unknown[] }>(`/api/products/search?product-type=${type.id}&size=50`, {}, 200);
    expect(none.items).toHaveLength(0);

    // 3. the sheet fixed, imported all or nothing: SUCCESS with its counts
    const importZip = zipOfSheet(testInfo.outputPath('products-import.zip'), 'products.txt', comments, [
      headerCells,
      product(a, 'Sirius Flex 5', '5F', group.name),
      product(b, 'Sirius Pro 7', '7F', ''),
      product(c, 'Vega 5', '5F', group.name),
    ]);
    await upload(page, importZip, false);
    const imported = jobRow(page, 'products-import.zip');
    await expect(imported.getByText('Success', { exact: true })).toBeVisible(JOB);
    await expect(imported.getByTestId('bulk-job-counts')).toHaveText('3 rows: 3 created, 0 updated, 0 rejected');
    await expect(imported).not.toContainText('Check only');
    await page.screenshot({ path: testInfo.outputPath('bulk-upload-page.png'), fullPage: true });

    // the products list shows them
    await page.getByRole('link', { name: `Back to the products of ${type.name}` }).click();
    await expectRows(page, table, [a, b, c]);
    await expect(row(page, table, b)).toContainText('Sirius Pro 7');

    // 4. bulk export: requested, mailed, downloaded through the mail's link
    await page.getByRole('button', { name: 'Bulk export' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Bulk export of the products' });
    await expect(exportDialog.getByRole('radio', { name: 'TXT (tab-separated)' })).toBeChecked();
    await exportDialog.getByRole('button', { name: 'Request export' }).click();
    await expect(page.getByText('Successfully requested a bulk export.', { exact: false })).toBeVisible();
    await expect(exportDialog).toHaveCount(0);
    const link = await exportLinkFor(ADMIN.login, type.name);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Download an export' })).toBeVisible();
    const [exportDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the export' }).click(),
    ]);
    expect(exportDownload.suggestedFilename()).toMatch(/\.zip$/);
    const entries = unzipSync(new Uint8Array(await readDownload(exportDownload)));
    const names = Object.keys(entries);
    expect(names).toEqual([`products-${type.slug}.txt`]);
    const exported = recordsOf(strFromU8(entries[names[0] as string] as Uint8Array));
    expect(exported).toEqual([
      headerCells,
      [a, 'Sirius Flex 5', '5F', group.name, '', ''],
      [b, 'Sirius Pro 7', '7F', '', '', ''],
      [c, 'Vega 5', '5F', group.name, '', ''],
    ]);

    // 5. bulk uploads switched off (General settings → Bulk uploads): the page refuses uploads
    await page.goto('/general-settings/bulk-uploads');
    const on = page.getByRole('switch', { name: 'Bulk uploads are on' });
    await expect(on).toBeChecked();
    // the switch follows the server: it turns once the change is saved
    await on.click();
    await expect(on).not.toBeChecked();
    await page.goto(productsUrl(type));
    await page.getByTestId('bulk-upload-link').click();
    await expect(page.getByTestId('bulk-uploads-disabled')).toHaveText('Bulk uploads are currently disabled because of a system update.');
    await expect(page.getByTestId('bulk-upload-submit')).toBeDisabled();
    // on again
    await page.goto('/general-settings/bulk-uploads');
    await on.click();
    await expect(on).toBeChecked();
    await page.goto(productsUrl(type));
    await page.getByTestId('bulk-upload-link').click();
    await expect(page.getByRole('heading', { name: `Bulk upload: ${type.name}` })).toBeVisible();
    await expect(page.getByTestId('bulk-uploads-disabled')).toHaveCount(0);
  } finally {
    // the switch is every unit's: never leave it off; the test's product type goes with its products
    await setBulkActive(api, true);
    const left = await api.post<{ items: { id: number }[] }>(`/api/products/search?product-type=${type.id}&size=50`, {}, 200);
    for (const x of left.items) await api.delete(`/api/products/${x.id}`);
    await api.delete(`/api/product-groups/${group.id}`);
    await api.delete(`/api/product-types/${type.id}`);
  }
});
