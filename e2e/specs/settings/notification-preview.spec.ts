import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, signIn } from '../auth/support';
import { e2eServer } from '../e2e-server';

/** The outbox mails addressed to `to` whose text contains `text`. */
function mailsTo(to: string, text: string): string[] {
  const { outbox } = e2eServer();
  try {
    return readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(outbox, f), 'utf8'))
      .filter((m) => m.includes(`To: ${to}`) && m.includes(text));
  } catch {
    return [];
  }
}

/**
 * general-settings → notification preview (issue 24): the administrator opens it from the menu,
 * reads an e-mail's HTML and text, switches e-mail, and sends one to their own address.
 */
test('a notification previewed and sent to oneself', async ({ page }) => {
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/notification-preview');
  await expect(page.getByRole('heading', { level: 1, name: 'Notification preview' })).toBeVisible();
  await expect(page.getByTestId('notification-subject')).toHaveText('Your Vellum account');
  const frame = page.frameLocator('iframe[title="The e-mail\'s HTML version"]');
  await expect(frame.getByRole('link', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page, 'notification preview');

  await page.getByRole('button', { name: 'Account locked' }).click();
  await expect(page.getByTestId('notification-subject')).toHaveText('Your Vellum account is locked');
  await expect(page.getByTestId('notification-text-body')).toContainText('203.0.113.7');
  const before = mailsTo(ADMIN.login, 'Your Vellum account is locked').length;
  await page.getByRole('button', { name: 'Send to me' }).click();
  await expect(page.getByText(`The sample was sent to ${ADMIN.login}.`)).toBeVisible();
  await expect.poll(() => mailsTo(ADMIN.login, 'Your Vellum account is locked').length).toBe(before + 1);

  await page.getByRole('button', { name: 'Export ready', exact: true }).click();
  await expect(page.getByText('This e-mail is sent as plain text only.')).toBeVisible();
  await expectAccessible(page, 'notification preview, text only');
});
