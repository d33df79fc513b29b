import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminApi, confirmWithCode, createUnit, pick, row, signIn } from '../catalogue/support';

/** The layout page's preview: the site's markup in a frame of its own (decision 0050). */
const preview = (page: Page) => page.frameLocator('iframe[title="Preview of the public website"]');

// each test walks the manufacturer-wide screen and a unit that inherits from it
test.describe.configure({ timeout: 150_000 });

/**
 * The manufacturer-wide website configuration (unit 0, general settings → Website): what a unit
 * without its own regions, languages or layout takes. Each test puts the manufacturer's
 * configuration back as it found it, since every other test shares it.
 */
test('manufacturer regions: a region set for every unit is inherited by a unit without its own', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-mregion');
  await signIn(page, ADMIN.login, ADMIN.password);

  // through the general settings menu, to the website regions tab
  await page.goto('/my-business-units');
  await page.getByTestId('menu-general-settings').click();
  await page.getByTestId('menu-manufacturer-regions').click();
  await expect(page).toHaveURL('/general-settings/manufacturer-regions/interface');
  await page.getByRole('link', { name: 'New region' }).click();
  await page.getByLabel('Name').fill('E2E Benelux');
  const countries = page.getByRole('combobox', { name: 'Countries' });
  await pick(page, countries, 'Belgium (BE)', 'belg');
  await pick(page, countries, 'Luxembourg (LU)', 'LU');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/general-settings/manufacturer-regions/interface');
  await expect(row(page, 'Website regions', 'E2E Benelux')).toContainText('Belgium, Luxembourg');

  // the document regions are a tab of their own, with their own list
  await page.getByRole('tab', { name: 'Document regions' }).click();
  await expect(page).toHaveURL('/general-settings/manufacturer-regions/document');
  await expect(row(page, 'Document regions', 'E2E Benelux')).toHaveCount(0);

  // a unit without regions of its own shows the manufacturer's, marked inherited
  await page.goto(`/my-business-units/${unit.id}/website-configuration/region`);
  await expect(page.getByText('This business unit has no regions of its own')).toBeVisible();
  await expect(row(page, 'Website regions', 'E2E Benelux')).toContainText('Inherited');

  // removed with the 4-digit confirmation: the unit no longer shows it
  await page.goto('/general-settings/manufacturer-regions/interface');
  await page.getByRole('button', { name: 'Delete E2E Benelux' }).click();
  await confirmWithCode(page);
  await expect(row(page, 'Website regions', 'E2E Benelux')).toHaveCount(0);
  const inherited = await api.get<{ name: string }[]>(`/api/interface-regions?business-unit=${unit.id}`);
  expect(inherited.map((r) => r.name)).not.toContain('E2E Benelux');
});

test('manufacturer languages: a new unit starts with the manufacturer-wide document languages', async ({ page, request }) => {
  const api = await adminApi(request);
  const before = (await api.get<{ isoCode: string }[]>('/api/document-languages')).map((l) => l.isoCode);
  test.skip(before.includes('it'), 'the manufacturer already offers Italian');
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/my-business-units');
  await page.getByTestId('menu-general-settings').click();
  await page.getByTestId('menu-manufacturer-languages').click();
  await expect(page).toHaveURL('/general-settings/manufacturer-languages');

  const documents = page.getByTestId('document-languages');
  await expect(documents.getByRole('checkbox').first()).toBeVisible({ timeout: 45_000 });
  await documents.getByLabel('Filter languages').fill('Italian');
  await documents.getByRole('checkbox', { name: 'Italian Italiano', exact: true }).check();
  await documents.getByTestId('document-languages-save').click();
  await expect(documents.getByTestId('document-languages-save')).toBeDisabled();

  try {
    // a unit created now starts with the list; it then keeps its own
    const unit = await createUnit(api, 'e2e-mlang');
    const unitLanguages = await api.get<{ isoCode: string }[]>(`/api/document-languages?business-unit=${unit.id}`);
    expect(unitLanguages.map((l) => l.isoCode)).toContain('it');
    await page.goto(`/my-business-units/${unit.id}/backend-configuration/language-group`);
    const unitDocuments = page.getByTestId('document-languages');
    await expect(unitDocuments.getByRole('checkbox').first()).toBeVisible({ timeout: 45_000 });
    await unitDocuments.getByLabel('Filter languages').fill('Italian');
    await expect(unitDocuments.getByRole('checkbox', { name: 'Italian Italiano', exact: true })).toBeChecked();
  } finally {
    await api.put('/api/document-languages', before);
  }
});

test('manufacturer layout: its colour and footer are what a unit without its own shows', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-mlayout');
  const layoutBefore = await api.get<Record<string, unknown>>('/api/business-units/0/layout');
  const footerBefore = await api.get<unknown[]>('/api/footer-items?business-unit=0');
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/my-business-units');
  await page.getByTestId('menu-general-settings').click();
  await page.getByTestId('menu-manufacturer-layout').click();
  await expect(page).toHaveURL('/general-settings/manufacturer-layout');

  try {
    await page.getByRole('textbox', { name: /Main colour/ }).fill('#0000ff');
    await page.keyboard.press('Escape');
    await expect(preview(page).getByTestId('preview-header')).toHaveCSS('background-color', 'rgb(0, 0, 255)');
    await page.getByRole('button', { name: 'Save colours' }).click();
    await expect.poll(async () => (await api.get<{ mainColor: string }>('/api/business-units/0/layout')).mainColor).toBe('#0000ff');
    const add = page.getByRole('button', { name: 'Add footer item' });
    await add.click();
    const n = footerBefore.length + 1;
    await page.getByRole('textbox', { name: `Text ${n}` }).fill('E2E manufacturer imprint');
    await page.getByRole('textbox', { name: `Public URL ${n}` }).fill('https://example.com/manufacturer-imprint');
    await page.getByRole('button', { name: 'Save footer' }).click();
    await expect
      .poll(async () => (await api.get<{ text: string }[]>('/api/footer-items?business-unit=0')).map((i) => i.text))
      .toContain('E2E manufacturer imprint');

    // the unit's layout screen previews the inherited values and says so
    await page.goto(`/my-business-units/${unit.id}/website-configuration/layout`);
    await expect(preview(page).getByTestId('preview-header')).toHaveCSS('background-color', 'rgb(0, 0, 255)');
    await expect(page.getByText("No footer items of its own: the manufacturer's footer is shown.")).toBeVisible();
    await expect(preview(page).getByTestId('preview-footer')).toContainText('E2E manufacturer imprint');
  } finally {
    const { inherited: _i, effective: _e, logoUrl: _l, ...values } = layoutBefore;
    const current = await api.get<{ version: number }>('/api/business-units/0/layout');
    await api.put('/api/business-units/layout', { ...values, version: current.version });
    if (footerBefore.length) await api.put('/api/footer-items?business-unit=0', footerBefore);
    else await api.delete('/api/footer-items?business-unit=0', 204);
  }
});
