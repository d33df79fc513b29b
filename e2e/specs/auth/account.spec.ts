import { expect, test } from '@playwright/test';
import { createOwnUser, signIn } from './support';

test('account settings: change the name', async ({ page, request }) => {
  const user = await createOwnUser(request, 'settings');
  await signIn(page, user.login, user.password);
  await page.getByTestId('menu-account').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/account\/settings$/);

  await expect(page.getByLabel('First name')).toHaveValue('E2E');
  await page.getByLabel('First name').fill('Renamed');
  await page.getByLabel(/^E-mail/).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('E-mail is required')).toBeVisible();
  await page.getByLabel(/^E-mail/).fill(user.login);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved!')).toBeVisible();
  await expect(page.getByTestId('menu-account')).toContainText('Renamed');
});

test('password change: validation, wrong current password, success', async ({ page, request }) => {
  const user = await createOwnUser(request, 'password');
  await signIn(page, user.login, user.password);
  await page.getByTestId('menu-account').click();
  await page.getByRole('menuitem', { name: 'Password' }).click();
  await expect(page).toHaveURL(/\/account\/password$/);

  const submit = page.getByRole('button', { name: 'Change password' });
  await submit.click();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(page.getByText('New password is required')).toBeVisible();
  await expect(page.getByText('Password confirmation is required')).toBeVisible();

  const current = page.getByLabel(/^Current password/);
  const next = page.getByLabel(/^New password(?! confirmation)/);
  const confirmation = page.getByLabel(/^New password confirmation/);
  await current.fill(user.password);
  await next.fill('weakpassword');
  await confirmation.fill('different');
  await submit.click();
  await expect(page.getByText('The password is too weak', { exact: false })).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();

  await current.fill('Wrong#current1');
  await next.fill('Changed#2026');
  await confirmation.fill('Changed#2026');
  await submit.click();
  await expect(page.getByTestId('password-error')).toHaveText('The current password is not correct.');

  // the next attempt does not keep the previous answer beside its own message
  await confirmation.fill('Changed#2027');
  await expect(page.getByTestId('password-error')).toHaveCount(0);
  await submit.click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(page.getByTestId('password-error')).toHaveCount(0);

  await current.fill(user.password);
  await next.fill(user.password);
  await confirmation.fill(user.password);
  await submit.click();
  await expect(page.getByTestId('password-error')).toContainText('used recently');
  await expect(page.getByText('The current password is not correct.')).toHaveCount(0);

  await current.fill(user.password);
  await next.fill('Changed#2026');
  await confirmation.fill('Changed#2026');
  await submit.click();
  await expect(page.getByText('Password changed!')).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user.login, 'Changed#2026');
});
