import {
  CatalogueErrorKeys,
  CONFIG_PARTS,
  ConfigExportErrorKeys,
  DocumentErrorKeys,
  OrganisationErrorKeys,
  RegionLanguageErrorKeys,
  TranslationErrorKeys,
  WebsiteLayoutErrorKeys,
} from '@vellum/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, role } from '../../db/schema/index.js';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocumentAttribute, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeSuperAdmin, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { saveWebsiteTranslations } from '../internationalizations/website-translations.service.js';
import { putUnitLanguages } from '../languages/languages.service.js';
import { getSettings, updateSettings } from '../manufacturer/manufacturer.service.js';
import { createRegion } from '../regions/regions.service.js';
import { replaceContentBlocks } from '../website-layout/content-blocks.service.js';
import { replaceFooterItems } from '../website-layout/footer-items.service.js';
import { documentOf, exportZip, inEmptyInstance, partOf, preview, upload, volatile, zipOfDocument } from './config-export.fixtures.js';

/**
 * The parts after business units, roles and user groups (decision 0078): the manufacturer's
 * settings, unit 0's languages, regions, product types, document types and attributes, website
 * texts. Each goes out and back in the same, shows and applies a change through its area's own
 * service, rolls the whole import back when that service refuses, and answers 400 for references
 * neither side holds.
 */

let ctx: TestContext;
let admin: ReturnType<typeof as>;
let exporter: ReturnType<typeof as>;
let unit: string;
type Doc = Record<string, unknown>;
type Item = Record<string, unknown>;
const seed = { userId: null, login: 'seed' };
const ALL = `/api/config-export/apply?parts=${CONFIG_PARTS.join(',')}`;

beforeAll(async () => {
  ctx = await createTestContext();
  const deps = ctx.app.deps;
  const row = await makeBusinessUnit(ctx.db, { displayName: 'Cardiology' });
  unit = row.slug;
  const type = await makeProductType(ctx.db, row.id, { name: 'Pacemakers', slug: 'pacemakers' }, [{ name: 'Model', slug: 'model' }]);
  await makeDocumentType(ctx.db, row.id, { name: 'Manual', sortNumber: 10 });
  await makeDocumentAttribute(ctx.db, row.id, { name: 'Lot', slug: 'lot' });
  await createRegion(deps, seed, 'INTERFACE', { businessUnitId: row.id, name: 'Europe', countryIds: ['DE', 'FR'] });
  const texts = (unitId: number, key: string, value: string) =>
    saveWebsiteTranslations(
      deps,
      seed,
      { 'business-unit': unitId, interfaceLanguageISO: 'en' },
      { translations: [{ translationKey: key, translatedValue: value }] },
    );
  await texts(row.id, 'country.choose', 'Pick your country');
  await texts(0, 'country.search', 'Find a country');
  const { softwareVersion: _s, ...settings } = await getSettings(deps);
  await updateSettings(deps, seed, { ...settings, maxLoginAttempts: 7 });
  await putUnitLanguages(deps, seed, 'interface', 0, ['de', 'en']);
  await replaceFooterItems(deps, seed, row.id, [
    { businessUnitId: row.id, text: 'Imprint', publicUrl: 'https://example.org/imprint', visualizationOrder: 1 },
  ]);
  await replaceContentBlocks(deps, seed, row.id, [
    {
      businessUnitId: row.id,
      type: 'PRODUCT_TYPE_HEADER',
      productTypeId: type.id,
      hcp: true,
      patient: false,
      content: '<p>About pacemakers</p>',
    },
  ]);
  admin = as(ctx.app, await tokenFor(ctx, (await makeSuperAdmin(ctx.db)).id));
  exporter = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['CONFIG_EXPORT'], [0])).id));
});
afterAll(() => ctx?.close());

const currentDocument = async () => documentOf(await exportZip(admin));
const listOf = (doc: Doc, part: string) => doc[part] as Item[];

