import type { AccessRight } from '@vellum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument } from '../../factories/document-factories.js';
import { makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makePublishFile, makeReadyUnit, publishAsIs } from './publish.fixtures.js';

let ctx: TestContext;
let publisher: ReturnType<typeof as>;
/** A unit with products and files in every state. */
let fixture: Awaited<ReturnType<typeof build>>;
const DAY = 24 * 60 * 60 * 1000;
const past = new Date(Date.now() - DAY);
const future = new Date(Date.now() + DAY);

async function build() {
  const ready = await makeReadyUnit(ctx.db); // one unpublished product (KC-…), one file with an unpublished binary
  const products = {
    published: await makeProduct(ctx.db, ready.type, { keyCode: 'B-published', publishDate: past }),
    scheduled: await makeProduct(ctx.db, ready.type, { keyCode: 'A-scheduled', publishDate: future }),
    unpublished: await makeProduct(ctx.db, ready.type, { keyCode: 'C-unpublished' }),
  };
  // products of a disabled type are not counted
  await makeProduct(ctx.db, await makeProductType(ctx.db, ready.unit.id, { status: 'DISABLED' }), { keyCode: 'Z-disabled' });
  const doc2 = await makeDocument(ctx.db, ready.unit.id, ready.docType.id, { number: 'A-100', name: 'Second' });
  const doc3 = await makeDocument(ctx.db, ready.unit.id, ready.docType.id, { number: 'B-200', name: 'Third' });
  await makeDocument(ctx.db, ready.unit.id, ready.docType.id, { number: 'C-300', name: 'No files' });
  const files = {
    published: await makePublishFile(ctx.db, doc2, [{ binary: true, publishDate: past }], { name: 'b published' }),
    // the current version (the last) is unpublished although an earlier one is published: the file is unpublished
    newVersion: await makePublishFile(ctx.db, doc2, [{ binary: true, publishDate: past }, { binary: false }], { name: 'c new version' }),
    scheduled: await makePublishFile(ctx.db, doc3, [{ binary: true, publishDate: future }], { name: 'a scheduled' }),
    archived: await makePublishFile(ctx.db, doc3, [{ binary: true, publishDate: past }], { name: 'z archived', archiveDate: past }),
  };
  // what has a date is published or scheduled once a publication holds it (decision 0051)
  await publishAsIs(ctx.db, ready.unit.id);
  return { ...ready, products, doc2, doc3, files };
}

