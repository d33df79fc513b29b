import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { e2eServer } from '../e2e-server';
import { ADMIN, signIn } from '../settings/support';
import { publishRestrictedUnit } from '../website/restricted-support';
import { keepSsoState, publicUrl, saveSsoForm, signInAtProvider, startTestProvider, type TestProvider } from './support';

/**
 * Restricted documents through the manufacturer's identity provider (issue 23, decision 0075), as
 * a visitor on a phone without JavaScript: the admin enables the PUBLIC configuration in the SSO
 * settings; the visitor follows "Sign in with …" beside the e-mail form, signs in at the provider
 * with an address of the restricted group, comes back to the product and downloads the restricted
 * file's exact bytes. The configuration is put back afterwards.
 */
test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let provider: TestProvider | undefined;
keepSsoState('PUBLIC');

test.afterAll(async () => {
  await provider?.close();
});

test('a visitor signs in through the identity provider and downloads a restricted document', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const site = await publishRestrictedUnit(request);
  // the provider knows the unit's callback as the client's redirect URI
  provider = await startTestProvider(`${publicUrl()}/site/${site.unit.slug}/_access/_sso/callback`);

  // before: the e-mail form only
  await page.goto(site.productUrl);
  const access = page.getByRole('region', { name: 'Restricted documents' });
  await expect(access.getByLabel('E-mail address')).toBeVisible();
  await expect(access.getByRole('link', { name: /^Sign in with/ })).toHaveCount(0);

  // the admin, on a desktop with JavaScript (the admin is a script app), enables the PUBLIC configuration
  const adminContext = await browser.newContext({
    baseURL: e2eServer().url,
    javaScriptEnabled: true,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN.login, ADMIN.password);
    await admin.goto('/general-settings/manufacturer-sso-settings');
    await saveSsoForm(admin, 'sso-public', provider.issuer, { enable: true });
  } finally {
    await adminContext.close();
  }

  // the visitor: the restricted document is not there, "Sign in with …" is
  await page.reload();
  await expect(page.getByRole('heading', { name: 'RST-1', level: 1 })).toBeVisible();
  await expect(page.getByText('Pump service manual')).toHaveCount(0);
  await access.getByRole('link', { name: `Sign in with ${new URL(provider.issuer).host}` }).click();

  // at the provider as a member of the restricted group, and back on the product
  await signInAtProvider(page, provider.issuer, site.member);
  await expect(page).toHaveURL(new RegExp(`${site.productUrl}\\?_access=`));
  await expect(page.getByRole('heading', { name: 'IFU Pump service manual', level: 2 })).toBeVisible();
  await expect(page.getByText(`Restricted documents are shown for ${site.member}.`)).toBeVisible();

  // the restricted file: its confirmation, then its exact bytes
  await page.getByRole('link', { name: /^Download PDF ?: Pump service manual EN/ }).click();
  await expect(page.getByRole('heading', { name: 'Download confirmation', level: 1 })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'I agree' }).click()]);
  expect(sha256(readFileSync(await download.path()))).toBe(sha256(site.bytes));
});