/** Each part's item the tests change, found in a document. */
const ITEMS: Record<string, (doc: Doc) => Item | undefined> = {
  manufacturerSettings: (doc) => doc.manufacturerSettings as Item,
  globalLanguages: (doc) => doc.globalLanguages as Item,
  regions: (doc) => listOf(doc, 'regions').find((r) => r.businessUnit === unit && r.name === 'Europe'),
  productTypes: (doc) => listOf(doc, 'productTypes').find((t) => t.businessUnit === unit && t.name === 'Pacemakers'),
  documentTypes: (doc) => listOf(doc, 'documentTypes').find((t) => t.businessUnit === unit && t.name === 'Manual'),
  documentAttributes: (doc) => listOf(doc, 'documentAttributes').find((d) => d.businessUnit === unit && d.slug === 'lot'),
  websiteTranslations: (doc) => listOf(doc, 'websiteTranslations').find((t) => t.businessUnit === unit && t.key === 'country.choose'),
  footers: (doc) => listOf(doc, 'footers').find((f) => f.businessUnit === unit),
  contentBlocks: (doc) => listOf(doc, 'contentBlocks').find((b) => b.businessUnit === unit && b.productType === 'Pacemakers'),
};

/** The document with one part's item replaced (or, for a list, with items added). */
function withPart(doc: Doc, part: string, change: (item: Item) => Item, added: (item: Item) => Item[] = () => []): Doc {
  const item = ITEMS[part](doc) as Item;
  if (!Array.isArray(doc[part])) return { ...doc, [part]: change(item) };
  return { ...doc, [part]: [...listOf(doc, part).map((i) => (i === item ? change(i) : i)), ...added(item)] };
}

describe('the parts beside units, roles and groups', () => {
  it('are exported by natural keys, without ids, images, SSO configurations or the software version', async () => {
    const doc = await currentDocument();
    expect(doc.manufacturerSettings).toMatchObject({ maxLoginAttempts: 7, authenticationMechanism: 'USERNAME_PASSWORD' });
    expect(doc.manufacturerSettings).not.toHaveProperty('softwareVersion');
    expect(doc.manufacturerSettings).not.toHaveProperty('version');
    expect(doc.globalLanguages).toEqual({ interfaceLanguages: ['de', 'en'], documentLanguages: expect.any(Array) });
    expect(ITEMS.regions(doc)).toEqual({ businessUnit: unit, kind: 'INTERFACE', name: 'Europe', countryIds: ['DE', 'FR'] });
    expect(ITEMS.productTypes(doc)).toMatchObject({ slug: 'pacemakers', attributeDefinitions: [{ name: 'Model', slug: 'model' }] });
    expect(ITEMS.productTypes(doc)).not.toHaveProperty('imageUrl');
    expect(ITEMS.documentTypes(doc)).toMatchObject({ sortNumber: 10, hcp: true });
    expect(ITEMS.documentAttributes(doc)).toMatchObject({ name: 'Lot' });
    expect(ITEMS.websiteTranslations(doc)).toEqual({
      businessUnit: unit,
      language: 'en',
      key: 'country.choose',
      value: 'Pick your country',
    });
    expect(listOf(doc, 'websiteTranslations')).toContainEqual({
      businessUnit: 'global',
      language: 'en',
      key: 'country.search',
      value: 'Find a country',
    });
    expect(ITEMS.footers(doc)).toEqual({
      businessUnit: unit,
      items: [{ text: 'Imprint', publicUrl: 'https://example.org/imprint', visualizationOrder: 1 }],
    });
    expect(ITEMS.contentBlocks(doc)).toEqual({
      businessUnit: unit,
      type: 'PRODUCT_TYPE_HEADER',
      productType: 'Pacemakers',
      hcp: true,
      patient: false,
      content: '<p>About pacemakers</p>',
    });
    expect(JSON.stringify(doc)).not.toMatch(/"id"|"version"|secret|clientId/);
  });

  it('are found unchanged in the instance’s own export', async () => {
    const result = await preview(exporter, await exportZip(admin));
    for (const part of result.parts)
      expect({ ...part, unchanged: [] }, part.part).toEqual({ part: part.part, added: [], changed: [], unchanged: [], onlyHere: [] });
    expect(partOf(result, 'productTypes')?.unchanged).toContain(`${unit}/Pacemakers`);
  });

  it('import into an empty instance and export from it the same', async () => {
    const source = await exportZip(admin);
    await inEmptyInstance(async (target) => {
      const before = await preview(target, source);
      expect(partOf(before, 'productTypes')?.added).toContain(`${unit}/Pacemakers`);
      expect(partOf(before, 'manufacturerSettings')?.changed).toEqual(['manufacturer']);
      const res = await upload(target, ALL, source);
      expect(res.statusCode, res.body).toBe(200);
      const again = await target({ method: 'GET', url: '/api/config-export' });
      expect(volatile(await documentOf(again.rawPayload))).toEqual(volatile(await documentOf(source)));
    });
    // a second database of its own: slow to open embedded
  }, 240_000);

  it('read as empty when a format-1 document leaves them out, so nothing of them is applied', async () => {
    const doc = await currentDocument();
    const older = Object.fromEntries(
      Object.entries(doc).filter(([k]) =>
        ['formatVersion', 'exportedAt', 'softwareVersion', 'businessUnits', 'roles', 'userGroups'].includes(k),
      ),
    );
    const result = await preview(exporter, await zipOfDocument(older));
    expect(partOf(result, 'productTypes')).toMatchObject({ added: [], changed: [] });
    expect(partOf(result, 'productTypes')?.onlyHere).toContain(`${unit}/Pacemakers`);
    expect(partOf(result, 'manufacturerSettings')).toMatchObject({ added: [], changed: [], onlyHere: ['manufacturer'] });
    const res = await upload(exporter, ALL, await zipOfDocument(older));
    expect(res.statusCode, res.body).toBe(200);
    expect(volatile(await currentDocument())).toEqual(volatile(doc));
  });
});

