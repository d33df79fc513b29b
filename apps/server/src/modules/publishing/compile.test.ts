import { WEBSITE_TEXT_KEYS } from '@vellum/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  document,
  fileCountry,
  fileLanguage,
  fileLotRange,
  product,
  pubAttributeValue,
  pubDocument,
  pubDocumentProduct,
  pubFileVersion,
  pubLotRange,
  publication,
  publicUserGroup,
  publicUserGroupDocument,
  pubProduct,
  pubProductGroup,
  pubRemark,
  region,
  regionCountry,
} from '../../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductGroup, makeProductRemark, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentAttribute, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { publishAsIs } from './publish.fixtures.js';
import type { PublishedSite } from './published-site.js';

let ctx: TestContext;

const DAY = 24 * 60 * 60 * 1000;
const past = new Date(Date.now() - 10 * DAY);
const future = new Date(Date.now() + 10 * DAY);
let keys = 0;
const key = () => `bin/${Date.now().toString(36)}-${keys++}`;

const publish = (businessUnitId: number) => publishAsIs(ctx.db, businessUnitId);

/** Everything a publication's content holds, for before/after comparisons. */
async function contentOf(id: number) {
  return {
    products: await ctx.db.select().from(pubProduct).where(eq(pubProduct.publicationId, id)).orderBy(asc(pubProduct.productId)),
    values: await ctx.db.select().from(pubAttributeValue).where(eq(pubAttributeValue.publicationId, id)),
    lotRanges: await ctx.db.select().from(pubLotRange).where(eq(pubLotRange.publicationId, id)),
    groups: await ctx.db.select().from(pubProductGroup).where(eq(pubProductGroup.publicationId, id)),
    remarks: await ctx.db.select().from(pubRemark).where(eq(pubRemark.publicationId, id)),
    documents: await ctx.db.select().from(pubDocument).where(eq(pubDocument.publicationId, id)).orderBy(asc(pubDocument.documentId)),
    links: await ctx.db.select().from(pubDocumentProduct).where(eq(pubDocumentProduct.publicationId, id)),
    versions: await ctx.db
      .select()
      .from(pubFileVersion)
      .where(eq(pubFileVersion.publicationId, id))
      .orderBy(asc(pubFileVersion.fileVersionId)),
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('compiling a unit into a publication', () => {
  type Made<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
  const s = {} as Record<string, { id: number; businessUnitId: number }> & {
    unit: Made<typeof makeBusinessUnit>;
    enabled: Made<typeof makeProductType>;
    disabled: Made<typeof makeProductType>;
    published: Made<typeof makeProduct>;
  };
  let publicationId: number;

  beforeAll(async () => {
    const db = ctx.db;
    const unit = await makeBusinessUnit(db, { publicUserGroupActive: true, documentLanguages: ['en', 'fr'] });
    s.unit = unit;
    const [reg] = await db.insert(region).values({ kind: 'INTERFACE', businessUnitId: unit.id, name: 'Benelux' }).returning();
    await db.insert(regionCountry).values({ regionId: reg.id, businessUnitId: unit.id, kind: 'INTERFACE', countryIsoCode: 'BE' });
    s.region = reg;

    const enabled = await makeProductType(db, unit.id, { status: 'ENABLED' }, [{ name: 'Size' }, { name: 'Old', isActive: false }]);
    const disabled = await makeProductType(db, unit.id, { status: 'DISABLED' }, [{ name: 'Colour' }]);
    s.enabled = enabled;
    s.disabled = disabled;
    const [size, old] = enabled.definitions;
    s.published = await makeProduct(db, enabled, { publishDate: past }, { [size.id]: 'XL', [old.id]: 'gone' });
    s.unpublished = await makeProduct(db, enabled, {}, { [size.id]: 'S' });
    s.scheduled = await makeProduct(db, enabled, { publishDate: future });
    s.ofDisabled = await makeProduct(db, disabled, { publishDate: past }, { [disabled.definitions[0].id]: 'red' });

    s.lots = await makeLotRange(db, enabled, [s.published.id], { numbers: ['AB-1', 'Cd-2'] });
    s.lotsOfDisabled = await makeLotRange(db, disabled, [s.ofDisabled.id]);
    s.remark = await makeProductRemark(db, unit.id);
    s.remarkOfHiddenGroup = await makeProductRemark(db, unit.id);
    s.group = await makeProductGroup(db, enabled, [s.published.id, s.unpublished.id], {}, [s.remark.id]);
    s.hiddenGroup = await makeProductGroup(db, enabled, [s.unpublished.id], {}, [s.remarkOfHiddenGroup.id]);

    const activeType = await makeDocumentType(db, unit.id);
    const inactiveType = await makeDocumentType(db, unit.id, { active: false });
    s.activeType = activeType;
    const attr = await makeDocumentAttribute(db, unit.id);
    const oldAttr = await makeDocumentAttribute(db, unit.id, { isActive: false });
    s.attr = attr;

    // a document linked directly and through its group: one link
    s.doc = await makeDocument(
      db,
      unit.id,
      activeType.id,
      { number: 'IFU-001', name: 'Instructions' },
      { values: { [attr.id]: 'v1', [oldAttr.id]: 'v2' }, productIds: [s.published.id, s.ofDisabled.id], productGroupIds: [s.group.id] },
    );
    // superseded but published: both versions stay public
    s.twoVersions = await makeDocumentFile(
      db,
      s.doc,
      [
        { label: '1.0', publishDate: past, binaryKey: key() },
        { label: '2.0', publishDate: past, binaryKey: key() },
      ],
      { remarks: 'hidden remark', remarksActive: false },
    );
    await db.insert(fileCountry).values([
      { fileId: s.twoVersions.id, countryIsoCode: 'NL' },
      { fileId: s.twoVersions.id, countryIsoCode: 'BE' },
    ]);
    await db.insert(fileLanguage).values({ fileId: s.twoVersions.id, languageIsoCode: 'fr' });
    await db.insert(fileLotRange).values({ fileId: s.twoVersions.id, lotRangeId: s.lots.id });
    s.unpublishedFile = await makeDocumentFile(db, s.doc, [{ binaryKey: key() }]);
    s.scheduledFile = await makeDocumentFile(db, s.doc, [{ publishDate: future, binaryKey: key() }], {
      remarks: 'shown remark',
      remarksActive: true,
    });
    s.archivedFile = await makeDocumentFile(db, s.doc, [{ publishDate: past, binaryKey: key() }], { archiveDate: past });
    s.archivingFile = await makeDocumentFile(db, s.doc, [{ publishDate: past, binaryKey: key() }], { archiveDate: future });
    s.withoutBinary = await makeDocumentFile(db, s.doc, [{ publishDate: past }]);
    // superseded before it was ever published: never public
    s.supersededUnpublished = await makeDocumentFile(db, s.doc, [
      { label: '1.0', binaryKey: key() },
      { label: '2.0', publishDate: past, binaryKey: key() },
    ]);

    s.docOfInactiveType = await makeDocument(db, unit.id, inactiveType.id, {}, { productIds: [s.published.id] });
    await makeDocumentFile(db, s.docOfInactiveType, [{ publishDate: past, binaryKey: key() }]);
    s.docWithoutPublicFile = await makeDocument(db, unit.id, activeType.id, {}, { productIds: [s.published.id] });
    await makeDocumentFile(db, s.docWithoutPublicFile, [{ binaryKey: key() }]);
    s.restricted = await makeDocument(db, unit.id, activeType.id, {}, { productIds: [s.unpublished.id, s.scheduled.id] });
    s.restrictedFile = await makeDocumentFile(db, s.restricted, [{ publishDate: past, binaryKey: key() }]);
    const [group] = await db
      .insert(publicUserGroup)
      .values({ businessUnitId: unit.id, name: 'Surgeons', emails: ['a@example.com'] })
      .returning();
    s.userGroup = group;
    await db.insert(publicUserGroupDocument).values({ publicUserGroupId: group.id, documentId: s.restricted.id });

    publicationId = (await publish(unit.id)).id;
  });

  it('numbers the publication and counts what it holds', async () => {
    const [row] = await ctx.db.select().from(publication).where(eq(publication.id, publicationId));
    expect(row).toMatchObject({ number: 1, kind: 'PUBLISH', contentId: publicationId, createdBy: 'publisher', businessUnitId: s.unit.id });
    expect(row.counts).toEqual({
      products: 2,
      documents: 2,
      files: 5,
      fileVersions: 6,
      stamped: { products: 0, files: 0, broughtForward: 0 },
    });
  });

  it('holds the products of enabled types with a publish date, scheduled ones too', async () => {
    const c = await contentOf(publicationId);
    expect(c.products.map((p) => p.productId)).toEqual([s.published.id, s.scheduled.id].sort((a, b) => a - b));
    const p = c.products.find((x) => x.productId === s.published.id);
    expect(p).toMatchObject({
      keyCode: s.published.keyCode,
      productTypeId: s.enabled.id,
      lotRangeIds: [s.lots.id],
      productGroupIds: [s.group.id],
    });
    expect(p?.hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('holds attribute values of active definitions only', async () => {
    const c = await contentOf(publicationId);
    expect(c.values.map((v) => [v.productId, v.attributeDefinitionId, v.value])).toEqual([
      [s.published.id, s.enabled.definitions[0].id, 'XL'],
    ]);
  });

  it('holds the lot ranges of enabled types with lower-cased lot keys', async () => {
    const c = await contentOf(publicationId);
    expect(c.lotRanges).toHaveLength(1);
    expect(c.lotRanges[0]).toMatchObject({ lotRangeId: s.lots.id, numbers: ['AB-1', 'Cd-2'], lotKeys: ['ab-1', 'cd-2'] });
  });

  it('holds the groups of public products and their remarks', async () => {
    const c = await contentOf(publicationId);
    expect(c.groups.map((g) => [g.productGroupId, g.remarkIds])).toEqual([[s.group.id, [s.remark.id]]]);
    expect(c.remarks.map((r) => r.remarkId)).toEqual([s.remark.id]);
  });

  it('holds documents of active types with a public version, their active attributes and restrictions', async () => {
    const c = await contentOf(publicationId);
    expect(c.documents.map((d) => d.documentId)).toEqual([s.doc.id, s.restricted.id]);
    expect(c.documents[0]).toMatchObject({
      number: 'IFU-001',
      name: 'Instructions',
      attributes: [{ attributeDefinitionId: s.attr.id, value: 'v1' }],
      restrictedGroupIds: [],
    });
    expect(c.documents[1].restrictedGroupIds).toEqual([s.userGroup.id]);
  });

  it('resolves document links, direct and through groups, between public documents and products', async () => {
    const c = await contentOf(publicationId);
    expect(c.links.map((l) => [l.documentId, l.productId]).sort()).toEqual(
      [
        [s.doc.id, s.published.id],
        [s.restricted.id, s.scheduled.id],
      ].sort(),
    );
  });

  it('holds the published and scheduled versions of files not archived, with a binary', async () => {
    const c = await contentOf(publicationId);
    const byFile = (id: number) => c.versions.filter((v) => v.fileId === id);
    expect(byFile(s.twoVersions.id).map((v) => v.label)).toEqual(['1.0', '2.0']);
    expect(byFile(s.scheduledFile.id)).toHaveLength(1);
    expect(byFile(s.archivingFile.id)[0].archiveDate?.getTime()).toBe(future.getTime());
    expect(byFile(s.supersededUnpublished.id).map((v) => v.label)).toEqual(['2.0']);
    expect(byFile(s.restrictedFile.id)).toHaveLength(1);
    for (const gone of [s.unpublishedFile, s.archivedFile, s.withoutBinary]) expect(byFile(gone.id)).toEqual([]);
    const [v1] = byFile(s.twoVersions.id);
    expect(v1).toMatchObject({ countries: ['BE', 'NL'], languages: ['fr'], lotRangeIds: [s.lots.id], remarks: null, documentId: s.doc.id });
    expect(byFile(s.scheduledFile.id)[0].remarks).toBe('shown remark');
    expect(v1.binaryKey).toBeTruthy();
  });

  it('writes the site document', async () => {
    const [row] = await ctx.db.select().from(publication).where(eq(publication.id, publicationId));
    const site = row.site as PublishedSite;
    expect(site.format).toBe(1);
    expect(site.unit).toMatchObject({ id: s.unit.id, slug: s.unit.slug, settings: { publicUserGroupActive: true } });
    expect(site.productTypes.map((t) => t.id)).toEqual([s.enabled.id]);
    expect(site.productTypes[0].attributeDefinitions.map((d) => d.name)).toEqual(['Size']);
    expect(site.documentTypes.map((t) => t.id)).toEqual([s.activeType.id]);
    expect(site.documentAttributeDefinitions.map((d) => d.id)).toEqual([s.attr.id]);
    expect(site.restrictedGroups).toEqual([{ id: s.userGroup.id, name: 'Surgeons', enabled: true, emails: ['a@example.com'] }]);
    expect(site.regions).toEqual([{ id: s.region.id, name: 'Benelux', countries: [{ isoCode: 'BE', name: expect.any(String) }] }]);
    expect(site.languages[0]).toMatchObject({ isoCode: 'en', rtl: false });
    expect(site.documentLanguages).toEqual(['en', 'fr']);
    expect(Object.keys(site.translations.en)).toEqual(expect.arrayContaining(WEBSITE_TEXT_KEYS.slice(0, 3)));
    expect(site.audiences).toContain('HCP');
    expect(site.layout).toMatchObject({ cssContent: '', footerItems: [], publicResources: [] });
  });

  it('is not changed by edits in the admin afterwards', async () => {
    const before = await contentOf(publicationId);
    const [siteBefore] = await ctx.db.select({ site: publication.site }).from(publication).where(eq(publication.id, publicationId));
    await ctx.db.update(product).set({ keyCode: 'RENAMED' }).where(eq(product.id, s.published.id));
    await ctx.db.delete(document).where(eq(document.id, s.doc.id));
    await ctx.db.execute(sql`update business_unit set display_name = 'Renamed' where id = ${s.unit.id}`);
    expect(await contentOf(publicationId)).toEqual(before);
    const [siteAfter] = await ctx.db.select({ site: publication.site }).from(publication).where(eq(publication.id, publicationId));
    expect(siteAfter).toEqual(siteBefore);
  });
});
