import { expect, test } from '@playwright/test';
import { businessUnitId, signIn } from './support';

const VIEWER = { login: 'viewer@vellum.demo', password: 'Viewer#2026' } as const;
const NOT_AUTHORIZED = 'You are not authorized to access this page.';

/**
 * The demo viewer holds rights in Orthopaedics only. Opening another unit's address says once, in
 * place, that it is not allowed (no toast repeating it), and the breadcrumb invents no name.
 */
test('another business unit’s pages: the 403 in place, once, and no invented breadcrumb', async ({ page, request }) => {
  const cardiology = await businessUnitId(request, 'cardiology');
  const orthopaedics = await businessUnitId(request, 'orthopaedics');
  await signIn(page, VIEWER.login, VIEWER.password);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });

  // its own unit is named in the breadcrumb
  await page.goto(`/my-business-units/${orthopaedics}`);
  await expect(breadcrumb).toContainText('Orthopaedics');

  for (const path of [`/my-business-units/${cardiology}`, `/my-business-units/${cardiology}/administration/audit-logs`]) {
    await page.goto(path);
    await expect(page.getByText(NOT_AUTHORIZED).first()).toBeVisible();
    // a toast would come with the failed call itself; give it the time to show
    await page.waitForTimeout(500);
    await expect(page.getByText(NOT_AUTHORIZED)).toHaveCount(1);
    await expect(breadcrumb).not.toContainText('Business unit');
    await expect(breadcrumb).not.toContainText('Cardiology');
    await expect(breadcrumb.getByRole('link', { name: 'My business units' })).toBeVisible();
  }
});
