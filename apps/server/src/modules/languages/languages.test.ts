import type { AccessRight } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessUnit, languageGroup, languageGroupLanguage, region } from '../../db/schema/index.js';
import { makeProductRemark } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
type Client = ReturnType<typeof as>;
const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));
const unique = () => Math.random().toString(36).slice(2, 8);
const unitRow = async (id: number) => (await ctx.db.select().from(businessUnit).where(eq(businessUnit.id, id)))[0];
const codes = (res: { json: () => { isoCode: string }[] }) =>
  res
    .json()
    .map((l) => l.isoCode)
    .sort();

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('reference data', () => {
  it('answers continents, every ISO 3166-1 country and every language to any signed-in user, 401 otherwise', async () => {
    const anyone = await client(['PRODUCT_READ'], []);
    for (const url of ['/api/continents', '/api/countries', '/api/languages'])
      expect((await as(ctx.app, undefined)({ method: 'GET', url })).statusCode).toBe(401);
    const continents = (await anyone({ method: 'GET', url: '/api/continents' })).json();
    expect(continents).toHaveLength(7);
    expect(continents).toContainEqual({ isoCode: 'EU', name: 'Europe' });
    const countries = await anyone({ method: 'GET', url: '/api/countries' });
    expect(countries.json().length).toBeGreaterThanOrEqual(249);
    expect(countries.headers['x-total-count']).toBe(String(countries.json().length));
    expect(countries.json()).toContainEqual({ isoCode: 'DE', name: 'Germany', continentIsoCode: 'EU' });
    expect(countries.json()).toContainEqual({ isoCode: 'BR', name: 'Brazil', continentIsoCode: 'SA' });
    const languages = (await anyone({ method: 'GET', url: '/api/languages' })).json() as {
      isoCode: string;
      rtl: boolean;
      nativeName: string;
    }[];
    expect(languages.length).toBeGreaterThanOrEqual(184 + 12);
    const byCode = new Map(languages.map((l) => [l.isoCode, l]));
    for (const c of ['pt-BR', 'zh-TW', 'zh-CN', 'fr-CA', 'en-US', 'en-GB', 'es-MX', 'de-AT', 'de-CH', 'fr-BE', 'fr-CH', 'nl-BE'])
      expect(byCode.has(c), c).toBe(true);
    expect(byCode.get('de')).toEqual({ isoCode: 'de', name: 'German', nativeName: 'Deutsch', rtl: false });
    expect(byCode.get('pt-BR')).toMatchObject({ name: 'Brazilian Portuguese', nativeName: 'português (Brasil)', rtl: false });
    for (const c of ['ar', 'he', 'fa', 'ur']) expect(byCode.get(c)?.rtl, c).toBe(true);
  });
});

