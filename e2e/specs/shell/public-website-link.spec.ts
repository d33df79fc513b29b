import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from '../catalogue/support';
import { publishedUnitWithFile } from '../website/paper-copy-support';

/**
 * The top bar's "Public website" (document 000 §2, decision 0051): on a business unit's pages it
 * opens that unit's website, not the manufacturer's address alone (which answered 404); elsewhere
 * the manufacturer-wide entry.
 */
test('the public website link opens the current unit’s site', async ({ page, request }) => {
  test.setTimeout(120_000);
  const site = await publishedUnitWithFile(request, 'e2e-site-link');
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${site.unit.id}/publish`);
  const link = page.getByRole('link', { name: `Public website of ${site.unit.displayName} (opens in a new tab)` });
  await expect(link).toHaveAttribute('href', `/site/${site.unit.slug}`);
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(tab).toHaveURL(new RegExp(`/site/${site.unit.slug}$`));
  const answer = await tab.request.get(`/site/${site.unit.slug}`);
  expect(answer.status()).toBe(200);
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  await tab.close();

  // without a unit: the manufacturer-wide entry
  await page.goto('/general-settings/user-management');
  const { url } = await site.api.get<{ url: string }>('/api/manufacturer/own/public-website-url');
  await expect(page.getByRole('link', { name: 'Public website (opens in a new tab)' })).toHaveAttribute('href', url);
});
