import { expect, test } from '@playwright/test';
import { ADMIN, signIn, VIEWER } from '../auth/support';

test.describe('the shell', () => {
  test('the admin sees both general-settings sections; menus are keyboard usable', async ({ page }, testInfo) => {
    await signIn(page, ADMIN.login, ADMIN.password);
    await expect(page.getByTestId('dev-ribbon')).toBeVisible();

    const trigger = page.getByTestId('menu-general-settings');
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Roles',
      'User groups',
      'Users',
      'Business units',
      'Manufacturer settings',
      'SSO settings',
      // export and import of the configuration between deployments (decision 0078)
      'Configuration export',
      'Notification preview',
      'Product search',
      // the switch of bulk uploads for every unit (BULK_IMPORT_ADMIN, decision 0056)
      'Bulk uploads',
      // the help tickets, for the vendor's support staff (QARAD_USER, decision 0073)
      'Support tickets',
      'Manufacturer regions',
      'Manufacturer languages',
      'Manufacturer translations',
      'Manufacturer layout',
    ]);
    await expect(menu.getByText('Access management')).toBeVisible();
    await expect(menu.getByText('Manufacturer management')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('shell-general-settings.png') });
    // the open menu focuses its first item; one step down is 'User groups'
    await expect(menu.getByRole('menuitem', { name: 'Roles' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/general-settings\/user-group$/);

    await page.getByTestId('menu-account').click();
    await expect(page.getByRole('menuitem')).toHaveText(['Settings', 'Password', 'Sign out']);
    await page.keyboard.press('Escape');
  });

  test('inside a business unit: breadcrumbs, switcher and the administration menu', async ({ page }, testInfo) => {
    await signIn(page, ADMIN.login, ADMIN.password);
    // the switcher lists at most 7 units: type to find one among many
    await page.getByRole('combobox', { name: 'Switch business unit' }).fill('Orthopaedics');
    await page.getByRole('option', { name: 'Orthopaedics' }).click();
    await expect(page).toHaveURL(/\/my-business-units\/\d+$/);
    await expect(page.getByTestId('breadcrumbs')).toContainText('Orthopaedics');
    await page.screenshot({ path: testInfo.outputPath('shell-business-unit.png'), fullPage: true });

    await page.getByTestId('menu-administration').click();
    await page.getByRole('menuitem', { name: 'Audit logs' }).click();
    await expect(page).toHaveURL(/\/my-business-units\/\d+\/administration\/audit-logs$/);
    await expect(page.getByTestId('breadcrumbs')).toContainText('Orthopaedics');

    // the home crumb leaves the business unit
    await page.getByTestId('breadcrumbs').getByRole('link', { name: 'My business units' }).click();
    await expect(page).toHaveURL(/\/my-business-units$/);
    await expect(page.getByTestId('menu-administration')).toHaveCount(0);
  });

  test('the viewer has no general-settings menu; administration holds only the archived data', async ({ page }) => {
    await signIn(page, VIEWER.login, VIEWER.password);
    await expect(page.getByTestId('menu-account')).toContainText('Vera Viewer');
    await expect(page.getByTestId('menu-general-settings')).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Switch business unit' }).click();
    await expect(page.getByRole('option')).toHaveText(['Orthopaedics']);
    await page.getByRole('option', { name: 'Orthopaedics' }).click();
    await expect(page.getByTestId('breadcrumbs')).toContainText('Orthopaedics');
    // a product and document reader sees the archived lot ranges and documents (spec 000: archived data) and what
    // retention keeps (decision 0070), not the audit logs
    await page.getByTestId('menu-administration').click();
    await expect(page.getByRole('menuitem')).toHaveText(['Archived lot ranges', 'Archived documents', 'Retention']);
    await expect(page.getByTestId('menu-backend-configuration')).toHaveCount(0);
  });

  test('a page without the right shows the not-authorized message', async ({ page }) => {
    await signIn(page, VIEWER.login, VIEWER.password);
    await page.goto('/general-settings/user-management');
    await expect(page.getByTestId('not-authorized')).toContainText('You are not authorized to access this page.');
    await expect(page.getByTestId('top-bar')).toBeVisible();
  });

  test('unknown paths show the 404 page, inside the shell when signed in', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toContainText('The page does not exist.');
    await expect(page.getByTestId('top-bar')).toHaveCount(0);

    await signIn(page, ADMIN.login, ADMIN.password);
    await page.goto('/general-settings/no-such-section');
    await expect(page.getByTestId('not-found')).toContainText('The page does not exist.');
    await expect(page.getByTestId('top-bar')).toBeVisible();
  });

  test("no dead ends: the footer's version leads to the release notes and 'Need help?' to help; the top bar links to the public website", async ({
    page,
  }) => {
    await signIn(page, ADMIN.login, ADMIN.password);
    const footer = page.getByTestId('shell-footer');
    await expect(footer.getByTestId('software-version')).toHaveText(/^Vellum \d+\.\d+\.\d+/);
    // validation records do not exist yet: nothing leads to them
    await expect(footer.getByRole('link')).toHaveCount(2);
    await expect(footer.getByRole('link', { name: /^Vellum \d+\.\d+\.\d+/ })).toHaveAttribute('href', '/general-settings/release-notes');
    await expect(footer.getByRole('link', { name: 'Need help?' })).toHaveAttribute('href', /^\/help/);
    const website = page.getByRole('link', { name: 'Public website (opens in a new tab)' });
    await expect(website).toHaveAttribute('target', '_blank');
    // the demo seed derives the address from PUBLIC_URL, which follows PORT
    const port = new URL(page.url()).port;
    await expect(website).toHaveAttribute('href', `http://localhost:${port}/site`);
  });
});