describe.each([
  { kind: 'interface', path: '/api/interface-languages', right: 'INTERFACE_LANGUAGE_MANAGE', column: 'interfaceLanguages' },
  { kind: 'document', path: '/api/document-languages', right: 'DOCUMENT_LANGUAGE_MANAGE', column: 'documentLanguages' },
] as const)('$path', ({ kind, path, right, column }) => {
  let unit: { id: number };
  let manager: Client;
  beforeAll(async () => {
    unit = await makeBusinessUnit(ctx.db, { interfaceLanguages: ['en'], documentLanguages: ['en'] });
    manager = await client([right], [unit.id]);
  });
  const put = (c: Client, body: unknown, unitId = unit.id) =>
    c({ method: 'PUT', url: `${path}?business-unit=${unitId}`, payload: body as object });

  it('answers 401, 403 without the right or in another unit, 400 with nothing stored, 404 for no unit', async () => {
    const other = await makeBusinessUnit(ctx.db);
    expect((await put(as(ctx.app, undefined), ['en'])).statusCode).toBe(401);
    expect((await put(await client(['PRODUCT_TYPE_MANAGE'], [unit.id]), ['en'])).statusCode).toBe(403);
    expect((await put(await client([right], [other.id]), ['en'])).statusCode).toBe(403);
    expect((await (await client([right], [other.id]))({ method: 'GET', url: `${path}?business-unit=${unit.id}` })).statusCode).toBe(403);
    const before = (await unitRow(unit.id))[column];
    for (const [body, key] of [
      [['en', 'EN'], 'error.validation'],
      [{ isoCodes: ['en'] }, 'error.validation'],
      [['en', 'xx'], 'error.language.unknown'],
      [['en', 'de-XX'], 'error.language.unknown'],
    ] as const) {
      const res = await put(manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(key);
    }
    expect((await unitRow(unit.id))[column]).toEqual(before);
    const all = await client([right], 'all');
    expect((await put(all, ['en'], 99999999)).statusCode).toBe(404);
  });

  it('replaces the unit’s whole list, audited, and reads it back by name', async () => {
    const res = await put(manager, ['en', 'pt-BR', 'ar', 'de', 'de']);
    expect(res.statusCode).toBe(200);
    expect(codes(res)).toEqual(['ar', 'de', 'en', 'pt-BR']);
    expect(res.json().find((l: { isoCode: string }) => l.isoCode === 'ar')).toMatchObject({ rtl: true, name: 'Arabic' });
    expect((await unitRow(unit.id))[column]).toEqual(['ar', 'de', 'en', 'pt-BR']);
    const got = await manager({ method: 'GET', url: `${path}?business-unit=${unit.id}` });
    expect(got.json().map((l: { name: string }) => l.name)).toEqual(['Arabic', 'Brazilian Portuguese', 'English', 'German']);
    expect(got.headers['x-total-count']).toBe('4');
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessUnitId, unit.id), eq(auditLog.action, `${kind.toUpperCase()}_LANGUAGES`)))
      .orderBy(desc(auditLog.id));
    expect(entry.changes).toMatchObject({ added: ['ar', 'de', 'pt-BR'], removed: [] });
  });

  it('keeps the manufacturer-wide list on unit 0 (business-unit left out)', async () => {
    const global = await client([right], [0]);
    const before = (await unitRow(0))[column];
    const res = await global({ method: 'PUT', url: path, payload: ['en', 'fr'] });
    expect(res.statusCode).toBe(200);
    expect((await unitRow(0))[column]).toEqual(['en', 'fr']);
    expect(codes(await global({ method: 'GET', url: path }))).toEqual(['en', 'fr']);
    expect((await put(manager, ['en'], 0)).statusCode).toBe(403);
    await ctx.db
      .update(businessUnit)
      .set({ [column]: before })
      .where(eq(businessUnit.id, 0));
  });
});

