import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { e2eServer } from '../e2e-server';

export const ADMIN = { login: 'admin@vellum.demo', password: 'Admin#2026' } as const;
export const VIEWER = { login: 'viewer@vellum.demo', password: 'Viewer#2026' } as const;

/** A name no other test (or earlier run) uses. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function signInViaUi(page: Page, login: string, password: string, opts: { rememberMe?: boolean } = {}) {
  await page.getByLabel('E-mail').fill(login);
  await page.getByLabel(/^Password/).fill(password);
  if (opts.rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from /login and waits for the shell and its page (pages load when first opened, decision 0017). */
export async function signIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await signInViaUi(page, login, password);
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
}

export async function apiToken(request: APIRequestContext, login: string, password: string): Promise<string> {
  const res = await request.post('/api/authenticate', { data: { username: login, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id_token as string;
}

/** A user of this test's own (never lock or change the demo users), created through the API by the admin. */
export async function createOwnUser(
  request: APIRequestContext,
  prefix: string,
  password = 'Start#2026x',
  extra: Record<string, unknown> = {},
) {
  const token = await apiToken(request, ADMIN.login, ADMIN.password);
  const login = `${unique(prefix)}@e2e.test`;
  const res = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { login, email: login, firstName: 'E2E', lastName: prefix, password, userGroupIds: [], ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { login, password };
}

/** Decodes quoted-printable: soft line breaks and =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The path and query of the reset link in the newest mail to `to` (the mail's host is the configured public URL). */
export async function resetLinkFor(to: string): Promise<string> {
  const { outbox } = e2eServer();
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = (() => {
          try {
            return readdirSync(outbox).filter((f) => f.endsWith('.eml'));
          } catch {
            return [];
          }
        })().sort();
        for (const file of files.reverse()) {
          const mail = decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8'));
          if (!mail.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
          const link = /https?:\/\/[^\s"<>]+\/account\/reset\/finish\?key=[A-Za-z0-9_%-]+/.exec(mail)?.[0];
          if (link) {
            found = link;
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000, message: `a reset mail to ${to}` },
    )
    .toBe(true);
  const url = new URL(found!);
  return `${url.pathname}${url.search}`;
}
