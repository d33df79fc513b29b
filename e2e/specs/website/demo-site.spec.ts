import { readFileSync } from 'node:fs';
import { type Browser, expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, signIn } from '../catalogue/support';
import { businessUnitId } from '../settings/support';

/** Vita 100's GTIN-13 (GS1's example prefix 952), the product the README offers to scan: DEMO_GTIN of the demo seed. */
const GTIN = '9520123456788';
const ROOT = '/site/cardiology';

const visitor = async (browser: Browser) => (await browser.newContext({ acceptDownloads: true, locale: 'en-GB' })).newPage();

/**
 * The newcomer's first hour (issue 19, decision 0052): right after `npm start` on a fresh data
 * folder the demo's Cardiology site is published. A visitor in Belgium who reads French finds a
 * pacemaker and downloads its French leaflet, a real PDF; the GS1 link printed on its box opens it;
 * the sitemap screen prints its label.
 */
test('the demo site works out of the box: Belgium, French, HCP, a pacemaker, its French leaflet as a PDF', async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto(ROOT);
  await page.getByLabel('Choose your country').selectOption('be');
  await page.getByLabel('Choose your language').selectOption('fr');
  await page.getByLabel('Healthcare professional').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`${ROOT}/be/fr/hcp$`));

  await page.getByRole('main').getByRole('link', { name: 'Pacemakers' }).click();
  await expect(page).toHaveURL(new RegExp(`${ROOT}/be/fr/hcp/pacemakers$`));
  await page.locator('input[name="keyCode"]').fill(GTIN);
  await page.locator('input[name="keyCode"]').press('Enter');
  await expect(page).toHaveURL(new RegExp(`${ROOT}/be/fr/hcp/pacemakers/${GTIN}$`));
  await expect(page.getByRole('main')).toContainText('Vita 100');
  await expect(page.getByRole('main')).toContainText("Notice d'utilisation (français)");
  await expectAccessible(page, 'the demo product page');

  // the leaflet: its confirmation, then the file, a PDF
  await page.getByRole('main').locator('a[href*="/files/"]').first().click();
  await expect(page.getByRole('main')).toContainText("Notice d'utilisation (français)");
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('a[href*="/download"]').first().click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await page.context().close();
});

test('the GS1 link of a demo pacemaker opens it, and the sitemap screen prints its label', async ({ browser, page, request }) => {
  // a first visit goes through the chooser, which comes back to the product
  const scan = await visitor(browser);
  await scan.goto(`${ROOT}/01/0${GTIN}`);
  await expect(scan).toHaveURL(new RegExp(`${ROOT}\\?gs1=`));
  await scan.getByLabel('Choose your country').selectOption('be');
  await scan.getByLabel('Choose your language').selectOption('fr');
  await scan.getByRole('button', { name: 'Next' }).click();
  await expect(scan).toHaveURL(new RegExp(`${ROOT}/be/fr/hcp/pacemakers/${GTIN}$`));
  await expect(scan.getByRole('main')).toContainText('Vita 100');
  // the choice remembered, the link goes straight to the product
  await scan.goto(`${ROOT}/01/${GTIN}`);
  await expect(scan).toHaveURL(new RegExp(`${ROOT}/be/fr/hcp/pacemakers/${GTIN}$`));
  await scan.context().close();

  const unit = await businessUnitId(request, 'cardiology');
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit}/administration/sitemap`);
  // the product's row, and the rows of the documents whose first product it is
  const table = page.getByRole('table', { name: 'Sitemap' });
  await expect(table.getByRole('row').filter({ hasText: `${GTIN} (Pacemakers)` })).toContainText(`${ROOT}/01/0${GTIN}`);
  await page.locator('label', { hasText: 'Print labels' }).click();
  await expect(page.getByRole('region', { name: 'Label sheet' })).toContainText(`(01)0${GTIN}`);
});
