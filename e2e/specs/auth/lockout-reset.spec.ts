import { expect, test } from '@playwright/test';
import { createOwnUser, resetLinkFor, signInViaUi } from './support';

// five failed sign-ins lock an account (the demo manufacturer's maxLoginAttempts)
const MAX_ATTEMPTS = 5;

test('wrong passwords lock the account silently; the right one then says locked; the mailed reset link unlocks it', async ({
  page,
  request,
}) => {
  const user = await createOwnUser(request, 'lockout');

  await page.goto('/login');
  // every wrong password, also the one that locks, answers like an unknown address would
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/authenticate'));
    await signInViaUi(page, user.login, `Wrong#pass${attempt}`);
    expect((await answer).status()).toBe(401);
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page.getByTestId('login-locked')).toBeHidden();
  }
  // the owner has been sent a reset link
  expect(await resetLinkFor(user.login)).toContain('/account/reset/finish?key=');
  // only the right password learns that the account is locked
  await signInViaUi(page, user.login, user.password);
  const locked = page.getByTestId('login-locked');
  await expect(locked).toContainText('User account is locked');

  // the locked message links to the password reset
  await locked.getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/reset\/forgot$/);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('E-mail is required')).toBeVisible();
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('This is not a valid e-mail address')).toBeVisible();
  await page.getByLabel('E-mail').fill(user.login);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('forgot-password-sent')).toBeVisible();

  const resetLink = await resetLinkFor(user.login);
  await page.goto(resetLink);
  const submit = page.getByRole('button', { name: 'Save new password' });
  await expect(submit).toBeDisabled();
  const newPassword = 'Renewed#2026';
  await page.getByLabel(/^New password(?! confirmation)/).fill('weak');
  await expect(submit).toBeDisabled();
  await expect(page.getByRole('list', { name: 'Password rules' }).getByText('At least 8 characters')).toBeVisible();
  await page.getByLabel(/^New password(?! confirmation)/).fill(newPassword);
  // a confirmation that differs says so, not only greying the button out
  await page.getByLabel(/^New password confirmation/).fill('Renewed#2027');
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel(/^New password confirmation/).fill(newPassword);
  await expect(page.getByText('Passwords must match')).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await submit.click();
  // success goes to /login, which says so (document 000 section 4)
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('reset-success')).toHaveText('Your password has been reset. You can now sign in with it.');

  // the key is used up: a second use answers 'no longer valid'
  await page.goto(resetLink);
  await page.getByLabel(/^New password(?! confirmation)/).fill('Another#2026');
  await page.getByLabel(/^New password confirmation/).fill('Another#2026');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByTestId('reset-key-invalid')).toContainText('no longer valid');

  await page.goto('/login');
  await signInViaUi(page, user.login, newPassword);
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await expect(page).toHaveURL(/\/my-business-units$/);
});

test('the forgot-password page answers the same for an unknown address', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('forgot-password-link').click();
  await page.getByLabel('E-mail').fill('nobody-here@e2e.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('forgot-password-sent')).toHaveText(
    'If an account exists for this e-mail address, you will receive an e-mail with a link to reset your password.',
  );
});

test('a reset link without a key says so', async ({ page }) => {
  await page.goto('/account/reset/finish');
  await expect(page.getByTestId('reset-key-missing')).toBeVisible();
});
