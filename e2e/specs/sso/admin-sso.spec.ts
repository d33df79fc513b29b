import { expect, test } from '@playwright/test';
import { e2eServer } from '../e2e-server';
import { ADMIN, pick, signIn, signOut, unique } from '../settings/support';
import { keepSsoState, MANAGER, publicUrl, saveSsoForm, signInAtProvider, startTestProvider, type TestProvider } from './support';

/**
 * Single sign-on of the administration (issue 23, decision 0071), against a real OpenID provider
 * started here: the admin configures the ADMIN configuration and the authorization code flow in the
 * screens, signs out; the manager signs in through the provider's login page and lands in the
 * admin with their own rights; an e-mail Vellum does not know ends in 'SSO Login Failed'. The
 * admin sign-in (/admin-login) keeps the password, so the admin puts the settings back in the screens.
 */
let provider: TestProvider;

// whatever happens below: password sign-in again for the specs that follow
const stateBefore = keepSsoState('ADMIN');

test.beforeAll(async () => {
  provider = await startTestProvider(`${publicUrl()}/login/callback`);
});

test.afterAll(async () => {
  await provider?.close();
});

test('the admin configures single sign-on; the manager signs in through the provider with their rights', async ({ page }) => {
  test.slow();
  await signIn(page, ADMIN.login, ADMIN.password);
  const generalSettings = page.getByTestId('menu-general-settings');
  await expect(generalSettings).toBeVisible();

  // general settings → SSO settings: the ADMIN configuration
  await generalSettings.click();
  await page.getByRole('menuitem', { name: 'SSO settings' }).click();
  await expect(page).toHaveURL(/\/general-settings\/manufacturer-sso-settings$/);
  await expect(page.getByText(`${e2eServer().url}/login/callback`)).toBeVisible();
  const form = await saveSsoForm(page, 'sso-admin', provider.issuer, { enable: true });
  await expect(form.getByLabel(/^Client secret/)).toHaveValue('');

  // general settings → manufacturer settings: staff sign in through the provider, administrators keep the password
  await generalSettings.click();
  await page.getByRole('menuitem', { name: 'Manufacturer settings' }).click();
  const mechanism = page.getByRole('combobox', { name: 'Sign-in mechanism', exact: true });
  await pick(page, mechanism, 'Single sign-on (authorization code flow)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The manufacturer settings are saved.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Admin sign-in mechanism' })).toHaveValue('E-mail and password');

  // signed out, the sign-in page offers the provider instead of the password
  await signOut(page);
  await expect(page.getByTestId('sso-sign-in')).toBeVisible();
  await expect(page.getByTestId('login-form')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await signInAtProvider(page, provider.issuer, MANAGER.login);

  // back in the admin as the manager: Cardiology only, no general settings
  await expect(page).toHaveURL(/\/my-business-units$/);
  await expect(page.getByTestId('menu-account')).toContainText(MANAGER.name);
  await expect(page.getByRole('main').getByRole('link', { name: 'Cardiology' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Orthopaedics')).toHaveCount(0);
  await expect(generalSettings).toHaveCount(0);
  await page.goto('/general-settings/manufacturer-sso-settings');
  await expect(page.getByTestId('not-authorized')).toBeVisible();

  // someone the provider knows but Vellum does not: refused, and signed in as nobody
  await page.goto('/logout');
  await expect(page.getByTestId('sso-sign-in')).toBeVisible();
  // the provider forgets the manager's session there (another person at the same browser)
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await signInAtProvider(page, provider.issuer, `${unique('stranger')}@e2e.test`);
  await expect(page).toHaveURL(/\/login\/callback\?/);
  await expect(page.getByTestId('sso-failed')).toHaveText('SSO Login Failed');
  await expect(page.getByTestId('top-bar')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('vellum-authenticationToken'))).toBeNull();
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('sso-sign-in')).toBeVisible();

  // the admin signs in with the password on /admin-login and puts the password sign-in back
  await page.goto('/admin-login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByLabel('E-mail').fill(ADMIN.login);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/my-business-units$/);
  await page.goto('/general-settings/manufacturer-settings');
  await pick(page, mechanism, 'E-mail and password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The manufacturer settings are saved.')).toBeVisible();

  // and switches the ADMIN configuration off again, its secret removed
  const before = stateBefore();
  await page.goto('/general-settings/manufacturer-sso-settings');
  await form.getByRole('switch', { name: 'Enabled' }).uncheck();
  await form.getByLabel('Domain (issuer URL)').fill(before.config.domain);
  await form.getByLabel('Client ID').fill(before.config.clientId);
  if (!before.config.clientSecretSet) await form.getByRole('checkbox', { name: 'Remove the stored secret' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByTestId('sso-admin-secret-state')).toHaveText(before.config.clientSecretSet ? 'Set' : 'Not set');

  await page.goto('/logout');
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('"Test sign-in" reports in a new tab what the provider answered, before the configuration is enabled, and signs nobody in', async ({
  page,
}) => {
  test.slow();
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/manufacturer-sso-settings');
  const form = await saveSsoForm(page, 'sso-admin', provider.issuer, {
    enable: false,
    // unsaved changes are not what a test would run: saved first
    beforeSave: (filled) => expect(filled.getByRole('button', { name: 'Test sign-in' })).toBeDisabled(),
  });
  await expect(form.getByRole('switch', { name: 'Enabled' })).not.toBeChecked();

  const opened = page.waitForEvent('popup');
  await form.getByRole('button', { name: 'Test sign-in' }).click();
  const tab = await opened;
  await signInAtProvider(tab, provider.issuer, MANAGER.login);
  await expect(tab).toHaveURL(/\/general-settings\/manufacturer-sso-settings\/test-result$/);
  const report = tab.getByTestId('sso-test-report');
  await expect(report).toHaveAttribute('data-outcome', 'signIn');
  await expect(report.getByRole('status')).toHaveText(`The sign-in works: it would sign in ${MANAGER.login}.`);
  await expect(report.getByRole('row', { name: /E-mail verified/ })).toContainText('Yes');
  await expect(report.getByRole('row', { name: /^Issuer/ })).toContainText(provider.issuer);
  // nobody was signed in: the tab is still the admin's
  await expect(tab.getByTestId('menu-general-settings')).toBeVisible();
  await tab.getByRole('link', { name: 'Back to SSO settings' }).click();
  await expect(tab).toHaveURL(/\/general-settings\/manufacturer-sso-settings$/);
  await tab.close();

  // an e-mail Vellum does not know: the reason a sign-in would give
  const again = page.waitForEvent('popup');
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await form.getByRole('button', { name: 'Test sign-in' }).click();
  const second = await again;
  await signInAtProvider(second, provider.issuer, `${unique('stranger')}@e2e.test`);
  await expect(second.getByTestId('sso-test-report')).toHaveAttribute('data-outcome', 'unknownUser');
  await expect(second.getByRole('alert')).toContainText('no Vellum user has this e-mail address');
  await second.close();
});
