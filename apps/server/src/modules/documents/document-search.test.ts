import type { AccessRight } from '@vellum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentAttribute, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { publishAsIs } from '../publishing/publish.fixtures.js';

let ctx: TestContext;
let unit: { id: number };
let other: { id: number };
let reader: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;
let elsewhere: ReturnType<typeof as>;
const ids: Record<string, number> = {};
let typeIfu: { id: number };
let typeLeaflet: { id: number };
let model: { id: number };
let group: { id: number };
let product: { id: number };

const client = async (rights: AccessRight[], units: number[]) =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db);
  other = await makeBusinessUnit(ctx.db);
  reader = await client(['DOCUMENT_READ'], [unit.id]);
  manager = await client(['DOCUMENT_MANAGE'], [unit.id]);
  nobody = await client(['PRODUCT_READ'], [unit.id]);
  elsewhere = await client(['DOCUMENT_READ', 'DOCUMENT_MANAGE'], [other.id]);
  typeIfu = await makeDocumentType(ctx.db, unit.id, { name: 'IFU' });
  typeLeaflet = await makeDocumentType(ctx.db, unit.id, { name: 'Leaflet' });
  model = await makeDocumentAttribute(ctx.db, unit.id, { name: 'Model' });
  const pt = await makeProductType(ctx.db, unit.id);
  product = await makeProduct(ctx.db, pt, { keyCode: 'PM-1' });
  group = await makeProductGroup(ctx.db, pt, [], { name: 'Pacemakers' });
  const past = new Date(Date.now() - 1000);
  const future = new Date(Date.now() + 86_400_000);
  const a = await makeDocument(
    ctx.db,
    unit.id,
    typeIfu.id,
    { number: 'IFU-100', name: 'Vita pacemaker' },
    { values: { [model.id]: 'Vita 100' }, productGroupIds: [group.id] },
  );
  await makeDocumentFile(ctx.db, a, [{ publishDate: past, binaryKey: 'k/search-a' }]);
  const b = await makeDocument(ctx.db, unit.id, typeLeaflet.id, { number: 'LF-200', name: 'Nova leaflet' }, { productIds: [product.id] });
  await makeDocumentFile(ctx.db, b, [{ publishDate: future, binaryKey: 'k/search-b' }]);
  const c = await makeDocument(
    ctx.db,
    unit.id,
    typeIfu.id,
    { number: 'ifu-050', name: 'Orphan manual' },
    { values: { [model.id]: 'Nova X' } },
  );
  const otherType = await makeDocumentType(ctx.db, other.id);
  await makeDocument(ctx.db, other.id, otherType.id, { number: 'IFU-999', name: 'Vita elsewhere' });
  Object.assign(ids, { a: a.id, b: b.id, c: c.id });
  // published and scheduled once the live publication holds them (decision 0051)
  await publishAsIs(ctx.db, unit.id);
});
afterAll(() => ctx.close());

const search = (body: Record<string, unknown> = {}, query = '') =>
  reader({ method: 'POST', url: `/api/documents/search?business-unit=${unit.id}${query}`, payload: body });
