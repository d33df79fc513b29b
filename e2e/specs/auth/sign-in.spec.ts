import { expect, test } from '@playwright/test';
import { ADMIN, createOwnUser, signIn, signInViaUi } from './support';

test.describe('sign-in and sign-out', () => {
  test('the demo admin signs in, sees the shell, and signs out', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await signInViaUi(page, ADMIN.login, ADMIN.password);

    await expect(page).toHaveURL(/\/my-business-units$/);
    await expect(page.getByTestId('top-bar')).toBeVisible();
    await expect(page.getByTestId('brand-name')).toHaveText('Acme Medical');
    await expect(page.getByTestId('menu-account')).toContainText('Ada Admin');
    await expect(page.getByTestId('software-version')).toHaveText(/^Vellum \d+\.\d+\.\d+/);

    const token = await page.evaluate(() => sessionStorage.getItem('vellum-authenticationToken'));
    await page.getByTestId('menu-account').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
    // the session ended on the server too
    const after = await page.request.get('/api/account', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
    expect(await page.evaluate(() => ({ ...localStorage, ...sessionStorage }))).not.toHaveProperty('vellum-authenticationToken');

    // the session is gone: a guarded page sends back to sign-in
    await page.goto('/account/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the failure message', async ({ page }) => {
    await page.goto('/login');
    await signInViaUi(page, ADMIN.login, 'Not-the-password#1');
    await expect(page.getByTestId('login-error')).toHaveText('Failed to sign in! Please check your credentials and try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('e-mail and password are required', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('E-mail is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('remember me keeps the token in localStorage, otherwise sessionStorage', async ({ page }) => {
    await page.goto('/login');
    await signInViaUi(page, ADMIN.login, ADMIN.password, { rememberMe: true });
    await expect(page.getByTestId('top-bar')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('vellum-authenticationToken'))).toBeTruthy();
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);

    await signInViaUi(page, ADMIN.login, ADMIN.password);
    await expect(page.getByTestId('top-bar')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('vellum-authenticationToken'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('vellum-authenticationToken'))).toBeTruthy();
  });

  test('the guard sends to /login and returns to the remembered page after sign-in', async ({ page }) => {
    await page.goto('/general-settings/role');
    await expect(page).toHaveURL(/\/login$/);
    await signInViaUi(page, ADMIN.login, ADMIN.password);
    await expect(page).toHaveURL(/\/general-settings\/role$/);
    await expect(page.getByTestId('top-bar')).toBeVisible();
  });

  test('/admin-login has the admin heading', async ({ page }) => {
    await page.goto('/admin-login');
    await expect(page.getByRole('heading', { name: 'Sign in - Admin' })).toBeVisible();
    await signInViaUi(page, ADMIN.login, ADMIN.password);
    await expect(page.getByTestId('top-bar')).toBeVisible();
  });

  test('/ stores an id_token from the query and goes home; without one it goes to /login', async ({ page, request }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);

    const res = await request.post('/api/authenticate', { data: { username: ADMIN.login, password: ADMIN.password } });
    const token = (await res.json()).id_token as string;
    await page.goto(`/?id_token=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(/\/my-business-units$/);
    await expect(page.getByTestId('top-bar')).toBeVisible();
  });

  test('a session ended on the server sends to /login with a message', async ({ page }) => {
    await signIn(page, ADMIN.login, ADMIN.password);
    const token = await page.evaluate(() => sessionStorage.getItem('vellum-authenticationToken'));
    // end the session behind the app's back, then use the app
    await page.request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
    // the switcher lists at most 7 units: type to find one among many
    await page.getByRole('combobox', { name: 'Switch business unit' }).fill('Cardiology');
    await page.getByRole('option', { name: 'Cardiology' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your session is no longer active. Please log in again.')).toBeVisible();
  });

  test('a technical account is signed out at once: it may only use the API', async ({ page, request }) => {
    const user = await createOwnUser(request, 'technical', 'Machine#2026', { technicalAccount: true });
    await page.goto('/login');
    await signInViaUi(page, user.login, user.password);
    await expect(page.getByText('This is a technical account: it can only use the API, not the admin portal.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('top-bar')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('vellum-authenticationToken'))).toBeNull();
  });
});
