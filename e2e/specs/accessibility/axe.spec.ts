import { expect, test } from '@playwright/test';
import { ADMIN, signIn, signInViaUi } from '../auth/support';
import { adminApi, createProduct, createProductType, createUnit, productGroupsUrl, productsUrl } from '../catalogue/support';
import { createDocument } from '../documents/files-support';
import { publishedUnitWithFile } from '../website/paper-copy-support';
import { accessLinkFor, publishRestrictedUnit } from '../website/restricted-support';
import { expectAccessible } from './support';

test('sign-in and reset pages are accessible', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page, 'login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('E-mail is required')).toBeVisible();
  await expectAccessible(page, 'login with field errors');
  await signInViaUi(page, 'nobody@e2e.test', 'Wrong#2026');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'login failed');
  await page.goto('/admin-login');
  await expectAccessible(page, 'admin login');
  await page.goto('/account/reset/forgot');
  await expectAccessible(page, 'forgot password');
  await page.goto('/account/reset/finish/some-key');
  await expectAccessible(page, 'new password');
});

test('the main back-office screens are accessible', async ({ page }) => {
  // two dozen screens scanned: more than the default minute on a busy machine
  test.setTimeout(240_000);
  await signIn(page, ADMIN.login, ADMIN.password);
  for (const [what, path] of [
    ['business units', '/my-business-units'],
    ['business-unit home', '/my-business-units/1'],
    ['orphan products of a unit', '/my-business-units/1/product-management/products?orphans=true'],
    ['orphan product groups of a unit', '/my-business-units/1/product-management/product-groups?orphans=true'],
    ['users', '/general-settings/user-management'],
    ['user form', '/general-settings/user-management/new'],
    ['roles', '/general-settings/role'],
    ['role form', '/general-settings/role/new'],
    ['user groups', '/general-settings/user-group'],
    ['user group form', '/general-settings/user-group/new'],
    ['business-unit list', '/general-settings/business-unit'],
    ['business-unit form', '/general-settings/business-unit/new'],
    ['business-unit settings', '/general-settings/business-unit/1/edit'],
    ['manufacturer settings', '/general-settings/manufacturer-settings'],
    ['manufacturer SSO settings', '/general-settings/manufacturer-sso-settings'],
    ['configuration export', '/general-settings/config-export'],
    ['notification preview', '/general-settings/notification-preview'],
    ['qualification documents', '/general-settings/qualification-documents'],
    ['audit logs', '/my-business-units/1/administration/audit-logs'],
    ['sitemap', '/my-business-units/1/administration/sitemap'],
    ['retention', '/my-business-units/1/administration/retention'],
    ['account', '/account/settings'],
    ['password', '/account/password'],
    ['not found', '/no-such-page'],
  ] as const) {
    await page.goto(path);
    await expectAccessible(page, what);
  }
});

