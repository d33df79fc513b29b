import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminApi, confirmWithCode, createProduct, createProductType, createUnit, row, signIn } from '../catalogue/support';

/** The number a count card of the publish page shows for one state. */
const count = (page: Page, card: 'Products' | 'Documents' | 'Files', state: 'UNPUBLISHED' | 'SCHEDULED' | 'PUBLISHED') =>
  page.getByRole('region', { name: card, exact: true }).getByTestId(`count-${state}`);

/** Publishes from the publish page with the confirmation code and waits for the new live publication. */
async function publish(page: Page, liveNumber: number) {
  await expect(page.getByTestId('publish-button')).toBeEnabled();
  await page.getByTestId('publish-button').click();
  await expect(page.getByRole('dialog').getByTestId('publish-summary')).toBeVisible();
  await confirmWithCode(page, 'Publish');
  await expect(row(page, 'Publications', `#${liveNumber}`)).toContainText('Live');
}

/**
 * Publishing through the back office (issue 11): a unit the test sets up through the API (a website
 * region with countries, languages, a searchable product type and a product) but leaves inactive.
 * The publish page names the problem with a link to where it is fixed; once fixed there, the unit
 * publishes with the confirmation code, the counts move from unpublished to published, a second
 * publish follows a new product, and restoring the first publication adds a new live entry.
 */
