import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, signIn } from '../auth/support';
import { adminApi, createUnit } from '../catalogue/support';

/**
 * The website statistics of a unit whose site nobody downloaded from yet (issue 12): reached from
 * the Administration menu, the last 30 days by default, the empty state, no export, a range from
 * the picker kept in the address; accessible with the picker open and shut.
 */
test('website statistics: menu, empty range, date picker, accessible', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-stats');
  const stats = await api.get<{ total: number }>(`/api/document-downloads/stats?business-unit=${unit.id}`);
  expect(stats.total).toBe(0);

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}`);
  await page.getByTestId('menu-administration').click();
  await page.getByRole('menuitem', { name: 'Website statistics' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/administration/website-stats$`));
  await expect(page.getByRole('heading', { name: 'Website statistics', level: 1 })).toBeVisible();
  await expect(page.getByTestId('downloads-total')).toContainText('0 downloads from');
  await expect(page.getByText('No downloads in this date range.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expectAccessible(page, 'website statistics');

  await page.getByRole('button', { name: /Date range/ }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toBeVisible();
  await expectAccessible(page, 'website statistics with the date picker');
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('downloads-total')).toContainText('0 downloads from');
});
