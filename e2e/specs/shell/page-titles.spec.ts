import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminApi, createProduct, createProductType, createUnit, setGlobalSearch, signIn, unique } from '../catalogue/support';
import { createDocument } from '../documents/files-support';

/**
 * Every page of the admin has its own browser title and exactly one <h1> (WCAG 2.4.2, 1.3.1;
 * decision 0051): "{page} · {business unit} · Vellum" under a unit's address, "{page} · Vellum"
 * elsewhere, the page being its one heading. The walk covers every route of app/router.tsx and the
 * sub-routes each area declares (list, new, detail), with data of the test's own.
 */

/** A global product type the walk makes: gone afterwards, so that no other test meets it (the units' translation lists show global types). */
let globalTypeId: number | undefined;
test.afterEach(async ({ request }) => {
  const api = await adminApi(request);
  if (globalTypeId !== undefined) await api.delete(`/api/product-types/${globalTypeId}`, 204);
  globalTypeId = undefined;
  await setGlobalSearch(api, false);
});

/** Waits for the page's one h1 and answers its text. */
async function oneHeading(page: Page, what: string): Promise<string> {
  await page.waitForLoadState('networkidle');
  const h1 = page.locator('h1');
  await expect(h1, `${what}: one h1`).toHaveCount(1);
  await expect(h1, what).toBeVisible();
  return ((await h1.textContent()) ?? '').trim();
}

