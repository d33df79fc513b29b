import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../catalogue/support';
import { e2eServer } from '../e2e-server';
import { ADMIN, row, search, signIn, signOut, unique } from '../settings/support';

/**
 * An SSO-only user (issue 23): the admin marks a colleague "Single sign-on only" on the user's edit
 * page; the colleague's password sign-in is then refused with the screen's message (they are to
 * sign in through the organisation's provider); the admin switches it off again and the password
 * works again. The colleague is this spec's own user (the demo users are never changed), removed at the end.
 */
const colleague = { login: `${unique('sso-only')}@e2e.test`, password: 'Colleague#2026', id: 0 };

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: e2eServer().url });
  const api = await adminApi(request);
  const user = await api.post<{ id: number }>('/api/users', {
    login: colleague.login,
    email: colleague.login,
    firstName: 'Sam',
    lastName: 'Single',
    password: colleague.password,
    userGroupIds: [],
  });
  colleague.id = user.id;
  await request.dispose();
});

test.afterAll(async ({ playwright }) => {
  if (!colleague.id) return;
  const request = await playwright.request.newContext({ baseURL: e2eServer().url });
  await (await adminApi(request)).delete(`/api/users/${colleague.id}`);
  await request.dispose();
});

async function openColleague(page: Page) {
  await page.getByTestId('menu-general-settings').click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await search(page, 'Search login, name or e-mail', 'Users', colleague.login);
  await row(page, 'Users', colleague.login).getByRole('link', { name: colleague.login, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Edit user ${colleague.login}` })).toBeVisible();
}

async function signInWithPassword(page: Page) {
  await page.getByLabel('E-mail').fill(colleague.login);
  await page.getByRole('textbox', { name: 'Password' }).fill(colleague.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the admin makes a user SSO-only: the password is refused until the admin switches it off', async ({ page }) => {
  test.slow();
  // the colleague signs in with the password, as any user
  await signIn(page, colleague.login, colleague.password);
  await signOut(page);

  // the admin marks the colleague SSO-only
  await signIn(page, ADMIN.login, ADMIN.password);
  await openColleague(page);
  const ssoOnly = page.getByRole('switch', { name: 'Single sign-on only' });
  await expect(ssoOnly).not.toBeChecked();
  await expect(page.getByText('password sign-in and password reset are refused')).toBeVisible();
  await ssoOnly.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/general-settings\/user-management$/);
  await search(page, 'Search login, name or e-mail', 'Users', colleague.login);
  await expect(row(page, 'Users', colleague.login)).toContainText('SSO only');
  await signOut(page);

  // the right password no longer signs the colleague in
  await signInWithPassword(page);
  await expect(page.getByTestId('login-sso-only')).toHaveText(
    "This account signs in only through your organisation's single sign-on, not with a password.",
  );
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('top-bar')).toHaveCount(0);

  // the admin switches it off again
  await signIn(page, ADMIN.login, ADMIN.password);
  await openColleague(page);
  await expect(ssoOnly).toBeChecked();
  await ssoOnly.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/general-settings\/user-management$/);
  await search(page, 'Search login, name or e-mail', 'Users', colleague.login);
  await expect(row(page, 'Users', colleague.login)).not.toContainText('SSO only');
  await signOut(page);

  // and the password works again
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/my-business-units$/);
  await expect(page.getByTestId('menu-account')).toContainText('Sam Single');
});
