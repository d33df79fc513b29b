import type { AccessRight, PublishReadiness } from '@vellum/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessUnit, file, fileVersion, product, region } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument } from '../../factories/document-factories.js';
import { makeUserWithRights, setManufacturer } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makeInterfaceRegion, makePublishFile, makeReadyUnit, publishAsIs } from './publish.fixtures.js';

let ctx: TestContext;
let publisher: ReturnType<typeof as>;

beforeAll(async () => {
  ctx = await createTestContext();
  publisher = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PUBLISH'], 'all')).id));
});
afterAll(() => ctx.close());

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));
const readiness = async (businessUnitId: number): Promise<PublishReadiness> => {
  const res = await publisher({ method: 'GET', url: `/api/publish/readiness?business-unit=${businessUnitId}` });
  if (res.statusCode !== 200) throw new Error(`readiness: ${res.statusCode} ${res.body}`);
  return res.json();
};
const problem = (r: PublishReadiness, key: string) => r.problems.find((p) => p.key === key);
const keys = (r: PublishReadiness) => r.problems.map((p) => p.key);

describe('GET /api/publish/readiness', () => {
  it('answers 401, 403 without PUBLISH or with it only in another unit, 400 without a unit, 404 for none', async () => {
    const { unit } = await makeReadyUnit(ctx.db);
    const other = await makeReadyUnit(ctx.db);
    const url = `/api/publish/readiness?business-unit=${unit.id}`;
    expect((await as(ctx.app, undefined)({ method: 'GET', url })).statusCode).toBe(401);
    expect((await (await client(['PRODUCT_MANAGE', 'DOCUMENT_MANAGE'], 'all'))({ method: 'GET', url })).statusCode).toBe(403);
    expect((await (await client(['PUBLISH'], [other.unit.id]))({ method: 'GET', url })).statusCode).toBe(403);
    expect((await publisher({ method: 'GET', url: '/api/publish/readiness' })).statusCode).toBe(400);
    expect((await publisher({ method: 'GET', url: '/api/publish/readiness?business-unit=999999' })).statusCode).toBe(404);
    // unit 0 holds the manufacturer-wide settings and has no public site of its own
    expect((await publisher({ method: 'GET', url: '/api/publish/readiness?business-unit=0' })).statusCode).toBe(404);
  });

  it('a ready unit has no problem', async () => {
    const { unit } = await makeReadyUnit(ctx.db);
    expect(await readiness(unit.id)).toEqual({ businessUnitId: unit.id, ready: true, problems: [] });
  });

  it('names an inactive unit with its settings page', async () => {
    const { unit } = await makeReadyUnit(ctx.db);
    await ctx.db.update(businessUnit).set({ active: false }).where(eq(businessUnit.id, unit.id));
    const r = await readiness(unit.id);
    expect(r.ready).toBe(false);
    expect(problem(r, 'error.publish.businessUnitInactive')).toEqual({
      key: 'error.publish.businessUnitInactive',
      severity: 'ERROR',
      items: [{ type: 'businessUnit', id: unit.id, name: unit.displayName, link: `/general-settings/business-unit/${unit.id}/edit` }],
    });
  });

  it('no interface region (own or inherited), no interface language, no document language: noRegionsOrLanguages with each', async () => {
    const { unit, interfaceRegion } = await makeReadyUnit(ctx.db);
    await ctx.db.delete(region).where(eq(region.id, interfaceRegion.id));
    await ctx.db.update(businessUnit).set({ interfaceLanguages: [], documentLanguages: [] }).where(eq(businessUnit.id, unit.id));
    const r = await readiness(unit.id);
    expect(r.ready).toBe(false);
    expect(problem(r, 'error.publish.noRegionsOrLanguages')?.items).toEqual([
      { type: 'interfaceRegions', id: unit.id, name: unit.displayName, link: `/my-business-units/${unit.id}/website-configuration/region` },
      {
        type: 'interfaceLanguages',
        id: unit.id,
        name: unit.displayName,
        link: `/my-business-units/${unit.id}/website-configuration/language`,
      },
      {
        type: 'documentLanguages',
        id: unit.id,
        name: unit.displayName,
        link: `/my-business-units/${unit.id}/backend-configuration/language-group`,
      },
    ]);
  });

  it('a unit without its own interface regions uses those of unit 0: no problem while they have countries, each without countries named', async () => {
    const { unit, interfaceRegion } = await makeReadyUnit(ctx.db);
    await ctx.db.delete(region).where(eq(region.id, interfaceRegion.id));
    const inherited = await makeInterfaceRegion(ctx.db, 0, ['DE'], 'World');
    try {
      expect((await readiness(unit.id)).ready).toBe(true);
      const empty = await makeInterfaceRegion(ctx.db, 0, [], 'Empty');
      const r = await readiness(unit.id);
      expect(keys(r)).toEqual(['error.publish.regionWithoutCountries']);
      expect(problem(r, 'error.publish.regionWithoutCountries')?.items).toEqual([
        { type: 'interfaceRegion', id: empty.id, name: 'Empty', link: `/general-settings/manufacturer-regions/interface/${empty.id}` },
      ]);
      await ctx.db.delete(region).where(eq(region.id, empty.id));
    } finally {
      await ctx.db.delete(region).where(eq(region.id, inherited.id));
    }
  });

  it('names each interface region of the unit without countries', async () => {
    const { unit } = await makeReadyUnit(ctx.db);
    const empty = await makeInterfaceRegion(ctx.db, unit.id, [], 'Nowhere');
    const r = await readiness(unit.id);
    expect(r.problems).toEqual([
      {
        key: 'error.publish.regionWithoutCountries',
        severity: 'ERROR',
        items: [
          {
            type: 'interfaceRegion',
            id: empty.id,
            name: 'Nowhere',
            link: `/my-business-units/${unit.id}/website-configuration/region/${empty.id}`,
          },
        ],
      },
    ]);
  });

  it('an enabled product type with nothing searchable: minimumSearchableAttributes; disabled types are not checked', async () => {
    const { unit } = await makeReadyUnit(ctx.db);
    const blind = await makeProductType(ctx.db, unit.id, { keyCodeSearchTypeHcp: 'VISIBLE' }, [
      { searchTypeHcp: 'SEARCHABLE_EXACT', isActive: false },
      { searchTypeHcp: 'VISIBLE' },
    ]);
    await makeProductType(ctx.db, unit.id, { keyCodeSearchTypeHcp: 'VISIBLE', status: 'DISABLED' });
    // searchable by an active attribute: fine
    await makeProductType(ctx.db, unit.id, { keyCodeSearchTypeHcp: 'VISIBLE' }, [{ searchTypeHcp: 'SEARCHABLE_PARTIAL' }]);
    const r = await readiness(unit.id);
    expect(r.problems).toEqual([
      {
        key: 'error.publish.minimumSearchableAttributes',
        severity: 'ERROR',
        items: [
          {
            type: 'productType',
            id: blind.id,
            name: blind.name,
            link: `/my-business-units/${unit.id}/backend-configuration/product-type/${blind.id}`,
          },
        ],
      },
    ]);
  });

  it('with the patient portal on: the per-audience key when one active audience has a search and the other none', async () => {
    const { unit } = await makeReadyUnit(ctx.db);
    await setManufacturer(ctx.db, { patientBusinessUnitSearch: true });
    try {
      const noHcp = await makeProductType(ctx.db, unit.id, {
        keyCodeSearchTypeHcp: 'VISIBLE',
        keyCodeSearchTypePatient: 'SEARCHABLE_EXACT',
      });
      const noPatient = await makeProductType(ctx.db, unit.id, {
        keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT',
        keyCodeSearchTypePatient: 'VISIBLE',
      });
      const neither = await makeProductType(ctx.db, unit.id, { keyCodeSearchTypeHcp: 'VISIBLE', keyCodeSearchTypePatient: 'VISIBLE' });
      const r = await readiness(unit.id);
      expect(keys(r)).toEqual([
        'error.publish.minimumSearchableAttributes',
        'error.publish.minimumSearchableAttributesHcp',
        'error.publish.minimumSearchableAttributesPatient',
      ]);
      expect(problem(r, 'error.publish.minimumSearchableAttributes')?.items.map((i) => i.id)).toEqual([neither.id]);
      expect(problem(r, 'error.publish.minimumSearchableAttributesHcp')?.items.map((i) => i.id)).toEqual([noHcp.id]);
      expect(problem(r, 'error.publish.minimumSearchableAttributesPatient')?.items.map((i) => i.id)).toEqual([noPatient.id]);
    } finally {
      await setManufacturer(ctx.db, { patientBusinessUnitSearch: false });
    }
    // with the portal off, patients are no audience: only the type that HCPs cannot search stays
    expect(keys(await readiness(unit.id))).toEqual(['error.publish.minimumSearchableAttributes']);
  });

  it('nothing to publish: no product of an enabled type and no file with a binary', async () => {
    const ready = await makeReadyUnit(ctx.db);
    await ctx.db.delete(product).where(eq(product.id, ready.product.id));
    await ctx.db.update(fileVersion).set({ binaryKey: null }).where(eq(fileVersion.fileId, ready.file.id));
    const disabled = await makeProductType(ctx.db, ready.unit.id, { status: 'DISABLED' });
    await makeProduct(ctx.db, disabled);
    const r = await readiness(ready.unit.id);
    expect(problem(r, 'error.publish.nothingToPublish')).toEqual({
      key: 'error.publish.nothingToPublish',
      severity: 'ERROR',
      items: [
        {
          type: 'businessUnit',
          id: ready.unit.id,
          name: ready.unit.displayName,
          link: `/my-business-units/${ready.unit.id}/product-types`,
        },
      ],
    });
    // a file with a binary is enough
    const withBinary = await makePublishFile(ctx.db, ready.doc);
    expect(problem(await readiness(ready.unit.id), 'error.publish.nothingToPublish')).toBeUndefined();
    // archived, it is not
    await ctx.db
      .update(file)
      .set({ archiveDate: new Date(Date.now() - 1000) })
      .where(eq(file.id, withBinary.id));
    expect(problem(await readiness(ready.unit.id), 'error.publish.nothingToPublish')).toBeDefined();
  });

  it('a unit published before always has something to publish: the next publish replaces what is live (decision 0051)', async () => {
    const ready = await makeReadyUnit(ctx.db);
    await publishAsIs(ctx.db, ready.unit.id);
    await ctx.db.delete(product).where(eq(product.id, ready.product.id));
    await ctx.db.update(fileVersion).set({ binaryKey: null }).where(eq(fileVersion.fileId, ready.file.id));
    const r = await readiness(ready.unit.id);
    expect(problem(r, 'error.publish.nothingToPublish')).toBeUndefined();
    expect(r.ready).toBe(true);
  });

  it('warns of documents without files, linked to their files, and stays ready (decision 0051)', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const empty = await makeDocument(ctx.db, ready.unit.id, ready.docType.id, { number: 'B-2', name: 'No leaflet yet' });
    const onlyArchived = await makeDocument(ctx.db, ready.unit.id, ready.docType.id, { number: 'a-1', name: 'Archived only' });
    await makePublishFile(ctx.db, onlyArchived, [{ binary: true }], { archiveDate: new Date(Date.now() - 1000) });
    const r = await readiness(ready.unit.id);
    expect(r.ready).toBe(true);
    expect(problem(r, 'warning.publish.documentsWithoutFiles')).toEqual({
      key: 'warning.publish.documentsWithoutFiles',
      severity: 'WARNING',
      items: [
        {
          type: 'document',
          id: onlyArchived.id,
          name: 'a-1 Archived only',
          link: `/my-business-units/${ready.unit.id}/document-management/${onlyArchived.id}/files`,
        },
        {
          type: 'document',
          id: empty.id,
          name: 'B-2 No leaflet yet',
          link: `/my-business-units/${ready.unit.id}/document-management/${empty.id}/files`,
        },
      ],
    });
    // the document of the ready unit has its file: not named
    expect(problem(r, 'warning.publish.documentsWithoutFiles')?.items.map((i) => i.id)).not.toContain(ready.doc.id);
  });

  it('warns of files whose current version has no binary and of product types not enabled that have products, and stays ready', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const noBinary = await makePublishFile(ctx.db, ready.doc, [{ binary: false }], { name: 'Leaflet without binary' });
    // a superseded version without a binary, or a published one, is no warning
    await makePublishFile(ctx.db, ready.doc, [{ binary: false }, { binary: true }]);
    await makePublishFile(ctx.db, ready.doc, [{ binary: false }], { archiveDate: new Date(Date.now() - 1000) });
    const disabled = await makeProductType(ctx.db, ready.unit.id, { status: 'DISABLED', name: 'A disabled type' });
    const waiting = await makeProductType(ctx.db, ready.unit.id, { status: 'WAITING', name: 'B waiting type' });
    await makeProductType(ctx.db, ready.unit.id, { status: 'DISABLED', name: 'C empty type' });
    await makeProduct(ctx.db, disabled);
    await makeProduct(ctx.db, waiting);
    const r = await readiness(ready.unit.id);
    expect(r.ready).toBe(true);
    expect(r.problems).toEqual([
      {
        key: 'warning.publish.filesWithoutBinary',
        severity: 'WARNING',
        items: [
          {
            type: 'file',
            id: noBinary.id,
            name: 'Leaflet without binary',
            link: `/my-business-units/${ready.unit.id}/document-management/${ready.doc.id}/files/${noBinary.id}`,
          },
        ],
      },
      {
        key: 'warning.publish.productTypesNotEnabled',
        severity: 'WARNING',
        items: [
          {
            type: 'productType',
            id: disabled.id,
            name: 'A disabled type',
            link: `/my-business-units/${ready.unit.id}/backend-configuration/product-type/${disabled.id}`,
          },
          {
            type: 'productType',
            id: waiting.id,
            name: 'B waiting type',
            link: `/my-business-units/${ready.unit.id}/backend-configuration/product-type/${waiting.id}`,
          },
        ],
      },
    ]);
  });
});
