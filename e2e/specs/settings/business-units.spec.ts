import { expect, test } from '@playwright/test';
import { ADMIN, confirmWithCode, PNG_1PX, row, search, signIn, unique } from './support';

test('business units: create, edit every section, upload a logo, see the home and the audit log, delete', async ({ page }, testInfo) => {
  const slug = unique('e2e-unit');
  const name = `E2E ${slug.slice(-6)}`;
  await signIn(page, ADMIN.login, ADMIN.password);

  // create
  await page.goto('/general-settings/business-unit');
  await page.screenshot({ path: testInfo.outputPath('business-units-list.png') });
  await page.getByRole('link', { name: 'Create business unit' }).click();
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Slug').fill('No Spaces!');
  await page.getByLabel('Main colour').fill('#12345');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('At least 3 characters: lowercase letters, digits and hyphens')).toBeVisible();
  await expect(page.getByText('Invalid HEX color')).toBeVisible();
  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('Main colour').fill('#0f766e');
  await page.getByLabel('Header title').fill('Instructions for use');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/general-settings\/business-unit\/\d+\/edit$/);
  const id = Number(/business-unit\/(\d+)\/edit/.exec(page.url())?.[1]);

  // the slug is read-only once created
  await expect(page.getByLabel('Slug')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Slug')).toHaveValue(slug);

  // the look of an existing unit is edited on its layout screen: shown here read-only, with a link
  await expect(page.getByLabel('Main colour')).toHaveValue('#0f766e');
  await expect(page.getByLabel('Main colour')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Header title')).toHaveValue('Instructions for use');
  await expect(page.getByRole('link', { name: 'Open the layout' })).toHaveAttribute(
    'href',
    `/my-business-units/${id}/website-configuration/layout`,
  );

  // edit: layout, search and files
  await page.getByRole('switch', { name: 'One-column layout' }).check();
  await page.getByRole('switch', { name: 'Document search', exact: true }).check();
  await page.getByText('Replace', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Replace' })).toBeChecked();
  await page.getByRole('combobox', { name: 'Latest version shown per' }).click();
  await page.getByRole('option', { name: 'Version' }).click();

  // logo: only PNG, JPEG and SVG
  const chooser = page.locator('input[type="file"]');
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('Only PNG, JPEG and SVG files are allowed')).toBeVisible();
  await chooser.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
  await page.getByRole('button', { name: 'Upload: Logo' }).click();
  await expect(page.getByRole('button', { name: 'Upload: Logo' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();

  await page.screenshot({ path: testInfo.outputPath('business-unit-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/general-settings\/business-unit$/);
  await search(page, 'Search name or slug', 'Business units', slug);
  await expect(row(page, 'Business units', slug)).toContainText(name);

  // the changes were stored
  await row(page, 'Business units', slug).getByRole('link', { name, exact: true }).click();
  await expect(page.getByLabel('Main colour')).toHaveValue('#0f766e');
  await expect(page.getByRole('switch', { name: 'One-column layout' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Latest version shown per' })).toHaveValue('Version');

  // the home shows the cards, zero is a number
  await page.getByRole('link', { name: 'Open home' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const counts = page.getByRole('region', { name: 'Object counts' });
  await expect(counts).toContainText('Products');
  await expect(counts).toContainText('HCP language files');
  await expect(counts.getByTestId('stat-tile').first()).toContainText('0');
  await expect(page.getByRole('region', { name: 'Orphans' })).toContainText('Product groups');
  await expect(page.getByRole('region', { name: 'Publish status' })).toContainText('Scheduled products');
  await expect(page.getByRole('region', { name: 'Public website statistics' })).toContainText('Downloads this month');
  await page.screenshot({ path: testInfo.outputPath('business-unit-home.png') });

  // the audit log of the unit lists the changes
  await page.getByRole('link', { name: 'Audit logs' }).click();
  const logRows = page.getByRole('table', { name: 'Audit logs' }).getByRole('row');
  await expect(logRows.filter({ hasText: 'CREATE' })).toHaveCount(1);
  await expect(logRows.filter({ hasText: 'LOGO' })).toHaveCount(1);
  await expect(logRows.filter({ hasText: 'UPDATE' }).first()).toContainText(ADMIN.login);
  await logRows
    .filter({ hasText: 'UPDATE' })
    .first()
    .getByRole('button', { name: /Show the changes/ })
    .click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes).toContainText('bulkImportType');
  await expect(changes).toContainText('REPLACE');
  await page.screenshot({ path: testInfo.outputPath('business-unit-audit-log.png'), fullPage: true });

  // delete with the confirmation code (found by search: other specs' units may push it past the first page)
  await page.goto('/general-settings/business-unit');
  await search(page, 'Search name or slug', 'Business units', slug);
  await row(page, 'Business units', slug)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await confirmWithCode(page);
  await expect(row(page, 'Business units', slug)).toHaveCount(0);
  await page.goto('/my-business-units');
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
});
