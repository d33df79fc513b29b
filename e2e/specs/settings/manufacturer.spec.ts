import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './support';

test('manufacturer settings: validate, save, reload, and restore', async ({ page }, testInfo) => {
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/manufacturer-settings');
  const url = page.getByLabel('Public website URL');
  const oldPasswords = page.getByRole('textbox', { name: 'Old passwords' });
  const originalUrl = await url.inputValue();
  const originalOld = await oldPasswords.inputValue();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await url.fill('not a url');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Not a valid URL')).toBeVisible();

  await url.fill('https://ifu.example.com');
  await oldPasswords.fill('4');
  await page.getByRole('switch', { name: 'Validation records' }).check();
  await page.screenshot({ path: testInfo.outputPath('manufacturer-settings.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The manufacturer settings are saved.')).toBeVisible();

  await page.reload();
  await expect(url).toHaveValue('https://ifu.example.com');
  await expect(oldPasswords).toHaveValue('4');
  await expect(page.getByRole('switch', { name: 'Validation records' })).toBeChecked();

  // other tests expect the demo settings
  await url.fill(originalUrl);
  await oldPasswords.fill(originalOld);
  await page.getByRole('switch', { name: 'Validation records' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The manufacturer settings are saved.').first()).toBeVisible();
  await page.reload();
  await expect(oldPasswords).toHaveValue(originalOld);
});
