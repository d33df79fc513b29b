import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN } from '../auth/support';
import { businessUnitId, signIn } from './support';

/**
 * Demo mode (spec 001 §2, §4; decision 0072): the administrator views the admin as the demo seed's
 * "Orthopaedics viewers" group, sees only Orthopaedics and no edit buttons, exits, and is back.
 */
test('demo mode: view the admin as the viewers group, read-only, then exit', async ({ page, request }) => {
  const orthopaedics = await businessUnitId(request, 'orthopaedics');
  await signIn(page, ADMIN.login, ADMIN.password);
  const units = page.getByRole('main').getByRole('listitem');
  await page.goto('/my-business-units');
  await expect(units.filter({ hasText: 'Cardiology' })).toHaveCount(1);

  await page.goto('/account/settings');
  const section = page.getByTestId('account-demo-mode');
  await expect(section).toBeVisible();
  await expectAccessible(page, 'account settings with demo mode');
  await section.getByRole('combobox', { name: 'User group' }).fill('Orthopaedics');
  await page.getByRole('option', { name: 'Orthopaedics viewers' }).click();
  await section.getByRole('button', { name: 'Start demo' }).click();

  // the admin reloads as the group sees it, with the banner on every page
  const banner = page.getByRole('region', { name: 'Demo mode' });
  await expect(banner).toContainText('Demo: viewing as Orthopaedics viewers');
  await page.goto('/my-business-units');
  await expect(banner).toBeVisible();
  await expect(units).toHaveCount(1);
  await expect(units.first()).toContainText('Orthopaedics');
  await expectAccessible(page, 'business units in demo mode');

  await page.goto(`/my-business-units/${orthopaedics}/product-types`);
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add product type' })).toHaveCount(0);
  await expect(page.getByTestId('menu-general-settings')).toHaveCount(0);

  // exit: the original session is back, with every unit and the edit buttons
  await banner.getByRole('button', { name: 'Exit demo' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await page.goto(`/my-business-units/${orthopaedics}/product-types`);
  await expect(page.getByRole('link', { name: 'Add product type' })).toBeVisible();
  await page.goto('/my-business-units');
  await expect(units.filter({ hasText: 'Cardiology' })).toHaveCount(1);
});
