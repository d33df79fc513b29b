import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type Download, expect, type Page, test } from '@playwright/test';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { ADMIN, adminApi, createProduct, createProductType, createUnit, expectRows, row, signIn, unique } from '../catalogue/support';
import { pdfOf } from './files-support';

/** Jobs run on the server's own queue (polled every 2 s on the embedded database): waits on the screen are generous. */
const JOB = { timeout: 60_000 };
const UPLOADS = '3. Uploads';

test.use({ actionTimeout: 15_000 });

const txtLine = (cells: readonly string[]) =>
  `${cells.map((c) => (/[\t"\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join('\t')}\r\n`;
const recordsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l !== '')
    .map((l) => l.split('\t').map((c) => c.replace(/^"(.*)"$/s, '$1').replaceAll('""', '"')));
const readDownload = async (download: Download) => readFileSync((await download.path()) as string);

async function upload(page: Page, zip: string, checkOnly: boolean) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Zip file' }).click()]);
  await chooser.setFiles(zip);
  await expect(page.getByRole('button', { name: 'Zip file' })).toHaveText(basename(zip));
  const check = page.getByRole('checkbox', { name: 'Check only (write nothing)' });
  if (checkOnly) await check.check();
  else await check.uncheck();
  await page.getByTestId('bulk-upload-submit').click();
  await expect(page.getByTestId('bulk-upload-done')).toBeVisible(JOB);
}

/**
 * The documents' bulk import end to end (decision 0062): the documents' template downloaded, a zip
 * of the sheet and two PDF binaries checked (the bad row reported by row and column, nothing
 * written), fixed and imported, the documents listed with their files, a binary downloaded as sent.
 */
test('bulk documents: template, check only, import with binaries, files listed and downloadable', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-bulkdoc');
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en', 'de']);
  await api.post('/api/document-types', { businessUnitId: unit.id, name: 'IFU', hcp: true, sortNumber: 1 });
  const productType = await createProductType(api, unit.id, [{ name: 'Model' }]);
  const product = await createProduct(api, productType, unique('KC').slice(-10).toUpperCase(), { Model: 'Vega' });
  const base = unique('BD').slice(-8).toUpperCase();
  const [d1, d2] = [`${base}-1`, `${base}-2`];
  const binaries = { en: pdfOf(20_000), de: pdfOf(30_000) };

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/document-management`);
  await page.getByTestId('bulk-upload-link').click();
  await expect(page.getByRole('heading', { name: 'Bulk upload: documents' })).toBeVisible();

  // 1. the documents' template, as TXT: the `#` lines, the header, one example row
  const [templateDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bulk-template-download').click()]);
  const templateText = strFromU8(await readDownload(templateDownload));
  const comments = templateText.split(/\r?\n/).filter((l) => l.startsWith('#'));
  expect(comments.length).toBeGreaterThan(5);
  const [header] = recordsOf(templateText).filter((cells) => !cells[0]?.startsWith('#'));
  const headerCells = header as string[];
  expect(headerCells).toEqual(expect.arrayContaining(['Document number', 'Document name', 'Document type', 'File name', 'File']));
  const sheetRow = (n: number) => comments.length + 1 + n;
  const line = (cells: Record<string, string>) => headerCells.map((h) => cells[h] ?? '');
  const fileRow = (number: string, name: string, languages: string, path: string) =>
    line({
      'Document number': number,
      'Document name': `Instructions ${number}`,
      'Document type': 'IFU',
      Products: product.keyCode,
      'File name': name,
      Countries: 'DE\nGB',
      'Document languages': languages,
      Lots: 'All',
      'Version label': '1.0',
      'Version date': '2026-01-15',
      File: path,
    });
  const zipOf = (name: string, rows: string[][]) => {
    const path = testInfo.outputPath(name);
    const text = comments.map((c) => `${c}\r\n`).join('') + [headerCells, ...rows].map(txtLine).join('');
    writeFileSync(
      path,
      zipSync({
        'documents.txt': strToU8(text),
        [`files/${d1}/en.pdf`]: new Uint8Array(binaries.en),
        [`files/${d2}/de.pdf`]: new Uint8Array(binaries.de),
      }),
    );
    return path;
  };

  // 2. check only: the second document's file names a language the unit does not have
  await upload(
    page,
    zipOf('documents-check.zip', [fileRow(d1, 'English', 'en', `files/${d1}/en.pdf`), fileRow(d2, 'Deutsch', 'fr', `files/${d2}/de.pdf`)]),
    true,
  );
  const checked = row(page, UPLOADS, 'documents-check.zip');
  await expect(checked.getByText('Failed', { exact: true })).toBeVisible(JOB);
  await expect(checked.getByTestId('bulk-job-counts')).toHaveText('2 rows: 1 would be created, 0 updated, 1 rejected');
  await checked.getByRole('button', { name: 'Log and errors of documents-check.zip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log and errors of documents-check.zip' });
  await expect(dialog.getByTestId('bulk-job-log')).toContainText('Check only: nothing was written.');
  const errorRow = dialog.getByRole('table', { name: 'Errors by row' }).getByRole('row').nth(1);
  await expect(errorRow).toContainText(String(sheetRow(2)));
  await expect(errorRow).toContainText('Document languages');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const none = await api.post<{ items: unknown[] }>(`/api/documents/search?business-unit=${unit.id}&size=50`, {}, 200);
  expect(none.items).toHaveLength(0);

  // 3. fixed and imported
  await upload(
    page,
    zipOf('documents-import.zip', [fileRow(d1, 'English', 'en', `files/${d1}/en.pdf`), fileRow(d2, 'Deutsch', 'de', `files/${d2}/de.pdf`)]),
    false,
  );
  const imported = row(page, UPLOADS, 'documents-import.zip');
  await expect(imported.getByText('Success', { exact: true })).toBeVisible(JOB);
  await expect(imported.getByTestId('bulk-job-counts')).toHaveText('2 rows: 2 created, 0 updated, 0 rejected');

  // the documents list shows them, each with its file
  await page.getByRole('link', { name: 'Back to the documents' }).click();
  await expectRows(page, 'Documents', [d1, d2]);
  const found = await api.post<{ items: { id: number; number: string }[] }>(
    `/api/documents/search?business-unit=${unit.id}&size=50`,
    {},
    200,
  );
  const doc1 = found.items.find((d) => d.number === d1) as { id: number };
  await page.goto(`/my-business-units/${unit.id}/document-management/${doc1.id}/files`);
  await expect(page.getByRole('link', { name: 'English' })).toBeVisible();

  // the binary downloads as it was in the zip
  const files = await api.get<{ id: number; name: string }[]>(`/api/files?document=${doc1.id}`);
  const english = files.find((f) => f.name === 'English') as { id: number };
  const res = await request.get(`/api/files/${english.id}/binary`, { headers: { Authorization: `Bearer ${api.token}` } });
  expect(res.status()).toBe(200);
  expect(Buffer.from(await res.body()).equals(binaries.en)).toBe(true);
});
