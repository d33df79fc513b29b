import type { AccessRight } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessUnit, userGroupBusinessUnit } from '../../db/schema/index.js';
import { makeProductRemark, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeRole, makeUser, makeUserGroup, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { countUnitContent } from './business-unit-statistics.js';
import { findBusinessUnit } from './business-units.repo.js';
import { statisticsOf } from './business-units.service.js';
import type { UnitContentArea } from './unit-content.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = (token: string | undefined) => as(ctx.app, token);
const tokenWith = async (rights: AccessRight[], units: number[] | 'all') =>
  tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id);
const unique = () => Math.random().toString(36).slice(2, 8);

async function auditRows(unitId: number, action: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.businessUnitId, unitId), eq(auditLog.entityName, 'business-unit'), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}

/** The update body of a unit as the admin would send it back. */
function bodyOf(unit: Record<string, unknown>, over: Record<string, unknown> = {}) {
  const { logoUrl: _logo, ...rest } = unit;
  return { ...rest, ...over };
}

describe('GET /api/business-units', () => {
  let a: { id: number };
  let b: { id: number };
  const tag = unique();
  beforeAll(async () => {
    a = await makeBusinessUnit(ctx.db, { slug: `alpha-${tag}`, displayName: `Alpha ${tag}` });
    b = await makeBusinessUnit(ctx.db, { slug: `beta-${tag}`, displayName: `Beta ${tag}` });
  });

  it('answers 401 without a token', async () => {
    expect((await call(undefined)({ method: 'GET', url: '/api/business-units' })).statusCode).toBe(401);
  });

  it('lists only the units where the user holds a right, never the global unit', async () => {
    const token = await tokenWith(['PRODUCT_READ'], [a.id, 0]);
    const res = await call(token)({ method: 'GET', url: '/api/business-units' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((u: { id: number }) => u.id)).toEqual([a.id]);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('lists nothing for a user with only global rights, and everything for all-units groups and unit managers', async () => {
    const globalOnly = await tokenWith(['USER_MANAGE'], [0]);
    expect((await call(globalOnly)({ method: 'GET', url: '/api/business-units' })).json()).toEqual([]);
    for (const token of [await tokenWith(['PRODUCT_READ'], 'all'), await tokenWith(['BUSINESS_UNIT_CREATE'], [0])]) {
      const ids = (await call(token)({ method: 'GET', url: '/api/business-units' })).json().map((u: { id: number }) => u.id);
      expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(ids).not.toContain(0);
    }
  });

  it('searches the display name and slug, sorts and pages', async () => {
    const token = await tokenWith(['PRODUCT_READ'], 'all');
    const search = await call(token)({ method: 'GET', url: `/api/business-units?search=${tag}&sort=displayName,desc` });
    expect(search.json().map((u: { id: number }) => u.id)).toEqual([b.id, a.id]);
    const bySlug = await call(token)({ method: 'GET', url: `/api/business-units?search=BETA-${tag}` });
    expect(bySlug.json().map((u: { id: number }) => u.id)).toEqual([b.id]);
    const page = await call(token)({ method: 'GET', url: `/api/business-units?search=${tag}&sort=slug,asc&page=1&size=1` });
    expect(page.json().map((u: { id: number }) => u.id)).toEqual([b.id]);
    expect(page.headers['x-total-count']).toBe('2');
    expect((await call(token)({ method: 'GET', url: '/api/business-units?search=%25' })).statusCode).toBe(200);
    expect((await call(token)({ method: 'GET', url: '/api/business-units?sort=cssContent,asc' })).statusCode).toBe(400);
  });
});

describe('GET /api/business-units/{id}, displayName and statistics', () => {
  let unit: { id: number; slug: string; displayName: string };
  let other: { id: number };
  beforeAll(async () => {
    unit = await makeBusinessUnit(ctx.db, { displayName: 'Cardiology' });
    other = await makeBusinessUnit(ctx.db);
  });

  for (const suffix of ['', '/displayName', '/statistics']) {
    it(`GET /api/business-units/{id}${suffix}: 401, 403 from another unit, 404 for the global unit or a missing one`, async () => {
      expect((await call(undefined)({ method: 'GET', url: `/api/business-units/${unit.id}${suffix}` })).statusCode).toBe(401);
      const elsewhere = await tokenWith(['BUSINESS_UNIT_UPDATE', 'LAYOUT_MANAGE'], [other.id]);
      expect((await call(elsewhere)({ method: 'GET', url: `/api/business-units/${unit.id}${suffix}` })).statusCode).toBe(403);
      const everywhere = await tokenWith(['PRODUCT_READ'], 'all');
      expect((await call(everywhere)({ method: 'GET', url: `/api/business-units/0${suffix}` })).statusCode).toBe(404);
      expect((await call(everywhere)({ method: 'GET', url: `/api/business-units/999999${suffix}` })).statusCode).toBe(404);
      expect((await call(everywhere)({ method: 'GET', url: `/api/business-units/abc${suffix}` })).statusCode).toBe(400);
    });
  }

  it('answers the unit, its display name and its statistics to any right in it', async () => {
    const token = await tokenWith(['PRODUCT_READ'], [unit.id]);
    const res = await call(token)({ method: 'GET', url: `/api/business-units/${unit.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: unit.id,
      slug: unit.slug,
      displayName: 'Cardiology',
      interfaceLanguages: ['en'],
      logoUrl: null,
      version: 0,
    });
    const name = await call(token)({ method: 'GET', url: `/api/business-units/${unit.id}/displayName` });
    expect(name.json()).toEqual({ displayName: 'Cardiology' });
    const stats = await call(token)({ method: 'GET', url: `/api/business-units/${unit.id}/statistics` });
    expect(stats.json()).toEqual({
      id: unit.id,
      slug: unit.slug,
      displayName: 'Cardiology',
      active: true,
      languageFilesHcp: 0,
      languageFilesPatient: 0,
      products: 0,
      documents: 0,
      orphans: { products: 0, documents: 0, productGroups: 0 },
      publishStatus: { productsNoDate: 0, productsFutureDate: 0, filesNoDate: 0, filesFutureDate: 0 },
      downloads: { totalDownloads: 0, totalDownloadsForPeriod: 0 },
      configuration: {
        interfaceRegions: 0,
        documentRegions: 0,
        interfaceLanguages: 1,
        documentLanguages: 0,
        languageGroups: 0,
        footerItems: 0,
        contentBlocks: 0,
        publicResources: 0,
        publicUserGroups: 0,
      },
    });
  });

  it('statistics add up what the areas of the lifecycle list count', async () => {
    const counted = await makeBusinessUnit(ctx.db);
    const areas: UnitContentArea[] = [
      {
        area: 'a',
        tables: new Map(),
        count: async (_db, id) => (id === counted.id ? { products: 3, orphanProducts: 1, languageFilesHcp: 2 } : {}),
      },
      {
        area: 'b',
        tables: new Map(),
        count: async (_db, id) =>
          id === counted.id
            ? { products: 1, orphanDocuments: 4, productsNoDate: 2, filesFutureDate: 1, totalDownloads: 9, downloadsThisMonth: 5 }
            : {},
      },
    ];
    const row = await findBusinessUnit(ctx.db, counted.id);
    const stats = statisticsOf(row!, await countUnitContent(ctx.db, counted.id, areas));
    expect(stats).toMatchObject({
      products: 4,
      languageFilesHcp: 2,
      orphans: { products: 1, documents: 4, productGroups: 0 },
      publishStatus: { productsNoDate: 2, productsFutureDate: 0, filesNoDate: 0, filesFutureDate: 1 },
      downloads: { totalDownloads: 9, totalDownloadsForPeriod: 5 },
    });
  });

  it('finds a unit by its id, never unit 0 or a missing one', async () => {
    expect((await findBusinessUnit(ctx.db, unit.id))?.id).toBe(unit.id);
    expect((await findBusinessUnit(ctx.db, 0))?.id).toBeUndefined();
    expect((await findBusinessUnit(ctx.db, 999999))?.id).toBeUndefined();
  });
});

describe('POST /api/business-units', () => {
  const create = (token: string | undefined, payload: Record<string, unknown>) =>
    call(token)({ method: 'POST', url: '/api/business-units', payload });
  const countSlug = async (slug: string) => (await ctx.db.select().from(businessUnit).where(eq(businessUnit.slug, slug))).length;

  it('answers 401, and 403 without the right or with it only in a business unit', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    expect((await create(undefined, { slug: 'abc', displayName: 'X' })).statusCode).toBe(401);
    expect((await create(await tokenWith(['BUSINESS_UNIT_UPDATE'], [0]), { slug: 'abc', displayName: 'X' })).statusCode).toBe(403);
    expect((await create(await tokenWith(['BUSINESS_UNIT_CREATE'], [unit.id]), { slug: 'abc', displayName: 'X' })).statusCode).toBe(403);
  });

  it('refuses bad slugs, names, colours and an id, storing nothing', async () => {
    const token = await tokenWith(['BUSINESS_UNIT_CREATE'], [0]);
    for (const [payload, fieldName] of [
      [{ slug: 'ab', displayName: 'Short slug' }, 'slug'],
      [{ slug: 'Has Spaces', displayName: 'Pattern' }, 'slug'],
      [{ slug: 'trailing-', displayName: 'Pattern' }, 'slug'],
      [{ slug: 'valid-slug-x', displayName: '' }, 'displayName'],
      [{ slug: 'valid-slug-x', displayName: 'Colour', mainColor: 'red' }, 'mainColor'],
      [{ slug: 'valid-slug-x', displayName: 'Option', bulkImportType: 'MERGE' }, 'bulkImportType'],
      [{ slug: 'valid-slug-x', displayName: 'Language', interfaceLanguages: ['en', 'EN!'] }, 'interfaceLanguages.1'],
      [{ id: 5, slug: 'valid-slug-x', displayName: 'With id' }, 'id'],
    ] as const) {
      const res = await create(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('error.validation');
      expect(res.json().fieldErrors.map((f: { field: string }) => f.field)).toContain(fieldName);
    }
    expect(await countSlug('valid-slug-x')).toBe(0);
  });

  it('refuses a slug that exists (the global one too) and interface languages without English', async () => {
    const token = await tokenWith(['BUSINESS_UNIT_CREATE'], [0]);
    const existing = await makeBusinessUnit(ctx.db);
    for (const slug of [existing.slug, 'global']) {
      const res = await create(token, { slug, displayName: 'Copy' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'error.businessUnit.slugExists', fieldErrors: [{ field: 'slug' }] });
    }
    const noEnglish = await create(token, { slug: 'no-english', displayName: 'No English', interfaceLanguages: ['de', 'fr'] });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json()).toMatchObject({
      message: 'error.businessUnit.englishRequired',
      fieldErrors: [{ field: 'interfaceLanguages' }],
    });
    expect(await countSlug('no-english')).toBe(0);
  });

  it('creates with defaults, alerts and audits', async () => {
    const token = await tokenWith(['BUSINESS_UNIT_CREATE'], [0]);
    const slug = `new-${unique()}`;
    const res = await create(token, { slug, displayName: '  Neurology  ', interfaceLanguages: ['en', 'de', 'en'], mainColor: '#aabbcc' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.businessUnit.created');
    const unit = res.json();
    expect(unit).toMatchObject({
      slug,
      displayName: 'Neurology',
      active: true,
      interfaceLanguages: ['en', 'de'],
      documentLanguages: [],
      mainColor: '#aabbcc',
      bulkImportType: 'ADD',
      latestVersionVisualisationOption: 'COUNTRY_LANGUAGE',
      version: 0,
    });
    // the success message names the unit, not its id (decision 0051)
    expect(decodeURIComponent(String(res.headers['x-vellum-params']))).toBe('Neurology');
    const [entry] = await auditRows(unit.id, 'CREATE');
    expect(entry).toMatchObject({ entityId: String(unit.id), category: 'general' });
    expect(entry.changes).toMatchObject({ slug: { to: slug }, displayName: { to: 'Neurology' } });
  });
});

describe('PUT /api/business-units', () => {
  let unit: { id: number };
  let other: { id: number };
  let updater: string;
  beforeAll(async () => {
    unit = await makeBusinessUnit(ctx.db, { displayName: 'Before' });
    other = await makeBusinessUnit(ctx.db);
    updater = await tokenWith(['BUSINESS_UNIT_UPDATE'], [unit.id]);
  });
  const current = async () => (await call(updater)({ method: 'GET', url: `/api/business-units/${unit.id}` })).json();
  const put = (token: string | undefined, payload: Record<string, unknown>, url = '/api/business-units') =>
    call(token)({ method: 'PUT', url, payload });

  it('answers 401, and 403 without the right or with it only in another unit', async () => {
    const body = bodyOf(await current(), { displayName: 'Hacked' });
    expect((await put(undefined, body)).statusCode).toBe(401);
    expect((await put(await tokenWith(['PRODUCT_MANAGE'], [unit.id]), body)).statusCode).toBe(403);
    expect((await put(await tokenWith(['BUSINESS_UNIT_UPDATE'], [other.id]), body)).statusCode).toBe(403);
    expect((await current()).displayName).toBe('Before');
  });

  it('refuses bad input, a slug change, removing English and the global unit, changing nothing', async () => {
    const unitBefore = await current();
    const cases: [Record<string, unknown>, string][] = [
      [{ highlightColor: '#12345' }, 'error.validation'],
      [{ displayName: 'x'.repeat(51) }, 'error.validation'],
      [{ version: undefined }, 'error.validation'],
      [{ slug: 'renamed-slug' }, 'error.businessUnit.slugCannotChange'],
      [{ id: -1 }, 'error.validation'],
    ];
    for (const [over, key] of cases) {
      const res = await put(updater, bodyOf(unitBefore, { displayName: 'Changed', ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(key);
    }
    expect(await current()).toEqual(unitBefore);
  });

  it('answers 404 for a unit that does not exist', async () => {
    const everywhere = await tokenWith(['BUSINESS_UNIT_UPDATE'], 'all');
    const res = await put(everywhere, bodyOf(await current(), { id: 999999 }));
    expect(res.statusCode).toBe(404);
  });

  it('updates every field, increments the version, alerts, audits; a stale version answers 409', async () => {
    const before = await current();
    const changes = {
      displayName: 'After',
      active: false,
      mainColor: '#112233',
      highlightColor: '#abc',
      lightHeaderText: true,
      headerTextTitle: 'Welcome',
      headerTextBody: 'Body text',
      publicUserGroupActive: true,
      productChangelogActive: true,
      alwaysShowWorldwideFilesActive: true,
      showSearchOnResultPage: false,
      showSearchOnDetailPage: false,
      oneColumnLayout: true,
      latestVersionVisualisationOption: 'VERSION',
      bulkImportType: 'REPLACE',
      fileHideVersionDate: true,
      documentSearch: true,
      documentSearchRestricted: true,
      documentAttribute: true,
      documentSearchVisualisation: 'ADVANCED_AND_CROSS_FIELD',
      hideDocumentNumber: true,
    };
    // the languages have their own calls (decision 0023): sent here, they change nothing
    const res = await put(updater, bodyOf(before, { ...changes, interfaceLanguages: ['de'], documentLanguages: ['fr-BE'] }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.businessUnit.updated');
    expect(decodeURIComponent(String(res.headers['x-vellum-params']))).toBe('After');
    expect(res.json()).toEqual({ ...before, ...changes, version: before.version + 1 });
    const [entry] = await auditRows(unit.id, 'UPDATE');
    expect(entry.changes).toMatchObject({ displayName: { from: 'Before', to: 'After' }, bulkImportType: { from: 'ADD', to: 'REPLACE' } });

    const stale = await put(updater, bodyOf(before, { displayName: 'Stale' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('error.concurrencyFailure');
    expect((await current()).displayName).toBe('After');
  });

  it('keeps the colours and header texts when the settings update leaves them out (the layout screen edits them)', async () => {
    const styled = await put(updater, bodyOf(await current(), { mainColor: '#102030', lightHeaderText: true, headerTextTitle: 'Hello' }));
    expect(styled.statusCode).toBe(200);
    const {
      mainColor: _m,
      highlightColor: _h,
      lightHeaderText: _l,
      headerTextTitle: _t,
      headerTextBody: _b,
      logoUrl: _u,
      ...settings
    } = styled.json();
    const res = await put(updater, { ...settings, displayName: 'Settings only' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: 'Settings only',
      mainColor: '#102030',
      lightHeaderText: true,
      headerTextTitle: 'Hello',
    });
    const cleared = await put(updater, { ...settings, version: res.json().version, mainColor: null, headerTextTitle: '' });
    expect(cleared.json()).toMatchObject({ mainColor: null, headerTextTitle: null, lightHeaderText: true });
  });

  it('PUT /api/business-units/{id} refuses a path id that differs from the body id', async () => {
    const body = bodyOf(await current(), { displayName: 'Via path' });
    const mismatch = await put(updater, body, `/api/business-units/${other.id}`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('error.idinvalid');
    const ok = await put(updater, body, `/api/business-units/${unit.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().displayName).toBe('Via path');
  });
});

describe('DELETE /api/business-units/{id}', () => {
  const del = (token: string | undefined, id: number) => call(token)({ method: 'DELETE', url: `/api/business-units/${id}` });

  it('answers 401, and 403 without the right or with it only in that unit', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    expect((await del(undefined, unit.id)).statusCode).toBe(401);
    expect((await del(await tokenWith(['BUSINESS_UNIT_UPDATE'], [0]), unit.id)).statusCode).toBe(403);
    expect((await del(await tokenWith(['BUSINESS_UNIT_DELETE'], [unit.id]), unit.id)).statusCode).toBe(403);
    expect((await findBusinessUnit(ctx.db, unit.id))?.id).toBe(unit.id);
  });

  it('answers 404 for the global unit and a missing one', async () => {
    const token = await tokenWith(['BUSINESS_UNIT_DELETE'], [0]);
    expect((await del(token, 0)).statusCode).toBe(404);
    expect((await del(token, 999999)).statusCode).toBe(404);
    expect((await ctx.db.select().from(businessUnit).where(eq(businessUnit.id, 0))).length).toBe(1);
  });

  it('refuses to delete a unit that still holds content', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const type = await makeDocumentType(ctx.db, unit.id);
    await makeDocument(ctx.db, unit.id, type.id);
    await makeDocument(ctx.db, unit.id, type.id);
    const res = await del(await tokenWith(['BUSINESS_UNIT_DELETE'], [0]), unit.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.businessUnit.notEmpty');
    expect((await findBusinessUnit(ctx.db, unit.id))?.id).toBe(unit.id);
  });

  it('refuses to delete a unit that holds only product types or only remarks (no database error)', async () => {
    const token = await tokenWith(['BUSINESS_UNIT_DELETE'], [0]);
    const withType = await makeBusinessUnit(ctx.db);
    await makeProductType(ctx.db, withType.id);
    const withRemark = await makeBusinessUnit(ctx.db);
    await makeProductRemark(ctx.db, withRemark.id);
    for (const unit of [withType, withRemark]) {
      const res = await del(token, unit.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.businessUnit.notEmpty');
      expect((await findBusinessUnit(ctx.db, unit.id))?.id).toBe(unit.id);
    }
  });

  it('deletes, unlinks its user groups, alerts and audits', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const role = await makeRole(ctx.db, ['PRODUCT_READ']);
    const member = await makeUser(ctx.db);
    await makeUserGroup(ctx.db, { roleId: role.id, businessUnitIds: [unit.id], userIds: [member.id] });
    const res = await del(await tokenWith(['BUSINESS_UNIT_DELETE'], [0]), unit.id);
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.businessUnit.deleted');
    expect(decodeURIComponent(String(res.headers['x-vellum-params']))).toBe(unit.displayName);
    expect((await findBusinessUnit(ctx.db, unit.id))?.id).toBeUndefined();
    expect(await ctx.db.select().from(userGroupBusinessUnit).where(eq(userGroupBusinessUnit.businessUnitId, unit.id))).toEqual([]);
    const [entry] = await auditRows(unit.id, 'DELETE');
    expect(entry.changes).toMatchObject({ slug: { from: unit.slug, to: null } });
    const memberList = await call(await tokenFor(ctx, member.id))({ method: 'GET', url: '/api/business-units' });
    expect(memberList.json()).toEqual([]);
  });
});