describe('a changed item', () => {
  it.each([
    ['manufacturerSettings', 'manufacturer', (s: Item) => ({ ...s, maxLoginAttempts: 9, passwordValidityDays: 90 })],
    ['globalLanguages', 'global', (l: Item) => ({ ...l, interfaceLanguages: ['de', 'en', 'fr'] })],
    ['regions', 'unit/INTERFACE/Europe', (r: Item) => ({ ...r, countryIds: ['AT', 'DE', 'FR'] })],
    [
      'productTypes',
      'unit/Pacemakers',
      (t: Item) => ({
        ...t,
        keyCodeLabelHCP: 'Reference',
        attributeDefinitions: [
          { ...(t.attributeDefinitions as Item[])[0], name: 'Model name' },
          { ...(t.attributeDefinitions as Item[])[0], name: 'Size', slug: 'size', visualizationOrder: 1 },
        ],
      }),
    ],
    ['documentTypes', 'unit/Manual', (t: Item) => ({ ...t, sortNumber: 11, linkType: 'gs1:epil' })],
    ['documentAttributes', 'unit/lot', (d: Item) => ({ ...d, name: 'Lot number', searchType: 'SEARCHABLE_EXACT' })],
    ['websiteTranslations', 'unit/en/country.choose', (t: Item) => ({ ...t, value: 'Choose the country' })],
    [
      'footers',
      'unit',
      (f: Item) => ({
        ...f,
        items: [
          { text: 'Legal notice', publicUrl: 'https://example.org/imprint', visualizationOrder: 1 },
          { text: 'Contact', publicUrl: 'https://example.org/contact', visualizationOrder: 2 },
        ],
      }),
    ],
    ['contentBlocks', 'unit/PRODUCT_TYPE_HEADER/Pacemakers', (b: Item) => ({ ...b, patient: true, content: '<p>Our pacemakers</p>' })],
  ])('of %s shows as changed and applies through its own service, audited', async (part, key, change) => {
    const doc = await currentDocument();
    const edited = withPart(doc, part, change);
    const zip = await zipOfDocument(edited);
    const result = await preview(exporter, zip);
    expect(partOf(result, part)?.changed).toEqual([key.replace(/^unit(?=\/|$)/, unit)]);
    const audits = (await ctx.db.select().from(auditLog)).length;
    const res = await upload(exporter, `/api/config-export/apply?parts=${part}`, zip);
    expect(res.statusCode, res.body).toBe(200);
    const after = await currentDocument();
    expect(ITEMS[part](after)).toEqual(ITEMS[part](edited));
    // the area's own row(s) and the import's
    expect((await ctx.db.select().from(auditLog)).length).toBeGreaterThanOrEqual(audits + 2);
    expect(partOf(await preview(exporter, zip), part)?.changed).toEqual([]);
  });
});

