import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, signIn } from '../auth/support';
import { adminApi, setManufacturerSwitch } from '../catalogue/support';

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