describe('English among the interface languages', () => {
  it('cannot be removed (error.businessUnit.englishRequired)', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const manager = await client(['INTERFACE_LANGUAGE_MANAGE'], [unit.id]);
    const res = await manager({ method: 'PUT', url: `/api/interface-languages?business-unit=${unit.id}`, payload: ['de', 'fr'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.businessUnit.englishRequired', fieldErrors: [{ field: 'isoCodes' }] });
    expect((await unitRow(unit.id)).interfaceLanguages).toEqual(['en']);
  });
});

describe('/api/language-groups', () => {
  let unit: { id: number };
  let manager: Client;
  let reader: Client;
  let elsewhere: Client;
  const groupsOf = (id: number) => ctx.db.select().from(languageGroup).where(eq(languageGroup.businessUnitId, id));
  const create = (c: Client, body: Record<string, unknown>) => c({ method: 'POST', url: '/api/language-groups', payload: body });
  beforeAll(async () => {
    unit = await makeBusinessUnit(ctx.db, { documentLanguages: ['da', 'de', 'fi', 'no', 'sv', 'en'] });
    manager = await client(['DOCUMENT_LANGUAGE_MANAGE'], [unit.id]);
    reader = await client(['DOCUMENT_READ'], [unit.id]);
    elsewhere = await client(['DOCUMENT_LANGUAGE_MANAGE', 'DOCUMENT_READ'], [(await makeBusinessUnit(ctx.db)).id]);
  });

  it('answers 401, 403, 400 with nothing stored, 404', async () => {
    const body = { businessUnitId: unit.id, name: 'G', documentLanguageIds: ['da'] };
    expect((await create(as(ctx.app, undefined), body)).statusCode).toBe(401);
    for (const c of [reader, elsewhere]) expect((await create(c, body)).statusCode).toBe(403);
    expect((await elsewhere({ method: 'GET', url: `/api/language-groups?business-unit=${unit.id}` })).statusCode).toBe(403);
    for (const bad of [
      { ...body, name: '' },
      { ...body, documentLanguageIds: ['DA'] },
      { ...body, businessUnitId: 'x' },
    ]) {
      const res = await create(manager, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect(await groupsOf(unit.id)).toEqual([]);
    expect((await reader({ method: 'GET', url: '/api/language-groups/99999999' })).statusCode).toBe(404);
    expect((await manager({ method: 'DELETE', url: '/api/language-groups/99999999' })).statusCode).toBe(404);
  });

  it('creates, lists, updates and deletes a group, audited, and enforces every rule', async () => {
    const created = await create(manager, { businessUnitId: unit.id, name: 'Nordic', documentLanguageIds: ['sv', 'da', 'no', 'fi'] });
    expect(created.statusCode).toBe(201);
    const g = created.json();
    expect(g).toEqual({
      id: expect.any(Number),
      businessUnitId: unit.id,
      name: 'Nordic',
      documentLanguageIds: ['da', 'fi', 'no', 'sv'],
      version: 0,
    });
    const list = await reader({ method: 'GET', url: `/api/language-groups?business-unit=${unit.id}&search=nord` });
    expect(list.json()).toEqual([g]);
    expect(list.headers['x-total-count']).toBe('1');
    expect((await reader({ method: 'GET', url: `/api/language-groups/${g.id}` })).json()).toEqual(g);

    const count = (await groupsOf(unit.id)).length;
    for (const [over, key, field] of [
      [{ name: 'NORDIC', documentLanguageIds: ['de'] }, 'error.languageGroup.nameExists', 'name'],
      [{ name: 'Other', documentLanguageIds: ['de', 'sv'] }, 'error.languageGroup.languageAlreadyAssigned', 'documentLanguageIds'],
      [{ name: 'Other', documentLanguageIds: ['fr'] }, 'error.languageGroup.notDocumentLanguage', 'documentLanguageIds'],
      [{ name: 'Other', documentLanguageIds: [] }, 'error.languageGroup.languageRequired', 'documentLanguageIds'],
      [{ name: 'Other', documentLanguageIds: ['qq'] }, 'error.language.unknown', 'documentLanguageIds'],
    ] as const) {
      const res = await create(manager, { businessUnitId: unit.id, ...over });
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ message: key, fieldErrors: [{ field }] });
    }
    expect(await groupsOf(unit.id)).toHaveLength(count);

    const other = await makeBusinessUnit(ctx.db, { documentLanguages: ['da'] });
    const both = await client(['DOCUMENT_LANGUAGE_MANAGE'], [unit.id, other.id]);
    const moved = await both({ method: 'PUT', url: `/api/language-groups/${g.id}`, payload: { ...g, businessUnitId: other.id } });
    expect(moved.json().message).toBe('error.languageGroup.businessUnitCannotChange');

    // a document language in a group cannot leave the unit's list
    const removed = await (await client(['DOCUMENT_LANGUAGE_MANAGE'], [unit.id]))({
      method: 'PUT',
      url: `/api/document-languages?business-unit=${unit.id}`,
      payload: ['da', 'de', 'fi', 'no', 'en'],
    });
    expect(removed.statusCode).toBe(400);
    expect(removed.json()).toMatchObject({ message: 'error.language.inLanguageGroup', params: { language: 'sv', group: 'Nordic' } });

    const updated = await manager({
      method: 'PUT',
      url: '/api/language-groups',
      payload: { ...g, name: 'Scandinavian', documentLanguageIds: ['da', 'no', 'sv'] },
    });
    expect(updated.json()).toMatchObject({ name: 'Scandinavian', documentLanguageIds: ['da', 'no', 'sv'], version: 1 });
    expect((await manager({ method: 'PUT', url: '/api/language-groups', payload: g })).statusCode).toBe(409);
    // fi is free again: another group may take it, and it may leave the unit
    expect((await create(manager, { businessUnitId: unit.id, name: 'Finnish', documentLanguageIds: ['fi'] })).statusCode).toBe(201);

    expect((await manager({ method: 'DELETE', url: `/api/language-groups/${g.id}` })).statusCode).toBe(204);
    expect(await ctx.db.select().from(languageGroupLanguage).where(eq(languageGroupLanguage.languageGroupId, g.id))).toEqual([]);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'language-group'), eq(auditLog.entityId, String(g.id))))
      .orderBy(desc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['DELETE', 'UPDATE', 'CREATE']);
  });

  it('leaves one winner when two groups race for a language', async () => {
    const u = await makeBusinessUnit(ctx.db, { documentLanguages: ['it', 'es'] });
    const c = await client(['DOCUMENT_LANGUAGE_MANAGE'], [u.id]);
    const results = await Promise.all(['A', 'B'].map((n) => create(c, { businessUnitId: u.id, name: n, documentLanguageIds: ['it'] })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });
});

describe('counts and the business-unit delete (decision 0021)', () => {
  it('counts regions, languages and groups, and deletes them with the unit in one transaction', async () => {
    const unit = await makeBusinessUnit(ctx.db, { interfaceLanguages: ['en', 'de'], documentLanguages: ['de', 'fr', 'nl'] });
    const admin = await client(
      ['INTERFACE_REGION_MANAGE', 'DOCUMENT_REGION_MANAGE', 'DOCUMENT_LANGUAGE_MANAGE', 'BUSINESS_UNIT_DELETE', 'PRODUCT_REMARK_MANAGE'],
      'all',
    );
    await admin({
      method: 'POST',
      url: '/api/interface-regions',
      payload: { businessUnitId: unit.id, name: 'DACH', countryIds: ['DE', 'AT', 'CH'] },
    });
    await admin({ method: 'POST', url: '/api/document-regions', payload: { businessUnitId: unit.id, name: 'DE', countryIds: ['DE'] } });
    await admin({ method: 'POST', url: '/api/document-regions', payload: { businessUnitId: unit.id, name: 'FR', countryIds: ['FR'] } });
    await admin({
      method: 'POST',
      url: '/api/language-groups',
      payload: { businessUnitId: unit.id, name: 'Benelux', documentLanguageIds: ['fr', 'nl'] },
    });
    const stats = await admin({ method: 'GET', url: `/api/business-units/${unit.id}/statistics` });
    expect(stats.json().configuration).toEqual({
      interfaceRegions: 1,
      documentRegions: 2,
      interfaceLanguages: 2,
      documentLanguages: 3,
      languageGroups: 1,
      footerItems: 0,
      contentBlocks: 0,
      publicResources: 0,
      publicUserGroups: 0,
    });

    // catalogue content still keeps the unit
    const remark = await makeProductRemark(ctx.db, unit.id);
    const blocked = await admin({ method: 'DELETE', url: `/api/business-units/${unit.id}` });
    expect(blocked.json().message).toBe('error.businessUnit.notEmpty');
    expect(await ctx.db.select().from(region).where(eq(region.businessUnitId, unit.id))).toHaveLength(3);
    await admin({ method: 'DELETE', url: `/api/product-remarks/${remark.id}` });
    const { productRemark } = await import('../../db/schema/index.js');
    await ctx.db.delete(productRemark).where(eq(productRemark.id, remark.id));

    const res = await admin({ method: 'DELETE', url: `/api/business-units/${unit.id}` });
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(region).where(eq(region.businessUnitId, unit.id))).toEqual([]);
    expect(await ctx.db.select().from(languageGroup).where(eq(languageGroup.businessUnitId, unit.id))).toEqual([]);
    expect(await ctx.db.select().from(languageGroupLanguage).where(eq(languageGroupLanguage.businessUnitId, unit.id))).toEqual([]);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessUnitId, unit.id), eq(auditLog.entityName, 'business-unit'), eq(auditLog.action, 'DELETE')));
    expect(entry.changes).toMatchObject({ deletedWithUnit: { interfaceRegions: 1, documentRegions: 2, languageGroups: 1 } });
  });

  it('starts a new unit with the manufacturer-wide languages unless the body names its own', async () => {
    const creator = await client(['BUSINESS_UNIT_CREATE'], [0]);
    await ctx.db
      .update(businessUnit)
      .set({ interfaceLanguages: ['en', 'es'], documentLanguages: ['es'] })
      .where(eq(businessUnit.id, 0));
    const made = await creator({ method: 'POST', url: '/api/business-units', payload: { slug: `u-${unique()}`, displayName: 'New' } });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ interfaceLanguages: ['en', 'es'], documentLanguages: ['es'] });
    const own = await creator({
      method: 'POST',
      url: '/api/business-units',
      payload: { slug: `u-${unique()}`, displayName: 'Own', documentLanguages: ['xx'] },
    });
    expect(own.json().message).toBe('error.language.unknown');
    await ctx.db
      .update(businessUnit)
      .set({ interfaceLanguages: ['en'], documentLanguages: [] })
      .where(eq(businessUnit.id, 0));
  });
});