describe('an item the area refuses', () => {
  const copy = (doc: Doc, part: string) => ITEMS[part](doc) as Item;
  it.each([
    [
      'manufacturerSettings',
      OrganisationErrorKeys.ssoNotConfigured,
      (d: Doc) => withPart(d, 'manufacturerSettings', (s) => ({ ...s, authenticationMechanismAdmin: 'AUTHORIZATION_CODE_FLOW' })),
    ],
    [
      'globalLanguages',
      OrganisationErrorKeys.englishRequired,
      (d: Doc) => withPart(d, 'globalLanguages', (l) => ({ ...l, interfaceLanguages: ['fr'] })),
    ],
    [
      'regions',
      RegionLanguageErrorKeys.unknownCountry,
      (d: Doc) =>
        withPart(
          d,
          'regions',
          (r) => r,
          (r) => [{ ...r, name: 'Nowhere', countryIds: ['ZZ'] }],
        ),
    ],
    [
      'productTypes',
      CatalogueErrorKeys.retentionTooShort,
      (d: Doc) =>
        withPart(
          d,
          'productTypes',
          (t) => t,
          (t) => [{ ...t, name: 'Implants', slug: 'implants', implantable: true, retentionYears: 5 }],
        ),
    ],
    [
      'documentTypes',
      DocumentErrorKeys.typeNeedsAudience,
      (d: Doc) =>
        withPart(
          d,
          'documentTypes',
          (t) => t,
          (t) => [{ ...t, name: 'Nobody', sortNumber: 99, hcp: false, patient: false }],
        ),
    ],
    [
      'documentAttributes',
      DocumentErrorKeys.attributeNameExists,
      (d: Doc) =>
        withPart(
          d,
          'documentAttributes',
          (a) => a,
          (a) => [{ ...a, slug: 'lot-again' }],
        ),
    ],
    [
      'websiteTranslations',
      TranslationErrorKeys.invalidKey,
      (d: Doc) =>
        withPart(
          d,
          'websiteTranslations',
          (t) => t,
          (t) => [{ ...t, key: 'no.such.text' }],
        ),
    ],
    [
      'footers',
      WebsiteLayoutErrorKeys.footerItemDuplicateOrder,
      (d: Doc) => withPart(d, 'footers', (f) => ({ ...f, items: [...(f.items as Item[]), { ...(f.items as Item[])[0], text: 'Twice' }] })),
    ],
    [
      'contentBlocks',
      WebsiteLayoutErrorKeys.contentBlockNoAudience,
      (d: Doc) =>
        withPart(
          d,
          'contentBlocks',
          (b) => b,
          (b) => [{ ...b, type: 'PRODUCT_TYPE_FOOTER', productType: null, hcp: false, patient: false }],
        ),
    ],
  ])('of %s rolls every part back with that service’s problem', async (part, key, spoil) => {
    const doc = await currentDocument();
    const bad = spoil({
      ...doc,
      roles: [...listOf(doc, 'roles'), { name: `Never stored ${part}`, description: null, accessRights: ['DOCUMENT_READ'] }],
    });
    expect(copy(bad, part)).toBeDefined();
    const audits = (await ctx.db.select().from(auditLog)).length;
    const res = await upload(exporter, `/api/config-export/apply?parts=roles,${part}`, await zipOfDocument(bad));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().message).toBe(key);
    expect(
      await ctx.db
        .select()
        .from(role)
        .where(eq(role.name, `Never stored ${part}`)),
    ).toEqual([]);
    expect((await ctx.db.select().from(auditLog)).length).toBe(audits);
    expect(volatile(await currentDocument())).toEqual(volatile(doc));
  });
});