const numbers = async (body: Record<string, unknown> = {}, query = '') => {
  const res = await search(body, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((i: { number: string }) => i.number);
};

describe('POST /api/documents/search', () => {
  it('answers 401, 403 without a document right or in another unit, 400 without the unit or with a bad sort', async () => {
    const url = `/api/documents/search?business-unit=${unit.id}`;
    expect((await as(ctx.app, undefined)({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'POST', url, payload: {} })).statusCode).toBe(403);
    expect((await reader({ method: 'POST', url: '/api/documents/search', payload: {} })).statusCode).toBe(400);
    expect((await reader({ method: 'POST', url: `${url}&sort=bogus`, payload: {} })).statusCode).toBe(400);
    expect((await reader({ method: 'POST', url, payload: { publishState: 'NOPE' } })).statusCode).toBe(400);
    expect((await manager({ method: 'POST', url, payload: {} })).statusCode).toBe(200);
  });

  it('answers the unit’s documents by number (case-insensitive) with summaries and the page', async () => {
    const res = await search();
    expect(res.json().pageable).toEqual({ pageNumber: 0, pageSize: 10, totalPages: 1, totalElements: 3 });
    expect(res.json().items.map((i: { number: string }) => i.number)).toEqual(['ifu-050', 'IFU-100', 'LF-200']);
    expect(res.json().items[1]).toEqual({
      id: ids.a,
      number: 'IFU-100',
      name: 'Vita pacemaker',
      documentTypeId: typeIfu.id,
      documentTypeName: 'IFU',
      publishState: 'PUBLISHED',
      fileCount: 1,
      lastModifiedDate: expect.any(String),
    });
  });

  it('sorts by name, type, id, last modification, asc or desc, and pages', async () => {
    expect(await numbers({}, '&sort=name,desc')).toEqual(['IFU-100', 'ifu-050', 'LF-200']);
    expect(await numbers({}, '&sort=name,asc')).toEqual(['LF-200', 'ifu-050', 'IFU-100']);
    expect(await numbers({}, '&sort=documentType,desc&sort=number,desc')).toEqual(['LF-200', 'IFU-100', 'ifu-050']);
    expect(await numbers({}, '&sort=id,desc')).toEqual(['ifu-050', 'LF-200', 'IFU-100']);
    expect(await numbers({}, '&sort=lastModifiedDate,asc')).toHaveLength(3);
    const page = await search({}, '&size=2&page=1');
    expect(page.json().items.map((i: { number: string }) => i.number)).toEqual(['LF-200']);
    expect(page.json().pageable).toMatchObject({ totalElements: 3, totalPages: 2 });
    const past = await search({}, '&size=2&page=5');
    expect(past.json()).toMatchObject({ items: [], pageable: { totalElements: 3 } });
  });

  it('filters by number, name, text, type, attributes, product, product group, publish state, files and orphans', async () => {
    expect(await numbers({ number: { value: 'ifu', match: 'PARTIAL' } })).toEqual(['ifu-050', 'IFU-100']);
    expect(await numbers({ number: { value: 'ifu-100', match: 'EXACT' } })).toEqual(['IFU-100']);
    expect(await numbers({ number: { value: 'ifu', match: 'EXACT' } })).toEqual([]);
    expect(await numbers({ name: { value: 'LEAFLET' } })).toEqual(['LF-200']);
    expect(await numbers({ text: 'nova' })).toEqual(['ifu-050', 'LF-200']);
    expect(await numbers({ text: '%' })).toEqual([]);
    expect(await numbers({ documentTypeId: typeIfu.id })).toEqual(['ifu-050', 'IFU-100']);
    expect(await numbers({ attributes: [{ attributeDefinitionId: model.id, value: 'vita 100', match: 'EXACT' }] })).toEqual(['IFU-100']);
    expect(await numbers({ productId: product.id })).toEqual(['LF-200']);
    expect(await numbers({ productGroupId: group.id })).toEqual(['IFU-100']);
    expect(await numbers({ publishState: 'PUBLISHED' })).toEqual(['IFU-100']);
    expect(await numbers({ publishState: 'SCHEDULED' })).toEqual(['LF-200']);
    expect(await numbers({ publishState: 'UNPUBLISHED' })).toEqual(['ifu-050']);
    expect(await numbers({ publishState: 'PUBLISHED', documentTypeId: typeIfu.id })).toEqual(['IFU-100']);
    expect(await numbers({ publishState: 'SCHEDULED', documentTypeId: typeIfu.id })).toEqual([]);
    expect(await numbers({ publishState: 'UNPUBLISHED' }, '&sort=name,desc')).toEqual(['ifu-050']);
    const pastState = await search({ publishState: 'PUBLISHED' }, '&size=2&page=3');
    expect(pastState.json()).toMatchObject({ items: [], pageable: { totalElements: 1 } });
    expect(await numbers({ hasFiles: true })).toEqual(['IFU-100', 'LF-200']);
    expect(await numbers({ hasFiles: false })).toEqual(['ifu-050']);
    expect(await numbers({ orphans: true })).toEqual(['ifu-050']);
    expect(await numbers({ orphans: true, text: 'vita' })).toEqual([]);
  });

  it('adds the collections when asked', async () => {
    const res = await search({ number: { value: 'IFU-100', match: 'EXACT' } }, '&include-collections=true');
    expect(res.json().items[0]).toMatchObject({
      attributeValues: [{ attributeDefinitionId: model.id, value: 'Vita 100' }],
      productGroups: [{ id: group.id, name: 'Pacemakers' }],
      products: [],
    });
    const plain = await search({ number: { value: 'IFU-100', match: 'EXACT' } });
    expect(plain.json().items[0].attributeValues).toBeUndefined();
  });
});
