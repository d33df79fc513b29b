import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminApi, confirmWithCode, createUnit, pick, row, signIn } from '../catalogue/support';

/** The number a tile of a business-unit home card shows. */
const tile = (page: Page, card: string, label: string) =>
  page
    .getByRole('region', { name: card })
    .getByTestId('stat-tile')
    .filter({ has: page.getByText(label, { exact: true }) });

/** Ticks languages ([English name, native name]) in a language box, finding each through the box's filter. */
async function tick(page: Page, box: string, names: [string, string][]) {
  const panel = page.getByTestId(box);
  for (const [name, native] of names) {
    await panel.getByLabel('Filter languages').fill(name);
    await panel.getByRole('checkbox', { name: `${name} ${native}`, exact: true }).check();
  }
  await panel.getByLabel('Filter languages').fill('');
}

/**
 * A website team configures a unit: a region of countries picked by continent, the website and
 * document languages, a language group of document languages; the home counts them and the region
 * goes with the 4-digit confirmation.
 */
test('regions and languages: a region with countries, website and document languages, a language group', async ({ page, request }) => {
  // many steps through the real server: more than the default minute on a busy machine
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-web');
  const base = `/my-business-units/${unit.id}`;
  await signIn(page, ADMIN.login, ADMIN.password);

  // a website region of two countries, found by name and by ISO code
  await page.goto(base);
  await page.getByTestId('menu-website-configuration').click();
  await page.getByRole('menuitem', { name: 'Website regions' }).click();
  await expect(page).toHaveURL(`${base}/website-configuration/region`);
  await page.getByRole('link', { name: 'New region' }).click();
  await page.getByLabel('Name').fill('DACH');
  const countries = page.getByRole('combobox', { name: 'Countries' });
  await pick(page, countries, 'Germany (DE)', 'germ');
  await pick(page, countries, 'Austria (AT)', 'AT');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`${base}/website-configuration/region`);
  await expect(row(page, 'Website regions', 'DACH')).toContainText('Austria, Germany');

  // a second region cannot take Germany: the server's message lands on the countries field
  await page.getByRole('link', { name: 'New region' }).click();
  await page.getByLabel('Name').fill('Central');
  await pick(page, countries, 'Germany (DE)', 'germ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('DE already belongs to the region DACH. A country belongs to only one region.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${base}/website-configuration/region`);

  // website languages: German beside English, which cannot be removed
  await page.goto(`${base}/website-configuration/language`);
  const website = page.getByTestId('interface-languages');
  // every known language loads and renders as a checkbox: slow on a busy machine
  await expect(website.getByRole('checkbox', { name: 'English English', exact: true })).toBeDisabled({ timeout: 45_000 });
  await tick(page, 'interface-languages', [['German', 'Deutsch']]);
  await website.getByRole('switch', { name: 'Show ISO codes' }).check();
  await expect(website.getByTestId('interface-languages-selected')).toContainText('English (en), German (de)');
  await website.getByTestId('interface-languages-save').click();
  await expect(website.getByTestId('interface-languages-save')).toBeDisabled();
  const saved = await api.get<{ isoCode: string }[]>(`/api/interface-languages?business-unit=${unit.id}`);
  expect(saved.map((l) => l.isoCode).sort()).toEqual(['de', 'en']);

  // document languages, then a language group of them
  await page.goto(`${base}/backend-configuration/language-group`);
  const documents = page.getByTestId('document-languages');
  await tick(page, 'document-languages', [
    ['Danish', 'Dansk'],
    ['Swedish', 'Svenska'],
    ['Finnish', 'Suomi'],
    ['Norwegian', 'Norsk'],
  ]);
  await documents.getByTestId('document-languages-save').click();
  await expect(documents.getByTestId('document-languages-selected')).toContainText('4 languages selected');
  await expect(documents.getByTestId('document-languages-save')).toBeDisabled();
  await page.getByRole('link', { name: 'New language group' }).click();
  await page.getByLabel('Name').fill('Nordic');
  const languages = page.getByRole('combobox', { name: 'Languages' });
  for (const [name, code] of [
    ['Danish', 'da'],
    ['Swedish', 'sv'],
    ['Norwegian', 'no'],
    ['Finnish', 'fi'],
  ])
    await pick(page, languages, `${name} (${code})`, name.slice(0, 4));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`${base}/backend-configuration/language-group`);
  await expect(row(page, 'Language groups', 'Nordic')).toContainText('Danish, Finnish, Norwegian, Swedish');

  // the home counts them, and its tiles open their screens
  await page.goto(base);
  await expect(tile(page, 'Website configuration', 'Website regions')).toContainText('1');
  await expect(tile(page, 'Website configuration', 'Website languages')).toContainText('2');
  await expect(tile(page, 'Website configuration', 'Document languages')).toContainText('4');
  await expect(tile(page, 'Website configuration', 'Language groups')).toContainText('1');
  await tile(page, 'Website configuration', 'Website regions').click();
  await expect(page).toHaveURL(`${base}/website-configuration/region`);

  // the region goes with the 4-digit confirmation
  await page.getByRole('button', { name: 'Delete DACH' }).click();
  await confirmWithCode(page);
  await expect(row(page, 'Website regions', 'DACH')).toHaveCount(0);
});
