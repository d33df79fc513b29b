import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, signIn } from '../auth/support';
import { adminApi, setManufacturerSwitch } from '../catalogue/support';
import { confirmWithCode } from '../settings/support';

/**
 * Validation records (spec 000 §2, §7; decision 0077): with the setting on, administration →
 * validation records opens the records page in a new tab through a one-time token. The e2e server
 * has no test evidence (an empty VALIDATION_EVIDENCE_DIR), so the page says so.
 */
test('the validation records open from administration in a new tab, once', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const before = await setManufacturerSwitch(api, 'validationRecordsActive', true);
  try {
    await signIn(page, ADMIN.login, ADMIN.password);
    await page.goto('/my-business-units/1');
    await page.getByTestId('menu-administration').click();
    const opened = context.waitForEvent('page');
    await page.getByTestId('menu-validation-records').click();
    const records = await opened;
    await records.waitForURL(/\/validation-records\?id-token=/);
    await expect(records.getByRole('heading', { level: 1, name: /Validation records of Vellum/ })).toBeVisible();
    await expect(records.getByRole('status')).toContainText('No test evidence has been recorded for this version yet');
    await expect(records.getByRole('rowheader', { name: '000-2.8' })).toBeVisible();
    await expect(records.getByRole('link', { name: 'Download the signed PDF' })).toHaveAttribute('href', /^data:application\/pdf;base64,/);
    await expectAccessible(records, 'validation records');

    // the token is taken: the same address again is refused
    const again = await context.newPage();
    const res = await again.goto(records.url());
    expect(res?.status()).toBe(401);
    await expect(again.getByRole('alert')).toContainText('not valid');
    await expectAccessible(again, 'validation records refused');

    // the footer's link opens them too
    const fromFooter = context.waitForEvent('page');
    await page.getByTestId('footer-validation-records').click();
    const second = await fromFooter;
    await expect(second.getByRole('heading', { level: 1, name: /Validation records of Vellum/ })).toBeVisible();
  } finally {
    await setManufacturerSwitch(api, 'validationRecordsActive', before);
  }
});

/**
 * The customer's IQ/OQ/PQ documents (decision 0077): uploaded under general settings, listed with
 * their SHA-256, listed on the records page with a download link of their own, and deleted.
 */
test('an IQ document is uploaded, listed with its SHA-256 here and on the records page, and deleted', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const before = await setManufacturerSwitch(api, 'validationRecordsActive', true);
  const title = `Installation qualification ${Date.now()}`;
  const pdf = Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  try {
    await signIn(page, ADMIN.login, ADMIN.password);
    await page.goto('/general-settings/qualification-documents');
    await page.getByTestId('qualification-kind').click();
    await page.getByRole('option', { name: /^IQ:/ }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Version' }).fill('1.0');
    await page.getByLabel('Approval date').fill('2026-01-15');
    await page.locator('input[type="file"]').setInputFiles({ name: 'iq.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByTestId('qualification-upload').click();
    const table = page.getByRole('table', { name: 'Documents' });
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(sha256);
    await expect(row).toContainText('1.0');

    // on the records page, with its hash and a download link that works without the page's token
    const opened = context.waitForEvent('page');
    await page.getByTestId('footer-validation-records').click();
    const records = await opened;
    await records.waitForURL(/\/validation-records\?id-token=/);
    const listed = records.getByRole('row').filter({ hasText: title });
    await expect(listed).toContainText(sha256);
    const downloading = records.waitForEvent('download');
    await listed.getByRole('link', { name: 'iq.pdf' }).click();
    const saved = await (await downloading).path();
    expect(
      createHash('sha256')
        .update(await readFile(saved))
        .digest('hex'),
    ).toBe(sha256);
    await records.close();

    await row.getByTestId('qualification-delete').click();
    await confirmWithCode(page);
    await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  } finally {
    await setManufacturerSwitch(api, 'validationRecordsActive', before);
  }
});
