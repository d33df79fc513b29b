import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, signIn, unique, VIEWER } from '../auth/support';
import { e2eServer } from '../e2e-server';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The outbox mails whose text contains `text`. */
function mailsWith(text: string): string[] {
  const { outbox } = e2eServer();
  try {
    return readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(outbox, f), 'utf8'))
      .filter((m) => m.includes(text));
  } catch {
    return [];
  }
}

/**
 * Help (spec 000 §2, §3; decision 0073): a user opens "Need help?" from a page of the admin, sends
 * a ticket with a screenshot, gets its number and sees it open; support (QARAD_USER) reads and
 * closes it; the requester sees it closed.
 */
test('a ticket with an attachment, from the footer to support and back', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const subject = unique('ticket');
  await signIn(page, VIEWER.login, VIEWER.password);
  await page.goto('/my-business-units/1');
  await page.getByTestId('footer-need-help').click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Need help?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/my-business-units/1');

  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByRole('textbox', { name: 'Description' }).fill('The home page shows no products.\nSince this morning.');
  await page.locator('input[type="file"]').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Send ticket' }).click();
  const success = page.getByTestId('help-success');
  await expect(success).toContainText("Ticket created! We're on it!");
  const number = /#(\d+)/.exec((await success.textContent()) ?? '')?.[1];
  expect(number).toBeTruthy();
  await expect(page.getByTestId('help-attachment-warning')).toHaveCount(0);
  const own = page.getByRole('table', { name: 'Your tickets' }).getByRole('row').filter({ hasText: subject });
  await expect(own).toContainText('Open');

  // mailed to support (the outbox), the attachment in a mail of its own
  await expect.poll(() => mailsWith(`[Vellum ticket #${number}]`).length).toBeGreaterThanOrEqual(2);
  expect(mailsWith(`[Vellum ticket #${number}]`).some((m) => m.includes('name=screen.png'))).toBe(true);

  // Go Back returns to the page the form was opened from
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/my-business-units\/1$/);

  // support reads and closes it
  const context = await browser.newContext();
  const supportPage = await context.newPage();
  await signIn(supportPage, ADMIN.login, ADMIN.password);
  await supportPage.goto('/general-settings/tickets');
  const row = supportPage.getByRole('table', { name: 'Support tickets' }).getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('screen.png');
  await expect(row).toContainText('/my-business-units/1');
  await row.getByRole('button', { name: `Close ticket #${number}` }).click();
  await supportPage.getByRole('dialog').getByRole('button', { name: 'Close ticket' }).click();
  await expect(row).toHaveCount(0);
  await context.close();

  await page.goto('/help');
  await expect(page.getByRole('link', { name: 'Go Back' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Your tickets' }).getByRole('row').filter({ hasText: subject })).toContainText('Closed');
});

/** Release notes (spec 000 §2, §3): the footer's version opens them, newest version first, the running one marked. */
test('the release notes from the footer', async ({ page }) => {
  await signIn(page, VIEWER.login, VIEWER.password);
  await page.goto('/my-business-units/1');
  const version = page.getByTestId('software-version');
  await expect(version).toHaveText(/^Vellum \d+\.\d+\.\d+/);
  const running = ((await version.textContent()) ?? '').replace('Vellum ', '').trim();
  await version.click();
  await expect(page).toHaveURL(/\/general-settings\/release-notes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Release notes' })).toBeVisible();
  await expect(page.getByTestId('known-bugs').getByRole('listitem').first()).toBeVisible();
  const first = page.getByTestId('release').first();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText(`Version ${running}`);
  await expect(first.getByText('Running')).toBeVisible();
  await expect(first.getByRole('heading', { level: 3, name: 'Added' })).toBeVisible();
  expect(await page.getByTestId('release').count()).toBeGreaterThan(1);
});