describe('hostile input', () => {
  it.each([
    ['regions', 'no-such-unit'],
    ['productTypes', 'no-such-unit'],
    ['documentTypes', 'no-such-unit'],
    ['documentTypes', 'global'],
    ['documentAttributes', 'no-such-unit'],
    ['documentAttributes', 'global'],
    ['websiteTranslations', 'no-such-unit'],
    ['footers', 'no-such-unit'],
    ['contentBlocks', 'no-such-unit'],
  ])('a %s item of unit %s neither side holds answers 400 unknownReference, nothing written', async (part, slug) => {
    const doc = await currentDocument();
    const bad = withPart(
      doc,
      part,
      (i) => i,
      (i) => [{ ...i, businessUnit: slug, name: 'Elsewhere', slug: 'elsewhere' }],
    );
    const zip = await zipOfDocument(bad);
    for (const url of ['/api/config-export/preview', `/api/config-export/apply?parts=${part}`]) {
      const res = await upload(exporter, url, zip);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: ConfigExportErrorKeys.unknownReference, params: { part, businessUnit: slug } });
    }
    expect(volatile(await currentDocument())).toEqual(volatile(doc));
  });

  it('a content block of a product type neither side holds answers 400 unknownReference', async () => {
    const bad = withPart(
      await currentDocument(),
      'contentBlocks',
      (b) => b,
      (b) => [{ ...b, type: 'PRODUCT_TYPE_FOOTER', productType: 'Ghosts' }],
    );
    const res = await upload(exporter, '/api/config-export/preview', await zipOfDocument(bad));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message: ConfigExportErrorKeys.unknownReference,
      params: { part: 'contentBlocks', productType: 'Ghosts' },
    });
  });

  it.each([
    [
      'a definition slug with spaces',
      (d: Doc) =>
        withPart(d, 'productTypes', (t) => ({
          ...t,
          attributeDefinitions: [{ ...(t.attributeDefinitions as Item[])[0], slug: 'Bad Slug' }],
        })),
    ],
    ['a region of another kind', (d: Doc) => withPart(d, 'regions', (r) => ({ ...r, kind: 'OTHER' }))],
    ['a country that is no code', (d: Doc) => withPart(d, 'regions', (r) => ({ ...r, countryIds: ['de; DROP'] }))],
    ['an empty website text', (d: Doc) => withPart(d, 'websiteTranslations', (t) => ({ ...t, value: '' }))],
    [
      'a product type named twice',
      (d: Doc) =>
        withPart(
          d,
          'productTypes',
          (t) => t,
          (t) => [t],
        ),
    ],
    ['settings that are no object', (d: Doc) => ({ ...d, manufacturerSettings: 'on' })],
    ['a content block of another type', (d: Doc) => withPart(d, 'contentBlocks', (b) => ({ ...b, type: 'PAGE_FOOTER' }))],
    [
      'a footer link that is no http(s) URL',
      (d: Doc) => withPart(d, 'footers', (f) => ({ ...f, items: [{ ...(f.items as Item[])[0], publicUrl: 'javascript:alert(1)' }] })),
    ],
    ['a document type name with markup', (d: Doc) => withPart(d, 'documentTypes', (t) => ({ ...t, name: '<script>x</script>' }))],
  ])('%s answers 400 invalidFile', async (_name, spoil) => {
    const res = await upload(exporter, '/api/config-export/preview', await zipOfDocument(spoil(await currentDocument())));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(ConfigExportErrorKeys.invalidFile);
  });
});
