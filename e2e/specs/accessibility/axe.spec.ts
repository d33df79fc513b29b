import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn, signInViaUi } from '../auth/support';

/** axe-core over the main screens: no serious or critical WCAG 2.1 A/AA violation. */
async function expectAccessible(page: Page, what: string) {
  // let lists and cards finish loading before the scan
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-testid="dev-ribbon"]')
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

test('sign-in and reset pages are accessible', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page, 'login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('E-mail is required')).toBeVisible();
  await expectAccessible(page, 'login with field errors');
  await signInViaUi(page, 'nobody@e2e.test', 'Wrong#2026');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'login failed');
  await page.goto('/admin-login');
  await expectAccessible(page, 'admin login');
  await page.goto('/account/reset/forgot');
  await expectAccessible(page, 'forgot password');
  await page.goto('/account/reset/finish/some-key');
  await expectAccessible(page, 'new password');
});

test('the main back-office screens are accessible', async ({ page }) => {
  await signIn(page, ADMIN.login, ADMIN.password);
  for (const [what, path] of [
    ['business units', '/my-business-units'],
    ['business-unit home', '/my-business-units/1'],
    ['users', '/general-settings/user-management'],
    ['user form', '/general-settings/user-management/new'],
    ['roles', '/general-settings/role'],
    ['role form', '/general-settings/role/new'],
    ['user groups', '/general-settings/user-group'],
    ['user group form', '/general-settings/user-group/new'],
    ['business-unit list', '/general-settings/business-unit'],
    ['business-unit form', '/general-settings/business-unit/new'],
    ['business-unit settings', '/general-settings/business-unit/1/edit'],
    ['manufacturer settings', '/general-settings/manufacturer-settings'],
    ['audit logs', '/my-business-units/1/administration/audit-logs'],
    ['account', '/account/settings'],
    ['password', '/account/password'],
    ['not found', '/no-such-page'],
  ] as const) {
    await page.goto(path);
    await expectAccessible(page, what);
  }
});

test('the switcher, a dialog and forms with errors are accessible', async ({ page }) => {
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/user-management');
  await page.getByRole('combobox', { name: 'Business unit' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page, 'business-unit switcher');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  for (const menu of ['menu-general-settings', 'menu-account']) {
    await page.getByTestId(menu).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, menu);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  // opened and cancelled: nothing is deleted
  await page.getByRole('button', { name: 'Delete auditor@vellum.demo' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'delete confirmation');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('link', { name: ADMIN.login, exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Login' })).toHaveValue(ADMIN.login);
  await expectAccessible(page, 'user edit');

  for (const [what, path] of [
    ['user form with errors', '/general-settings/user-management/new'],
    ['role form with errors', '/general-settings/role/new'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Cannot be empty').first()).toBeVisible();
    await expectAccessible(page, what);
  }
});
