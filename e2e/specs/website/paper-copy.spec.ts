import { expect, type Page, test } from '@playwright/test';
import { ADMIN, row, signIn } from '../catalogue/support';
import { publishedUnitWithFile } from './paper-copy-support';

/** The visitor's way to a product on the site: choose Belgium, French, healthcare professional, then find it by key code. */
async function openProduct(page: Page, slug: string, keyCode: string) {
  await page.goto(`/site/${slug}`);
  await page.getByLabel('Choose your country').selectOption('be');
  await page.getByLabel('Choose your language').selectOption('fr');
  await page.getByRole('radio', { name: 'Healthcare professional' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${slug}/be/fr/hcp$`));
  await page.getByRole('main').getByRole('link').first().click();
  await page.getByRole('textbox').first().fill(keyCode);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: keyCode })).toBeVisible();
}

/**
 * A free paper copy (EU 2021/2226, decision 0044), asked for on the public website with
 * JavaScript off: the visitor finds the product, opens the form from the file, is told what to
 * correct, sends it and sees the confirmation; the team then sees the request in administration →
 * paper-copy-requests with its days left, marks it sent, and sees when and by whom.
 */
test('paper copy: requested without JavaScript, then marked sent in the admin', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(120_000);
  const site = await publishedUnitWithFile(request, 'e2e-paper');
  const visitorContext = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const visitor = await visitorContext.newPage();

  await openProduct(visitor, site.unit.slug, site.keyCode);
  await visitor.getByRole('link', { name: /^Request a free paper copy\s*: Notice FR$/ }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Request a free paper copy' })).toBeVisible();
  await expect(visitor.getByRole('main')).toContainText(site.documentNumber);
  await expect(visitor.getByLabel('Country')).toHaveValue('BE');
  await expect(visitor.getByLabel('Language of the copy')).toHaveValue('fr');

  // sent incomplete: the server names the field, keeps what was typed
  await visitor.getByLabel('Your name').fill('Camille Dubois');
  await visitor.getByRole('button', { name: 'Send request' }).click();
  await expect(visitor.getByRole('alert')).toContainText('Please correct the fields marked below.');
  await expect(visitor.getByLabel('Street and number')).toHaveAttribute('aria-invalid', 'true');
  await expect(visitor.getByLabel('Your name')).toHaveValue('Camille Dubois');

  await visitor.getByLabel('Street and number').fill('Rue de la Loi 16');
  await visitor.getByLabel('Postcode').fill('1000');
  await visitor.getByLabel('City').fill('Bruxelles');
  await visitor.getByLabel('E-mail address').fill('camille.dubois@example.com');
  // a person takes a few seconds to fill the form: one sent sooner is refused (decision 0044)
  await visitor.waitForTimeout(3_500);
  await visitor.getByRole('button', { name: 'Send request' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Your request has been received' })).toBeVisible();
  await expect(visitor.getByRole('main')).toContainText('within 7 days');
  await expect(visitor.getByRole('main')).toContainText('We have sent a confirmation to your e-mail address.');
  await visitorContext.close();

  // the team's side
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${site.unit.id}`);
  await page.getByTestId('menu-administration').click();
  await page.getByRole('menuitem', { name: 'Paper copy requests' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${site.unit.id}/administration/paper-copy-requests`));
  const request1 = row(page, 'Paper copy requests', site.documentNumber);
  await expect(request1).toContainText('7 days left');
  await expect(request1).toContainText('Camille Dubois');
  await expect(request1).toContainText('1000 Bruxelles');
  await request1.getByRole('button', { name: `Mark ${site.documentNumber} for Camille Dubois as sent` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('confirm-address')).toContainText('Rue de la Loi 16');
  await dialog.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(dialog).toHaveCount(0);
  await page.locator('label[for$="-sent"]').click();
  await expect(page).toHaveURL(/state=sent/);
  const sent = row(page, 'Paper copy requests', site.documentNumber);
  await expect(sent).toContainText(`by ${ADMIN.login}`);
  await expect(sent).toContainText(String(new Date().getFullYear()));
});
