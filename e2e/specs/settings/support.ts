import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { login: 'admin@vellum.demo', password: 'Admin#2026' } as const;

/** A name no other test (or earlier run) uses: lowercase letters, digits and hyphens. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs in from /login and waits for the business-unit list. */
export async function signIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(login);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/my-business-units$/);
}

export async function signOut(page: Page) {
  await page.getByTestId('menu-account').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Retypes the code the confirmation dialog shows, then confirms. */
export async function confirmWithCode(page: Page, confirmLabel = 'Delete') {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const code = (await dialog.getByTestId('confirmation-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[1-9]\d{3}$/);
  const confirm = dialog.getByRole('button', { name: confirmLabel });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Confirmation code').fill(code === '1000' ? '1001' : '1000');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Confirmation code').fill(code);
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(dialog).toBeHidden();
}

/** Picks an option of a Mantine Select or MultiSelect, typing to search first. */
export async function pick(page: Page, input: Locator, option: string | RegExp, search?: string) {
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** Types into a list's search box and waits until the list shows only the matching rows. */
export async function search(page: Page, box: string, table: string, text: string, rows = 1) {
  await page.getByRole('searchbox', { name: box }).fill(text);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('table', { name: table }).getByRole('row')).toHaveCount(rows + 1);
}

/** The table row (of the named table) that contains the text. */
export function row(page: Page, table: string, text: string | RegExp) {
  return page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
}

export async function apiToken(request: APIRequestContext, login: string, password: string): Promise<string> {
  const res = await request.post('/api/authenticate', { data: { username: login, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id_token as string;
}

/** The id of a business unit by slug, as the admin sees it. */
export async function businessUnitId(request: APIRequestContext, slug: string): Promise<number> {
  const token = await apiToken(request, ADMIN.login, ADMIN.password);
  const res = await request.get('/api/business-units', { headers: { Authorization: `Bearer ${token}` } });
  const unit = ((await res.json()) as { id: number; slug: string }[]).find((u) => u.slug === slug);
  expect(unit, `business unit ${slug}`).toBeTruthy();
  return unit!.id;
}

/** A tiny valid PNG (1x1 pixel). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