test('every page has its own title and one h1', async ({ page, request }) => {
  // some sixty pages with their data: more than the default minute on a busy machine
  test.setTimeout(360_000);
  const api = await adminApi(request);
  await setGlobalSearch(api, true);
  const unit = await createUnit(api, 'e2e-titles');
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en', 'fr']);
  const { logoUrl: _logo, ...settings } = await api.get<Record<string, unknown>>(`/api/business-units/${unit.id}`);
  await api.put('/api/business-units', { ...settings, publicUserGroupActive: true });
  const type = await createProductType(api, unit.id, [{ name: 'Model', searchTypeHCP: 'SEARCHABLE_EXACT' }]);
  const product = await createProduct(api, type, unique('TITLE').toUpperCase(), { Model: 'T' });
  const group = await api.post<{ id: number }>('/api/product-groups', {
    productTypeId: type.id,
    name: 'Title group',
    productIds: [product.id],
  });
  const remark = await api.post<{ id: number }>('/api/product-remarks', {
    businessUnitId: unit.id,
    name: 'Title remark',
    content: '<p>x</p>',
  });
  const region = await api.post<{ id: number }>('/api/interface-regions', {
    businessUnitId: unit.id,
    name: 'Title region',
    countryIds: ['BE'],
  });
  const docRegion = await api.post<{ id: number }>('/api/document-regions', {
    businessUnitId: unit.id,
    name: 'Title docs',
    countryIds: ['FR'],
  });
  const languageGroup = await api.post<{ id: number }>('/api/language-groups', {
    businessUnitId: unit.id,
    name: 'Title languages',
    documentLanguageIds: ['fr'],
  });
  const docType = await api.post<{ id: number }>('/api/document-types', {
    businessUnitId: unit.id,
    name: 'Title IFU',
    hcp: true,
    sortNumber: 1,
  });
  const doc = await createDocument(request, api, {
    businessUnitId: unit.id,
    documentTypeId: docType.id,
    number: 'TITLE-1',
    name: 'Title doc',
  });
  const file = await api.post<{ id: number }>('/api/files', {
    documentId: doc.id,
    name: 'Title file',
    versionLabel: '1.0',
    date: '2026-01-01',
    countryIds: ['BE'],
    documentLanguageIds: ['en'],
  });
  const restricted = await api.post<{ id: number }>('/api/public-user-groups', {
    businessUnitId: unit.id,
    name: 'Title clinics',
    emails: [],
  });
  const users = await api.get<{ id: number; login: string }[]>('/api/users?size=100');
  const admin = users.find((u) => u.login === ADMIN.login);
  const roles = await api.get<{ id: number }[]>('/api/roles?size=5');
  const userGroups = await api.get<{ id: number }[]>('/api/user-groups?size=5');
  const globalType = await api.post<{ id: number }>('/api/product-types', {
    businessUnitId: 0,
    name: `Global ${unique('t').slice(-6)}`,
    slug: unique('global-title'),
    attributeDefinitions: [],
  });
  globalTypeId = globalType.id;

  const u = `/my-business-units/${unit.id}`;
  const typeBase = `${u}/product-types/${type.id}/product-management`;
  const docs = `${u}/document-management`;
  const unitPages = [
    u,
    `${u}/administration/audit-logs`,
    `${u}/administration/website-stats`,
    `${u}/administration/archived-data-lot-ranges`,
    `${u}/administration/archived-data-documents`,
    `${u}/administration/paper-copy-requests`,
    `${u}/administration/sitemap`,
    `${u}/product-types`,
    `${u}/backend-configuration/product-type`,
    `${u}/backend-configuration/product-type/new`,
    `${u}/backend-configuration/product-type/${type.id}`,
    `${typeBase}/products`,
    `${typeBase}/products/new`,
    `${typeBase}/products/${product.id}`,
    `${typeBase}/product-groups`,
    `${typeBase}/product-groups/new`,
    `${typeBase}/product-groups/${group.id}`,
    `${u}/product-management/products`,
    `${u}/product-management/product-groups`,
    `${u}/backend-configuration/product-remark`,
    `${u}/backend-configuration/product-remark/new`,
    `${u}/backend-configuration/product-remark/${remark.id}`,
    `${u}/backend-configuration/region`,
    `${u}/backend-configuration/region/new`,
    `${u}/backend-configuration/region/${docRegion.id}`,
    `${u}/backend-configuration/language-group`,
    `${u}/backend-configuration/language-group/new`,
    `${u}/backend-configuration/language-group/${languageGroup.id}`,
    `${u}/backend-configuration/document-type`,
    `${u}/backend-configuration/document-type/new`,
    `${u}/backend-configuration/document-type/${docType.id}`,
    `${u}/backend-configuration/document-attribute`,
    `${u}/website-configuration/region`,
    `${u}/website-configuration/region/new`,
    `${u}/website-configuration/region/${region.id}`,
    `${u}/website-configuration/language`,
    `${u}/website-configuration/layout`,
    `${u}/website-configuration/public-resources`,
    `${u}/website-configuration/website-translations`,
    docs,
    `${docs}/new`,
    `${docs}/${doc.id}`,
    `${docs}/${doc.id}/files`,
    `${docs}/${doc.id}/files/new`,
    `${docs}/${doc.id}/files/${file.id}`,
    `${docs}/restricted-access`,
    `${docs}/restricted-access/new`,
    `${docs}/restricted-access/${restricted.id}`,
    `${docs}/search-access`,
    `${u}/publish`,
  ];
  const globalPages = [
    '/my-business-units',
    '/account/settings',
    '/account/password',
    '/general-settings/product-search',
    '/general-settings/user-management',
    '/general-settings/user-management/new',
    `/general-settings/user-management/${admin?.id}/edit`,
    '/general-settings/role',
    '/general-settings/role/new',
    `/general-settings/role/${roles[0].id}/edit`,
    '/general-settings/user-group',
    '/general-settings/user-group/new',
    `/general-settings/user-group/${userGroups[0].id}/edit`,
    '/general-settings/business-unit',
    '/general-settings/business-unit/new',
    `/general-settings/business-unit/${unit.id}/edit`,
    '/general-settings/manufacturer-settings',
    '/general-settings/manufacturer-layout',
    '/general-settings/manufacturer-translations',
    '/general-settings/manufacturer-regions/interface',
    '/general-settings/manufacturer-regions/document',
    '/general-settings/manufacturer-regions/interface/new',
    '/general-settings/manufacturer-languages',
    '/general-settings/manufacturer-product-type',
    '/general-settings/manufacturer-product-type/new',
    `/general-settings/manufacturer-product-type/${globalType.id}`,
    '/no-such-page',
  ];

  await signIn(page, ADMIN.login, ADMIN.password);
  const seen = new Map<string, string>();
  for (const path of [...unitPages, ...globalPages]) {
    await page.goto(path);
    const heading = await oneHeading(page, path);
    expect(heading, `${path}: a heading`).not.toBe('');
    const inUnit = path.startsWith(u) && heading !== unit.displayName;
    await expect(page, path).toHaveTitle(inUnit ? `${heading} · ${unit.displayName} · Vellum` : `${heading} · Vellum`);
    seen.set(path, await page.title());
  }
  // the lists, forms and details of one area are told apart
  expect(seen.get(`${u}/backend-configuration/product-type`)).not.toBe(seen.get(`${u}/backend-configuration/product-type/new`));
  expect(seen.get(docs)).not.toBe(seen.get(`${docs}/${doc.id}`));
});

test('the signed-out pages have their own title and one h1', async ({ page }) => {
  for (const path of ['/login', '/admin-login', '/account/reset/forgot', '/account/reset/finish/some-key']) {
    await page.goto(path);
    const heading = await oneHeading(page, path);
    await expect(page, path).toHaveTitle(`${heading} · Vellum`);
  }
});