beforeAll(async () => {
  ctx = await createTestContext();
  publisher = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PUBLISH'], 'all')).id));
  fixture = await build();
});
afterAll(() => ctx.close());

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));
const get = async (url: string, c = publisher) => {
  const res = await c({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

describe.each(['/api/publish-products', '/api/publish-files'])('GET %s: access and input', (path) => {
  it('answers 401, 403 without PUBLISH or with it only in another unit, 400 for bad queries, 404 for no unit', async () => {
    const other = await makeReadyUnit(ctx.db);
    const url = `${path}?business-unit=${fixture.unit.id}`;
    expect((await as(ctx.app, undefined)({ method: 'GET', url })).statusCode).toBe(401);
    expect((await (await client(['PRODUCT_READ', 'DOCUMENT_READ'], 'all'))({ method: 'GET', url })).statusCode).toBe(403);
    expect((await (await client(['PUBLISH'], [other.unit.id]))({ method: 'GET', url })).statusCode).toBe(403);
    for (const q of ['details=yes', 'state=GONE', 'details=true&sort=id', 'size=0', 'page=-1']) {
      expect((await publisher({ method: 'GET', url: `${url}&${q}` })).statusCode, q).toBe(400);
    }
    expect((await publisher({ method: 'GET', url: `${path}?business-unit=999999` })).statusCode).toBe(404);
  });
});

describe('GET /api/publish-products', () => {
  it('counts the products of enabled types by state, without items unless asked', async () => {
    expect(await get(`/api/publish-products?business-unit=${fixture.unit.id}`)).toEqual({
      businessUnitId: fixture.unit.id,
      products: { unpublished: 2, scheduled: 1, published: 1 },
    });
  });

  it('details: a page of the products in the states asked (default: unpublished and scheduled), sorted', async () => {
    const all = await get(`/api/publish-products?business-unit=${fixture.unit.id}&details=true`);
    expect(all.items.map((i: { keyCode: string }) => i.keyCode)).toEqual(['A-scheduled', 'C-unpublished', fixture.product.keyCode]);
    expect(all.pageable).toEqual({ pageNumber: 0, pageSize: 10, totalPages: 1, totalElements: 3 });
    expect(all.items[0]).toEqual({
      id: fixture.products.scheduled.id,
      keyCode: 'A-scheduled',
      productTypeId: fixture.type.id,
      productTypeName: fixture.type.name,
      publishDate: future.toISOString(),
      publishState: 'SCHEDULED',
    });
    const published = await get(`/api/publish-products?business-unit=${fixture.unit.id}&details=true&state=PUBLISHED`);
    expect(published.items.map((i: { publishState: string }) => i.publishState)).toEqual(['PUBLISHED']);
    const byDate = await get(
      `/api/publish-products?business-unit=${fixture.unit.id}&details=true&state=PUBLISHED&state=SCHEDULED&sort=publishDate,desc&size=1&page=1`,
    );
    expect(byDate.items.map((i: { keyCode: string }) => i.keyCode)).toEqual(['B-published']);
    expect(byDate.pageable).toEqual({ pageNumber: 1, pageSize: 1, totalPages: 2, totalElements: 2 });
  });
});

describe('GET /api/publish-files', () => {
  it('counts files that are not archived by their current version, and documents by their state', async () => {
    expect(await get(`/api/publish-files?business-unit=${fixture.unit.id}`)).toEqual({
      businessUnitId: fixture.unit.id,
      // the fixture's own file and the new version are unpublished
      files: { unpublished: 2, scheduled: 1, published: 1 },
      // doc2 published (one file), doc3 scheduled (its archived file no longer counts), the first and the one without files unpublished
      documents: { unpublished: 2, scheduled: 1, published: 1 },
    });
  });

  it('details: a page of the files with their current version, sorted by name, publish date or document number', async () => {
    const page = await get(`/api/publish-files?business-unit=${fixture.unit.id}&details=true`);
    expect(page.items.map((i: { name: string }) => i.name)).toEqual(['a scheduled', 'c new version', fixture.file.name]);
    const newVersion = page.items.find((i: { id: number }) => i.id === fixture.files.newVersion.id);
    expect(newVersion).toEqual({
      id: fixture.files.newVersion.id,
      name: 'c new version',
      documentId: fixture.doc2.id,
      documentNumber: 'A-100',
      documentName: 'Second',
      fileVersionId: fixture.files.newVersion.versionIds[1],
      versionLabel: '2.0',
      versionDate: '2026-01-02',
      publishDate: null,
      publishState: 'UNPUBLISHED',
      hasBinary: false,
    });
    const byNumber = await get(
      `/api/publish-files?business-unit=${fixture.unit.id}&details=true&state=UNPUBLISHED&state=SCHEDULED&state=PUBLISHED&sort=documentNumber,desc&sort=name`,
    );
    // lower-cased document numbers, descending: doc-… (the fixture's own), b-200, a-100; then the name
    expect(byNumber.items.map((i: { documentNumber: string; name: string }) => `${i.documentNumber} ${i.name}`)).toEqual([
      `${fixture.doc.number} ${fixture.file.name}`,
      'B-200 a scheduled',
      'A-100 b published',
      'A-100 c new version',
    ]);
    expect(byNumber.pageable.totalElements).toBe(4);
  });
});

describe('a unit never published (decision 0051)', () => {
  it('counts its dated products, files and documents as unpublished, and lists them as what a publish changes', async () => {
    const ready = await makeReadyUnit(ctx.db);
    await makeProduct(ctx.db, ready.type, { keyCode: 'DATED-past', publishDate: past });
    await makeProduct(ctx.db, ready.type, { keyCode: 'DATED-future', publishDate: future });
    const dated = await makePublishFile(ctx.db, ready.doc, [{ binary: true, publishDate: past }], { name: 'dated file' });
    const unit = ready.unit.id;
    expect((await get(`/api/publish-products?business-unit=${unit}`)).products).toEqual({ unpublished: 3, scheduled: 0, published: 0 });
    expect(await get(`/api/publish-files?business-unit=${unit}`)).toMatchObject({
      files: { unpublished: 2, scheduled: 0, published: 0 },
      documents: { unpublished: 1, scheduled: 0, published: 0 },
    });
    const files = await get(`/api/publish-files?business-unit=${unit}&details=true`);
    expect(files.items.find((i: { id: number }) => i.id === dated.id)).toMatchObject({ publishState: 'UNPUBLISHED' });
    const published = await get(`/api/publish-products?business-unit=${unit}&details=true&state=PUBLISHED`);
    expect(published.items).toEqual([]);
  });
});
