import { expect, test } from '@playwright/test';
import {
  ADMIN,
  adminApi,
  confirmWithCode,
  createProduct,
  createProductType,
  createUnit,
  pick,
  row,
  signIn,
  unique,
} from '../catalogue/support';
import { createDocument, pdfOf } from './files-support';

/**
 * The files of a document through the back office: a file for two countries and two languages,
 * its PDF uploaded with a progress bar, a second version beside the first in the history, the
 * file archived and restored from the archived-documents screen, and tied to a lot range of the
 * product the document documents.
 */
test('files: add, upload with progress, second version, archive and restore, lot range', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-files');
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en', 'fr', 'de']);
  const type = await api.post<{ id: number }>('/api/document-types', { businessUnitId: unit.id, name: 'IFU', hcp: true, sortNumber: 1 });
  const productType = await createProductType(api, unit.id, [{ name: 'Lot', type: 'MULTI_ARRAY', searchTypeHCP: 'SEARCHABLE_EXACT' }], {
    lotNumbers: true,
  });
  const lotName = `Lots ${unique('l').slice(-6)}`;
  const product = await createProduct(api, productType, unique('KC').slice(-10), {}, { lotRanges: [{ name: lotName, numbers: ['L100'] }] });
  const doc = await createDocument(request, api, {
    businessUnitId: unit.id,
    documentTypeId: type.id,
    number: unique('DOC').slice(-10),
    name: 'Hip implant IFU',
    productIds: [product.id],
  });

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/document-management/${doc.id}/files`);
  await expect(page.getByText('This document has no files yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Add file' }).click();

  // a file for two countries and two languages
  await page.getByRole('textbox', { name: 'Name' }).fill('Leaflet');
  const countries = page.getByRole('combobox', { name: 'Countries' });
  await pick(page, countries, 'Belgium (BE)', 'Belg');
  await pick(page, countries, 'Netherlands (NL)', 'Neth');
  const languages = page.getByRole('combobox', { name: 'Document languages' });
  await pick(page, languages, 'English (en)');
  await pick(page, languages, 'French (fr)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/document-management/${doc.id}/files/\\d+$`));
  await expect(page.getByRole('heading', { name: 'File Leaflet' })).toBeVisible();

  // the PDF, with its progress bar (the answer is held back a moment so the bar can be seen)
  await page.route('**/api/files/*/binary', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.locator('input[type="file"]').setInputFiles({ name: 'leaflet-v1.pdf', mimeType: 'application/pdf', buffer: pdfOf(3_000_000) });
  // (held back, the request reports its bytes only once it goes out: the bar may stand at 0%)
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeAttached();
  await expect(page.getByTestId('upload-progress')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
  await expect(page.getByTestId('file-binary').getByText('leaflet-v1.pdf')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.unroute('**/api/files/*/binary');

  // a second version: both in the history
  await page.getByRole('button', { name: 'Add version' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Version' }).fill('2.0');
  await dialog.getByRole('button', { name: 'Add version' }).click();
  await expect(dialog).toHaveCount(0);
  const history = page.getByRole('table', { name: 'Version history' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(row(page, 'Version history', '2.0')).toContainText('current');
  await expect(row(page, 'Version history', 'leaflet-v1.pdf')).toContainText('1.0');

  // tied to the lot range of the documented product
  await page.getByRole('switch', { name: 'All lot numbers' }).uncheck({ force: true });
  await pick(page, page.getByRole('combobox', { name: 'Lot ranges' }), new RegExp(lotName));
  // (the switch is already off before the save: the answer of the save is what is waited for)
  const fileId = Number(page.url().split('/').pop());
  const saving = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/files');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saving).status()).toBe(200);
  await expect(page.getByRole('switch', { name: 'All lot numbers' })).not.toBeChecked();
  const saved = await api.get<{ lotRanges: { name: string }[] }>(`/api/files/${fileId}`);
  expect(saved.lotRanges.map((r) => r.name)).toEqual([lotName]);

  // archived, then restored from the archived-documents screen
  await page.getByRole('button', { name: 'Archive' }).click();
  await confirmWithCode(page, 'Archive');
  await expect(page.getByText('Archived', { exact: true })).toBeVisible();
  await page.goto(`/my-business-units/${unit.id}/administration/archived-data-documents`);
  const archived = row(page, 'Archived documents', 'Leaflet');
  await expect(archived).toContainText('Hip implant IFU');
  await archived.getByRole('button', { name: 'Restore Leaflet' }).click();
  await confirmWithCode(page, 'Restore');
  await expect(page.getByText('No archived files.')).toBeVisible();
  await page.goto(`/my-business-units/${unit.id}/document-management/${doc.id}/files`);
  // countries by name (decision 0051)
  await expect(row(page, 'Files', 'Leaflet')).toContainText('Belgium, Netherlands');
  await expect(row(page, 'Files', 'Leaflet')).not.toContainText('Archived');
});

/**
 * A new file takes its binary in the same form (decision 0051): chosen with the fields, uploaded
 * once the file is saved, through the upload and checks every file's binary goes through; without
 * one the form says that the binary comes next.
 */
test('files: a new file with its binary at once', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-new-file');
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en']);
  const type = await api.post<{ id: number }>('/api/document-types', { businessUnitId: unit.id, name: 'IFU', hcp: true, sortNumber: 1 });
  const doc = await createDocument(request, api, {
    businessUnitId: unit.id,
    documentTypeId: type.id,
    number: unique('DOC').slice(-10),
    name: 'Stent IFU',
  });

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/document-management/${doc.id}/files/new`);
  await expect(page.getByText(/otherwise upload it on the file's page after saving/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Stent leaflet');
  await pick(page, page.getByRole('combobox', { name: 'Countries' }), 'Belgium (BE)', 'Belg');
  await pick(page, page.getByRole('combobox', { name: 'Document languages' }), 'English (en)');
  await page.locator('input[type="file"]').setInputFiles({ name: 'stent.pdf', mimeType: 'application/pdf', buffer: pdfOf(20_000) });
  await expect(page.getByText('Uploaded when you save the file.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/document-management/${doc.id}/files/\\d+$`));
  await expect(page.getByRole('heading', { name: 'File Stent leaflet', level: 1 })).toBeVisible();
  await expect(page.getByTestId('file-binary').getByText('stent.pdf')).toBeVisible();
  const fileId = Number(page.url().split('/').pop());
  const saved = await api.get<{ binary: { name: string; mediaType: string } | null }>(`/api/files/${fileId}`);
  expect(saved.binary).toMatchObject({ name: 'stent.pdf', mediaType: 'application/pdf' });
});
