import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, signIn } from '../auth/support';
import { publishedUnitWithFile } from '../website/paper-copy-support';

/**
 * Retention of what was public (issue 22, decision 0070): a published file version is listed under
 * Administration → Retention, kept indefinitely while its product has no end-of-life date, nothing
 * to purge; a delete of its file archives it instead and says so; the screen is accessible.
 */
test('retention report: what was public is kept, a delete archives, accessible', async ({ page, request }) => {
  // a published unit of its own, two scans: more than the default minute on a busy machine
  test.setTimeout(180_000);
  const { api, unit, fileName } = await publishedUnitWithFile(request, 'e2e-retention');
  const report = await api.get<{ held: number; purgeableCount: number; items: { fileId: number }[] }>(
    `/api/retention/report?business-unit=${unit.id}`,
  );
  expect([report.held, report.purgeableCount]).toEqual([1, 0]);

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}`);
  await page.getByTestId('menu-administration').click();
  await page.getByRole('menuitem', { name: 'Retention' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/administration/retention$`));
  await expect(page.getByRole('heading', { name: 'Retention', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Retention' });
  await expect(table.getByText(`${fileName}, version 1.0`)).toBeVisible();
  await expect(table.getByText('Indefinitely (a product has no end-of-life date)')).toBeVisible();
  await expect(page.getByTestId('retention-summary')).toContainText('1 public file versions are kept; 0 may be purged now.');
  await expect(page.getByRole('button', { name: 'Purge now' })).toBeDisabled();
  await expectAccessible(page, 'retention report');

  await page.getByText('May be purged now', { exact: true }).click();
  await expect(page.getByText('Nothing may be purged now.')).toBeVisible();
  await expectAccessible(page, 'retention report, nothing to purge');

  // the file's delete archives it and answers until when it is kept
  const res = await request.delete(`/api/files/${report.items[0].fileId}`, { headers: { Authorization: `Bearer ${api.token}` } });
  expect(res.status()).toBe(200);
  expect(res.headers()['x-vellum-alert']).toBe('vellumApp.file.retainedIndefinitely');
  expect(await res.json()).toMatchObject({ archived: true, retainedUntil: null });
  // the delete came through the API, not the screen: open the report afresh (the screen's cached page is older)
  await page.goto(`/my-business-units/${unit.id}/administration/retention`);
  await expect(page.getByRole('radio', { name: 'Everything kept' })).toBeChecked();
  await expect(table.getByText(/^Archived /)).toBeVisible();
});