test('the help screens and release notes are accessible, with a ticket sent and listed', async ({ page }) => {
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/my-business-units/1');
  await page.getByTestId('footer-need-help').click();
  await expect(page.getByRole('table', { name: 'Your tickets' })).toBeVisible();
  // scanned once loaded (a loader's label is not a subject of the scan)
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expectAccessible(page, 'help');
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await expect(page.getByText('Enter a subject.')).toBeVisible();
  await expectAccessible(page, 'help with field errors');
  await page.getByRole('textbox', { name: 'Subject' }).fill('Accessibility check');
  await page.getByRole('textbox', { name: 'Description' }).fill('A ticket sent by the accessibility scan.');
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await expect(page.getByTestId('help-success')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your tickets' })).toContainText('Accessibility check');
  await expectAccessible(page, 'help after sending');
  await page.goto('/general-settings/tickets');
  await expect(page.getByRole('table', { name: 'Support tickets' })).toContainText('Accessibility check');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expectAccessible(page, 'support tickets');
  await page.getByTestId('software-version').click();
  await expect(page.getByTestId('release').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expectAccessible(page, 'release notes');
});

test('the switcher, a dialog and forms with errors are accessible', async ({ page }) => {
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/user-management');
  await page.getByRole('combobox', { name: 'Business unit' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page, 'business-unit switcher');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  for (const menu of ['menu-general-settings', 'menu-account']) {
    await page.getByTestId(menu).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, menu);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  // opened and cancelled: nothing is deleted
  await page.getByRole('button', { name: 'Delete auditor@vellum.demo' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'delete confirmation');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('link', { name: ADMIN.login, exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Login' })).toHaveValue(ADMIN.login);
  await expectAccessible(page, 'user edit');

  for (const [what, path] of [
    ['user form with errors', '/general-settings/user-management/new'],
    ['role form with errors', '/general-settings/role/new'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Cannot be empty').first()).toBeVisible();
    await expectAccessible(page, what);
  }
});

test('the catalogue screens are accessible', async ({ page, request }) => {
  // a dozen screens with their data: more than the default minute on a busy machine
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-axe');
  const type = await createProductType(
    api,
    unit.id,
    [
      { name: 'Model' },
      { name: 'Size', searchTypeHCP: 'SEARCHABLE_EXACT' },
      { name: 'Lot', type: 'MULTI_ARRAY', searchTypeHCP: 'SEARCHABLE_EXACT' },
    ],
    { lotNumbers: true },
  );
  const product = await createProduct(
    api,
    type,
    'AXE-1',
    { Model: 'Axe', Size: 'M' },
    {
      lotRanges: [{ name: 'Axe lots', numbers: ['A-1', 'A-2'], archiveDate: new Date(Date.now() - 86_400_000).toISOString() }],
    },
  );
  const remark = await api.post<{ id: number }>('/api/product-remarks', {
    businessUnitId: unit.id,
    name: 'Axe remark',
    content: '<p><strong>Sterile</strong></p>',
  });
  const group = await api.post<{ id: number }>('/api/product-groups', {
    productTypeId: type.id,
    name: 'Axe group',
    productIds: [product.id],
    remarkIds: [remark.id],
  });
  // an orphan scheduled for later, and a group without products: the warning badges
  await createProduct(
    api,
    type,
    'AXE-2',
    { Model: 'Orphan', Size: 'S' },
    { publishDate: new Date(Date.now() + 30 * 86_400_000).toISOString() },
  );
  await api.post('/api/product-groups', { productTypeId: type.id, name: 'Axe empty group' });
  const config = `/my-business-units/${unit.id}/backend-configuration`;
  await signIn(page, ADMIN.login, ADMIN.password);
  for (const [what, path] of [
    ['product types (cards)', `/my-business-units/${unit.id}/product-types`],
    ['product-type configuration', `${config}/product-type`],
    ['product-type detail with the attribute editor', `${config}/product-type/${type.id}`],
    ['new product type', `${config}/product-type/new`],
    ['products', productsUrl(type)],
    ['orphan products', `${productsUrl(type)}?orphans=true`],
    ['product detail', `${productsUrl(type)}/${product.id}`],
    ['new product', `${productsUrl(type)}/new`],
    ['product groups', productGroupsUrl(type)],
    ['product group detail', `${productGroupsUrl(type)}/${group.id}`],
    ['product remarks', `${config}/product-remark`],
    ['remark editor', `${config}/product-remark/${remark.id}`],
    ['archived lot ranges', `/my-business-units/${unit.id}/administration/archived-data-lot-ranges`],
    ['product search', '/general-settings/product-search'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, what);
  }
  // the product-group delete dialog (its products: kept or deleted), opened and cancelled
  await page.goto(productGroupsUrl(type));
  await page.getByRole('button', { name: 'Delete Axe group' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'product-group delete dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the layout and content screens are accessible', async ({ page }) => {
  await signIn(page, ADMIN.login, ADMIN.password);
  for (const [what, path] of [
    ['website layout', '/my-business-units/1/website-configuration/layout'],
    ['public resources', '/my-business-units/1/website-configuration/public-resources'],
    ['manufacturer layout', '/general-settings/manufacturer-layout'],
  ] as const) {
    await page.goto(path);
    await expectAccessible(page, what);
  }
});

test('the regions and languages screens are accessible', async ({ page, request }) => {
  // nine screens scanned: more than the default minute on a busy machine
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-axe-rl');
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['da', 'sv', 'ar']);
  const region = await api.post<{ id: number }>('/api/interface-regions', {
    businessUnitId: unit.id,
    name: 'Axe region',
    countryIds: ['DE'],
  });
  await api.post('/api/document-regions', { businessUnitId: unit.id, name: 'Axe documents', countryIds: ['FR'] });
  const group = await api.post<{ id: number }>('/api/language-groups', {
    businessUnitId: unit.id,
    name: 'Axe group',
    documentLanguageIds: ['da'],
  });
  const base = `/my-business-units/${unit.id}`;
  await signIn(page, ADMIN.login, ADMIN.password);
  for (const [what, path] of [
    ['website regions', `${base}/website-configuration/region`],
    ['website region form', `${base}/website-configuration/region/${region.id}`],
    ['website languages', `${base}/website-configuration/language`],
    ['document regions', `${base}/backend-configuration/region`],
    ['new document region', `${base}/backend-configuration/region/new`],
    ['document languages and language groups', `${base}/backend-configuration/language-group`],
    ['language group form', `${base}/backend-configuration/language-group/${group.id}`],
    ['manufacturer regions', '/general-settings/manufacturer-regions/interface'],
    ['manufacturer languages', '/general-settings/manufacturer-languages'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, what);
  }
});

// website configuration: translations
test('the translation screens are accessible', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-axe-tr');
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en', 'de', 'fr']);
  await createProductType(api, unit.id, [{ name: 'Size', searchTypeHCP: 'SEARCHABLE_EXACT' }]);
  const remark = await api.post<{ id: number }>('/api/product-remarks', {
    businessUnitId: unit.id,
    name: 'Axe remark',
    content: '<p>Keep dry</p>',
  });
  const base = `/my-business-units/${unit.id}/website-configuration/website-translations`;
  await signIn(page, ADMIN.login, ADMIN.password);
  for (const [what, path] of [
    ['website texts', `${base}?lang=de`],
    ['product type translations', `${base}?what=product_type&lang=de`],
    ['missing remark translations', `${base}?what=product_remark&lang=fr&missing=true`],
    ['manufacturer translations', '/general-settings/manufacturer-translations?lang=de'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, what);
  }
  // the rich-text editor of a remark's translation
  await page.goto(`${base}?what=product_remark&lang=de`);
  await page.getByRole('button', { name: `Edit the translation of product_remark.${remark.id}.content` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'rich-text translation dialog');
});

test('the document configuration screens are accessible', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-axe-doc');
  const type = await api.post<{ id: number }>('/api/document-types', {
    businessUnitId: unit.id,
    name: 'Axe leaflet',
    hcp: true,
    sortNumber: 1,
  });
  await api.put(`/api/document-attribute-definitions?business-unit=${unit.id}`, {
    version: 0,
    definitions: [
      { name: 'Revision', slug: 'revision', mandatory: true, searchType: 'SEARCHABLE_EXACT' },
      { name: 'Region', slug: 'region' },
    ],
  });
  const config = `/my-business-units/${unit.id}/backend-configuration`;
  await signIn(page, ADMIN.login, ADMIN.password);
  for (const [what, path] of [
    ['document types', `${config}/document-type`],
    ['document type form', `${config}/document-type/${type.id}`],
    ['new document type', `${config}/document-type/new`],
    ['document attributes', `${config}/document-attribute`],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, what);
  }
  // the attribute table with row errors, and the type form with its audience error
  await page.getByRole('textbox', { name: 'Slug of Region' }).fill('revision');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Two document attributes cannot have the same slug.')).toBeVisible();
  await expectAccessible(page, 'document attributes with errors');
  await page.goto(`${config}/document-type/new`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cannot be empty').first()).toBeVisible();
  await expectAccessible(page, 'document type form with errors');
});

// issue 10: documents
test('the document screens are accessible', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-axe-docs');
  const type = await api.post<{ id: number }>('/api/document-types', {
    businessUnitId: unit.id,
    name: 'Axe IFU',
    hcp: true,
    sortNumber: 1,
  });
  await api.put(`/api/document-attribute-definitions?business-unit=${unit.id}`, {
    version: 0,
    definitions: [{ name: 'Revision', slug: 'revision', mandatory: true }],
  });
  const list = await api.get<{ definitions: { id: number }[] }>(`/api/document-attribute-definitions?business-unit=${unit.id}`);
  const doc = await api.post<{ id: number }>('/api/documents', {
    businessUnitId: unit.id,
    number: 'AXE-1',
    name: 'Axe document',
    documentTypeId: type.id,
    attributeValues: [{ attributeDefinitionId: list.definitions[0].id, value: 'A' }],
  });
  const base = `/my-business-units/${unit.id}/document-management`;
  await signIn(page, ADMIN.login, ADMIN.password);
  for (const [what, path] of [
    ['document list', base],
    ['document list filtered', `${base}?orphans=true&state=UNPUBLISHED`],
    ['document detail', `${base}/${doc.id}`],
    ['new document', `${base}/new`],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, what);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cannot be empty').first()).toBeVisible();
  await expectAccessible(page, 'new document with errors');
});

// ---- issue 10: files of documents
test('the archived-documents and file screens are accessible', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-axe-files');
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en', 'fr']);
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/administration/archived-data-documents`);
  await expect(page.getByText('No archived files.')).toBeVisible();
  await expectAccessible(page, 'archived documents');
  const type = await api.post<{ id: number }>('/api/document-types', {
    businessUnitId: unit.id,
    name: 'Axe IFU',
    hcp: true,
    sortNumber: 1,
  });
  const doc = await createDocument(request, api, {
    businessUnitId: unit.id,
    documentTypeId: type.id,
    number: 'AXE-DOC',
    name: 'Axe document',
  });
  const file = await api.post<{ id: number }>('/api/files', {
    documentId: doc.id,
    name: 'Axe file',
    versionLabel: '1.0',
    date: '2026-01-01',
    countryIds: ['BE'],
    documentLanguageIds: ['en'],
  });
  const base = `/my-business-units/${unit.id}/document-management/${doc.id}/files`;
  for (const [what, path] of [
    ['files of a document', base],
    ['file detail', `${base}/${file.id}`],
    ['new file', `${base}/new`],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, what);
  }
});

test('the restricted access screens are accessible', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-axe-restricted');
  const { logoUrl: _logo, ...settings } = await api.get<Record<string, unknown>>(`/api/business-units/${unit.id}`);
  await api.put('/api/business-units', { ...settings, publicUserGroupActive: true });
  const group = await api.post<{ id: number }>('/api/public-user-groups', {
    businessUnitId: unit.id,
    name: 'Axe clinics',
    emails: ['nurse@example.com', 'doctor@example.org'],
  });
  await api.put(`/api/document-search-access?business-unit=${unit.id}`, { emails: ['search@example.com'], version: 0 });
  const base = `/my-business-units/${unit.id}/document-management`;
  await signIn(page, ADMIN.login, ADMIN.password);
  for (const [what, path] of [
    ['restricted access groups', `${base}/restricted-access`],
    ['restricted access group form', `${base}/restricted-access/${group.id}`],
    ['new restricted access group', `${base}/restricted-access/new`],
    ['document search access', `${base}/search-access`],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, what);
  }
  // the e-mail editor with its message, and the delete dialog with the unlink choice's place
  await page.getByRole('textbox', { name: 'Add to Allowed e-mail addresses' }).fill('not-an-address');
  await page.getByRole('button', { name: 'Add addresses' }).click();
  await expect(page.getByText('Not a valid e-mail address: not-an-address.')).toBeVisible();
  await expectAccessible(page, 'document search access with an invalid address');
  await page.goto(`${base}/restricted-access`);
  await page.getByRole('button', { name: 'Delete Axe clinics' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'restricted access group delete dialog');
});

// ---- issue 11: publishing
test('the publish page is accessible', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-axe-publish');
  await api.post('/api/interface-regions', { businessUnitId: unit.id, name: 'Axe region', countryIds: ['BE'] });
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en']);
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en']);
  const type = await createProductType(api, unit.id, [{ name: 'Model', searchTypeHCP: 'SEARCHABLE_EXACT' }]);
  await createProduct(api, type, 'AXE-PUB', { Model: 'Axe' });
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/publish`);
  await expect(page.getByRole('heading', { name: 'Publish', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Show the products a publish will change/ }).click();
  await expect(page.getByRole('table', { name: 'Unpublished and scheduled products' })).toContainText('AXE-PUB');
  await expectAccessible(page, 'publish page');
  // the custom date picker, open
  await page.getByRole('button', { name: /Custom publish date/ }).click();
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  await expectAccessible(page, 'publish page with the date picker');
  await page.keyboard.press('Escape');
  // the publish dialog with its summary, opened and cancelled
  await page.getByTestId('publish-button').click();
  await expect(page.getByRole('dialog').getByTestId('publish-summary')).toBeVisible();
  await expectAccessible(page, 'publish dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the public website’s restricted-document and document search pages are accessible', async ({ page, request }) => {
  test.setTimeout(120_000);
  const site = await publishRestrictedUnit(request);
  const root = `/site/${site.unit.slug}`;
  await page.goto(site.productUrl);
  await expect(page.getByRole('region', { name: 'Restricted documents' })).toBeVisible();
  await expectAccessible(page, 'product page with the e-mail form');
  await page.goto(`${root}/_access?back=${encodeURIComponent(site.productUrl)}&language=en`);
  await expectAccessible(page, 'the e-mail form on its own');
  await page.getByLabel('E-mail address').fill(site.member);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail', level: 1 })).toBeVisible();
  await expectAccessible(page, 'link sent');
  await page.goto(await accessLinkFor(site.member));
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expectAccessible(page, 'the link’s confirmation');
  await page.goto(`${root}/_access/${'A'.repeat(43)}`);
  await expectAccessible(page, 'a link that cannot be used');
  await page.goto(`${root}/be/en/hcp/_documents`);
  await expectAccessible(page, 'document search');
  await page.goto(`${root}/be/en/hcp/_documents?number=1`);
  await expect(page.getByRole('heading', { name: /Results/ })).toBeVisible();
  await expectAccessible(page, 'document search results');
});

// the public website: the paper-copy form (empty and with its messages) and its confirmation
test('the paper-copy pages of the public website are accessible', async ({ page, request }) => {
  test.setTimeout(120_000);
  const site = await publishedUnitWithFile(request, 'e2e-axe-site');
  await page.goto(`/site/${site.unit.slug}?country=be&language=fr&audience=hcp`);
  await page.getByRole('main').getByRole('link').first().click();
  await page.getByRole('textbox').first().fill(site.keyCode);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: site.keyCode })).toBeVisible();
  await expectAccessible(page, 'product page with its paper-copy link');
  await page.getByRole('link', { name: /^Request a free paper copy/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request a free paper copy' })).toBeVisible();
  await expectAccessible(page, 'paper-copy form');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('alert')).toContainText('Please correct the fields marked below.');
  await expectAccessible(page, 'paper-copy form with its messages');
  await page.getByLabel('Your name').fill('Axe Tester');
  await page.getByLabel('Street and number').fill('Rue de la Loi 16');
  await page.getByLabel('Postcode').fill('1000');
  await page.getByLabel('City').fill('Bruxelles');
  await page.getByLabel('E-mail address').fill('axe@example.com');
  await page.waitForTimeout(3_500);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your request has been received' })).toBeVisible();
  await expectAccessible(page, 'paper-copy confirmation');
});

// issue 19: the website statistics with downloads drawn as charts (decision 0051)
test('the website statistics with their charts are accessible', async ({ page, request }) => {
  test.setTimeout(120_000);
  const site = await publishedUnitWithFile(request, 'e2e-axe-stats');
  const unitId = site.unit.id;
  const [product] = (await site.api.post<{ items: { id: number }[] }>(`/api/products/search?business-unit=${unitId}`, {}, 200)).items;
  const [doc] = (await site.api.post<{ items: { id: number }[] }>(`/api/documents/search?business-unit=${unitId}`, {}, 200)).items;
  const [file] = await site.api.get<{ id: number }[]>(`/api/files?document=${doc.id}`);
  // three downloads by a visitor: a count whose axis would otherwise step by halves
  for (let i = 0; i < 3; i++) {
    const res = await request.get(
      `/site/${site.unit.slug}/files/${file.id}/download?product=${product.id}&country=be&language=fr&audience=hcp`,
    );
    expect(res.status()).toBe(200);
  }
  await expect
    .poll(async () => (await site.api.get<{ total: number }>(`/api/document-downloads/stats?business-unit=${unitId}`)).total)
    .toBe(3);
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unitId}/administration/website-stats`);
  await expect(page.getByTestId('downloads-total')).toContainText('3 downloads');
  await expect(page.getByRole('region', { name: 'By audience' }).getByTestId('audience-legend')).toContainText('Health professional: 3');
  // counts have whole-number axes
  await expect(page.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
  const ticks = await page.locator('.recharts-cartesian-axis-tick-value').allTextContents();
  expect(ticks.filter((tick) => /^\d+[.,]\d+$/.test(tick.trim()))).toEqual([]);
  // nothing under aria-hidden takes the focus
  const focusableHidden = await page
    .locator('[aria-hidden="true"] [tabindex]:not([tabindex="-1"]), [aria-hidden="true"] a[href], [aria-hidden="true"] button')
    .count();
  expect(focusableHidden).toBe(0);
  await expectAccessible(page, 'website statistics with charts');
});
