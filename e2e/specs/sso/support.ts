import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { CLIENT_ID, CLIENT_SECRET } from '../../../apps/server/src/modules/sso/sso.test-support';
import { type Api, adminApi } from '../catalogue/support';
import { e2eServer } from '../e2e-server';

export { startTestProvider, type TestProvider } from '../../../apps/server/src/modules/sso/sso.test-support';

/**
 * Helpers of the single sign-on specs (issue 23): the server's public URL (the provider sends the
 * browser back there), the provider's dev login page, and what the specs change in the settings,
 * remembered before and put back after, whatever happened in between (the e2e database is shared).
 */

/** The spec's e2e server's public URL (playwright.config.ts sets each server's PUBLIC_URL to its own address); in a test or hook. */
export const publicUrl = (): string => e2eServer().url;

/** The demo manager: Cardiology only, no general settings. */
export const MANAGER = { login: 'manager@vellum.demo', name: 'Mia Manager' } as const;

/**
 * At the test provider's dev login page (any login works, the login is the e-mail): signs in as
 * `email` and confirms the consent page, which sends the browser back to the caller.
 */
export async function signInAtProvider(page: Page, issuer: string, email: string) {
  await expect(page).toHaveURL(new RegExp(`^${issuer.replace(/[.]/g, '\\.')}/`));
  await page.getByPlaceholder('Enter any login').fill(email);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * On the SSO settings screen: fills a configuration's form (`sso-admin` or `sso-public`) with the
 * test provider's issuer and client, switches it on when asked, saves it and waits until the secret
 * is stored. `beforeSave` looks at the filled form before it is saved. Answers the form.
 */
export async function saveSsoForm(
  page: Page,
  testId: 'sso-admin' | 'sso-public',
  issuer: string,
  { enable, beforeSave }: { enable: boolean; beforeSave?: (form: Locator) => Promise<void> },
): Promise<Locator> {
  const form = page.getByTestId(testId);
  await form.getByLabel('Domain (issuer URL)').fill(issuer);
  await form.getByLabel('Client ID').fill(CLIENT_ID);
  await form.getByLabel(/^Client secret/).fill(CLIENT_SECRET);
  if (enable) await form.getByRole('switch', { name: 'Enabled' }).check();
  await beforeSave?.(form);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId(`${testId}-secret-state`)).toHaveText('Set');
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  return form;
}

interface SsoConfig {
  kind: 'ADMIN' | 'PUBLIC' | 'CUSTOMER_API';
  domain: string;
  clientId: string;
  clientSecretSet: boolean;
  enabled: boolean;
  version: number;
}
type Settings = Record<string, unknown> & { authenticationMechanism: string; authenticationMechanismAdmin: string; version: number };

/** The sign-in mechanisms and one SSO configuration as they were before a spec changed them. */
export interface SsoState {
  kind: SsoConfig['kind'];
  mechanisms: Pick<Settings, 'authenticationMechanism' | 'authenticationMechanismAdmin'>;
  config: SsoConfig;
}

const configOf = async (api: Api, kind: SsoConfig['kind']) =>
  (await api.get<SsoConfig[]>('/api/manufacturer/own/sso-configs')).find((c) => c.kind === kind) as SsoConfig;

export async function rememberSsoState(request: APIRequestContext, kind: SsoConfig['kind']): Promise<SsoState> {
  const api = await adminApi(request);
  const { authenticationMechanism, authenticationMechanismAdmin } = await api.get<Settings>('/api/manufacturer/own/settings');
  return { kind, mechanisms: { authenticationMechanism, authenticationMechanismAdmin }, config: await configOf(api, kind) };
}

/**
 * Puts the mechanisms back first (the ADMIN configuration cannot be switched off while a mechanism
 * uses it), then the configuration; a secret that was not set before is removed again.
 */
export async function restoreSsoState(request: APIRequestContext, before: SsoState) {
  const api = await adminApi(request);
  const { softwareVersion: _v, ...settings } = await api.get<Settings>('/api/manufacturer/own/settings');
  if (
    settings.authenticationMechanism !== before.mechanisms.authenticationMechanism ||
    settings.authenticationMechanismAdmin !== before.mechanisms.authenticationMechanismAdmin
  ) {
    await api.put('/api/manufacturer/own/settings', { ...settings, ...before.mechanisms });
  }
  const now = await configOf(api, before.kind);
  const { domain, clientId, enabled, clientSecretSet } = before.config;
  if (now.domain === domain && now.clientId === clientId && now.enabled === enabled && now.clientSecretSet === clientSecretSet) return;
  await api.put('/api/manufacturer/own/sso-configs', [
    { kind: before.kind, domain, clientId, enabled, version: now.version, ...(clientSecretSet ? {} : { clientSecret: null }) },
  ]);
}

/**
 * Registers the spec's hooks that remember the mechanisms and `kind`'s configuration before its
 * tests and put them back after, whatever happened; answers what they were.
 */
export function keepSsoState(kind: SsoConfig['kind']): () => SsoState {
  let before: SsoState | undefined;
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: e2eServer().url });
    before = await rememberSsoState(request, kind);
    await request.dispose();
  });
  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: e2eServer().url });
    if (before) await restoreSsoState(request, before);
    await request.dispose();
  });
  return () => before as SsoState;
}
