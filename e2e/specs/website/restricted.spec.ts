import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { accessLinkFor, publishRestrictedUnit } from './restricted-support';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Restricted documents on the public website (issue 12, decision 0045), as a visitor without
 * JavaScript: the restricted document is not on the product page, its file is not there by URL;
 * the visitor asks for a link, opens it from the mail (the outbox), confirms, comes back to the
 * product and downloads the restricted file's exact bytes.
 */
test.use({ javaScriptEnabled: false });

test('a restricted document: hidden, then shown after the e-mail link, and downloaded', async ({ page, request }) => {
  test.setTimeout(120_000);
  const site = await publishRestrictedUnit(request);
  await page.goto(site.productUrl);
  await expect(page.getByRole('heading', { name: 'RST-1', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'IFU Pump leaflet', level: 2 })).toBeVisible();
  await expect(page.getByText('Pump service manual')).toHaveCount(0);
  await expect(page.getByText('SERVICE-1')).toHaveCount(0);
  // the file's URL, guessed with the product's context, is the 404 of a file that does not exist
  const guessed = await request.get(
    `/site/${site.unit.slug}/files/${site.files.secret}?product=${site.product.id}&country=be&language=en&audience=hcp`,
  );
  expect(guessed.status()).toBe(404);

  // ask for the link: the same answer whatever the address
  const form = page.getByRole('region', { name: 'Restricted documents' });
  await form.getByLabel('E-mail address').fill(site.member);
  await form.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail', level: 1 })).toBeVisible();

  // open it from the mail, confirm, and come back to the product
  await page.goto(await accessLinkFor(site.member));
  await expect(page.getByRole('heading', { name: 'Show restricted documents', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${site.productUrl}\\?_access=`));
  await expect(page.getByRole('heading', { name: 'IFU Pump service manual', level: 2 })).toBeVisible();
  await expect(page.getByText(`Restricted documents are shown for ${site.member}.`)).toBeVisible();

  // the restricted file: its confirmation, then its exact bytes
  // (the file's action says what it does, decision 0048)
  await page.getByRole('link', { name: /^Download PDF ?: Pump service manual EN/ }).click();
  await expect(page.getByRole('heading', { name: 'Download confirmation', level: 1 })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'I agree' }).click()]);
  const path = await download.path();
  expect(sha256(readFileSync(path))).toBe(sha256(site.bytes));

  // the used link cannot be used again
  await page.goto(await accessLinkFor(site.member));
  await expect(page.getByRole('heading', { name: 'This link cannot be used', level: 1 })).toBeVisible();
});