test('publish: readiness, publish with the code, counts, history and restore', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-publish');
  await api.post('/api/interface-regions', { businessUnitId: unit.id, name: 'Benelux', countryIds: ['BE', 'NL', 'LU'] });
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en']);
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en']);
  const type = await createProductType(api, unit.id, [{ name: 'Model', searchTypeHCP: 'SEARCHABLE_EXACT' }]);
  await createProduct(api, type, 'PUB-1', { Model: 'First' });
  // the problem the page must name: an inactive unit cannot be published
  const { logoUrl: _logo, ...settings } = await api.get<Record<string, unknown>>(`/api/business-units/${unit.id}`);
  await api.put('/api/business-units', { ...settings, active: false });

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}`);
  await page.getByTestId('link-publish').click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/publish$`));
  await expect(page.getByRole('heading', { name: 'Publish', level: 1 })).toBeVisible();

  // readiness: the inactive unit blocks publishing, with a link to where it is fixed
  await expect(page.getByText('Not ready to publish')).toBeVisible();
  const problem = page.getByTestId('publish-problem').filter({ hasText: 'This business unit is inactive' });
  await expect(problem).toHaveAttribute('data-severity', 'ERROR');
  await expect(page.getByTestId('publish-button')).toBeDisabled();
  await expect(count(page, 'Products', 'UNPUBLISHED')).toHaveText('1');
  await expect(count(page, 'Products', 'PUBLISHED')).toHaveText('0');

  // fix it where the link leads: the unit's settings
  await problem.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/general-settings/business-unit/${unit.id}/edit`));
  await page.getByRole('switch', { name: /^Active/ }).check({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).not.toHaveURL(/\/edit$/);

  // ready now: publish with the code; the product moves from unpublished to published
  await page.goto(`/my-business-units/${unit.id}/publish`);
  await expect(page.getByText('Ready to publish')).toBeVisible();
  await expect(page.getByText('This business unit has not been published yet.')).toBeVisible();
  await page.getByRole('button', { name: /Show the products a publish will change/ }).click();
  await expect(row(page, 'Unpublished and scheduled products', 'PUB-1')).toContainText('Unpublished');

  // preview as a visitor (decision 0042): a new tab shows the site as a publish now would, with a
  // banner; nothing is live yet, and the draft keeps its dates
  const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('preview-button').click()]);
  await expect(preview).toHaveURL(new RegExp(`/site/_preview/${unit.slug}$`));
  await expect(preview.getByRole('region', { name: 'Preview' })).toContainText('what the next publish would show');
  await preview.goto(`/site/_preview/${unit.slug}/be/en/hcp/${type.slug}/PUB-1`);
  await expect(preview.getByRole('heading', { level: 1 })).toContainText('PUB-1');
  expect((await preview.request.get(`/site/${unit.slug}`)).status()).toBe(404);
  await preview.getByRole('link', { name: 'Leave the preview' }).click();
  await expect(preview).toHaveURL(new RegExp(`/site/${unit.slug}$`));
  await preview.close();
  await expect(count(page, 'Products', 'UNPUBLISHED')).toHaveText('1');

  await publish(page, 1);
  await expect(count(page, 'Products', 'UNPUBLISHED')).toHaveText('0');
  await expect(count(page, 'Products', 'PUBLISHED')).toHaveText('1');
  await expect(page.getByRole('table', { name: 'Unpublished and scheduled products' })).toContainText(
    'No product is unpublished or scheduled.',
  );

  // a new product, published again: publication #2 is live, and it says what it added
  await createProduct(api, type, 'PUB-2', { Model: 'Second' });
  await page.reload();
  await expect(count(page, 'Products', 'UNPUBLISHED')).toHaveText('1');
  await publish(page, 2);
  await expect(count(page, 'Products', 'PUBLISHED')).toHaveText('2');
  await expect(row(page, 'Publications', '#1')).not.toContainText('Live');
  await page.getByRole('button', { name: 'Show changes of #2' }).click();
  await expect(page.getByTestId('publication-changes')).toContainText('PUB-2');

  // restore the first publication: a new live entry, #3, restoring #1; the history keeps #1 and #2
  await page.getByRole('button', { name: 'Restore #1' }).click();
  await expect(page.getByRole('dialog')).toContainText('shows again what publication #1 held');
  await confirmWithCode(page, 'Restore');
  await expect(row(page, 'Publications', '#3')).toContainText('Live');
  await expect(row(page, 'Publications', '#3')).toContainText('Restore of #1');
  await expect(row(page, 'Publications', '#2')).not.toContainText('Live');
  // the header, #3, #2 (with its changes still open below it) and #1
  const history = page.getByRole('table', { name: 'Publications' });
  for (const n of ['#1', '#2', '#3']) await expect(history.getByRole('row', { name: new RegExp(`^${n} `) })).toHaveCount(1);
  await expect(page.getByTestId('publication-changes')).toContainText('PUB-2');
  // a restore does not touch the draft, but the live publication no longer holds PUB-2: it is not
  // called published, and the page says the live publication differs from the current state, and
  // how (decision 0051)
  await expect(count(page, 'Products', 'PUBLISHED')).toHaveText('1');
  await expect(count(page, 'Products', 'UNPUBLISHED')).toHaveText('1');
  await expect(page.getByTestId('restored-notice')).toContainText('publication #3, a restore of publication #1');
  await expect(page.getByTestId('publish-changes')).toContainText('PUB-2');
});

/**
 * A unit whose only change since its live publication is a colour (decision 0051): the publish
 * page names the change in words and publishes it; afterwards nothing is left to change.
 */
test('publish: a layout-only change is listed and published', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-publish-layout');
  await api.post('/api/interface-regions', { businessUnitId: unit.id, name: 'Benelux', countryIds: ['BE'] });
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en']);
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en']);
  const type = await createProductType(api, unit.id, [{ name: 'Model', searchTypeHCP: 'SEARCHABLE_EXACT' }]);
  await createProduct(api, type, 'LAYOUT-1', { Model: 'One' });
  await api.post('/api/publish', { businessUnitId: unit.id });
  const {
    inherited: _i,
    effective: _e,
    logoUrl: _l,
    ...layout
  } = await api.get<Record<string, unknown>>(`/api/business-units/${unit.id}/layout`);
  await api.put('/api/business-units/layout', { ...layout, mainColor: '#0b5394' });

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/publish`);
  await expect(page.getByText('Ready to publish')).toBeVisible();
  const changes = page.getByTestId('publish-changes');
  await expect(changes.getByTestId('site-changes')).toHaveText('Layout: Main colour');
  await expect(changes).toContainText('Compared with the live publication #1');
  // the counts have nothing unpublished: the change is the layout's alone
  await expect(count(page, 'Products', 'UNPUBLISHED')).toHaveText('0');
  await expect(count(page, 'Products', 'PUBLISHED')).toHaveText('1');
  await page.getByTestId('publish-button').click();
  await expect(page.getByRole('dialog').getByTestId('publish-summary')).toContainText('changes on the website: Layout;');
  await confirmWithCode(page, 'Publish');
  await expect(row(page, 'Publications', '#2')).toContainText('Live');
  await expect(page.getByTestId('publish-changes-none')).toHaveText('A publish now changes nothing on the public website.');
  await page.getByRole('button', { name: 'Show changes of #2' }).click();
  await expect(page.getByTestId('publication-changes').getByTestId('site-changes')).toHaveText('Layout: Main colour');
});
