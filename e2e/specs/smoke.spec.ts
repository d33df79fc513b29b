import { expect, test } from '@playwright/test';

test('the admin app loads', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#root')).not.toBeEmpty();
});
