import { expect, type Page, test } from '@playwright/test';
import { ADMIN, apiToken, signIn } from '../auth/support';
import { PNG_1PX } from '../settings/support';

/** Every request of the page that failed (status 400 or more) and every console error, from now on. */
function recordFailures(page: Page) {
  const failures: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failures.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') failures.push(`console: ${msg.text()}`);
  });
  return failures;
}

const PAGES = [
  '/my-business-units',
  '/my-business-units/1',
  '/my-business-units/1/product-types',
  '/general-settings/user-management',
  '/general-settings/manufacturer-settings',
  '/account/settings',
];

async function visitAll(page: Page) {
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
}

// one test, in this order: the demo data has no manufacturer logo, the second half stores one
test('a normal page makes no failing request, without and with a manufacturer logo', async ({ page, request }) => {
  await signIn(page, ADMIN.login, ADMIN.password);
  expect((await (await request.get('/api/manufacturer/own/name')).json()).logoUrl).toBeNull();
  const withoutLogo = recordFailures(page);
  await visitAll(page);
  await expect(page.getByTestId('brand-logo')).toHaveCount(0);
  expect(withoutLogo).toEqual([]);
  page.removeAllListeners('response');
  page.removeAllListeners('console');

  const token = await apiToken(request, ADMIN.login, ADMIN.password);
  const res = await request.post('/api/manufacturer/own/logo', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX } },
  });
  expect(res.status()).toBe(200);
  const failures = recordFailures(page);
  await visitAll(page);
  const logo = page.getByTestId('brand-logo');
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(failures).toEqual([]);
});
