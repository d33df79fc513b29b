import { CatalogueErrorKeys, ErrorKeys, HEADER_ALERT, HEADER_ERROR } from '@vellum/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeValue, product, productGroupProduct } from '../../db/schema/index.js';
import { makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { publishAsIs } from '../publishing/publish.fixtures.js';
import { auditsOf, type ProductWorld, productsWithKeyCode, productWorld, unique } from './products.test-support.js';

let ctx: TestContext;
let w: ProductWorld;
beforeAll(async () => {
  ctx = await createTestContext();
  w = await productWorld(ctx);
});
afterAll(() => ctx.close());

const valuesOf = async (productId: number) =>
  Object.fromEntries(
    (await ctx.db.select().from(attributeValue).where(eq(attributeValue.productId, productId))).map((v) => [
      v.attributeDefinitionId,
      v.value,
    ]),
  );
const groupIdsOf = async (productId: number) =>
  (await ctx.db.select().from(productGroupProduct).where(eq(productGroupProduct.productId, productId))).map((g) => g.productGroupId);

const createBody = (over: Record<string, unknown> = {}) => ({
  productTypeId: w.type.id,
  keyCode: `KC-${unique()}`,
  publishDate: null,
  attributeValues: [{ attributeDefinitionId: w.defs.size.id, value: 'Large' }],
  ...over,
});
const post = (body: Record<string, unknown>) => w.manager({ method: 'POST', url: '/api/products', payload: body });

/** The update body of a product as the admin would send it back. */
function bodyOf(p: Record<string, unknown>, over: Record<string, unknown> = {}) {
  const { attributeValues, productGroups, lotRanges, id, version, productTypeId, keyCode, publishDate } = p as {
    attributeValues: { attributeDefinitionId: number; value: string }[];
    productGroups: { id: number }[];
    lotRanges: unknown[];
    id: number;
    version: number;
    productTypeId: number;
    keyCode: string;
    publishDate: string | null;
  };
  return {
    id,
    version,
    productTypeId,
    keyCode,
    publishDate,
    attributeValues: attributeValues.map((v) => ({ attributeDefinitionId: v.attributeDefinitionId, value: v.value })),
    productGroupIds: productGroups.map((g) => g.id),
    lotRanges,
    ...over,
  };
}

/** Expects a 400 with the key and no product stored with the key code. */
async function rejected(body: Record<string, unknown>, key: string) {
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(key);
  expect(res.headers[HEADER_ERROR]).toBe(key);
  expect(await productsWithKeyCode(ctx, body.keyCode as string)).toHaveLength(0);
  return res.json();
}

describe('access to /api/products', () => {
  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/products/1'],
      ['POST', '/api/products'],
      ['POST', '/api/products/search?product-type=1'],
      ['PUT', '/api/products'],
      ['PUT', '/api/products/1'],
      ['DELETE', '/api/products/1'],
    ] as const) {
      const res = await w.anonymous({ method, url, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 without a product right, and with the rights only in another business unit; nothing changes', async () => {
    const p = await makeProduct(ctx.db, w.type, {}, { [w.defs.size.id]: 'M' });
    const body = { ...createBody(), id: p.id, version: 0, keyCode: `${p.keyCode}-x`, attributeValues: [] };
    for (const client of [w.noRight, w.elsewhere]) {
      expect((await client({ method: 'GET', url: `/api/products/${p.id}` })).statusCode).toBe(403);
      const created = createBody();
      expect((await client({ method: 'POST', url: '/api/products', payload: created })).statusCode).toBe(403);
      expect(await productsWithKeyCode(ctx, created.keyCode)).toHaveLength(0);
      expect((await client({ method: 'PUT', url: '/api/products', payload: body })).statusCode).toBe(403);
      expect((await client({ method: 'PUT', url: `/api/products/${p.id}`, payload: body })).statusCode).toBe(403);
      expect((await client({ method: 'DELETE', url: `/api/products/${p.id}` })).statusCode).toBe(403);
    }
    expect((await productsWithKeyCode(ctx, p.keyCode))[0].version).toBe(0);
  });

  it('lets a reader read but not write, and a manager write but not delete', async () => {
    const p = await makeProduct(ctx.db, w.type, {}, { [w.defs.size.id]: 'M' });
    expect((await w.reader({ method: 'GET', url: `/api/products/${p.id}` })).statusCode).toBe(200);
    expect((await w.reader({ method: 'POST', url: '/api/products', payload: createBody() })).statusCode).toBe(403);
    expect((await w.reader({ method: 'DELETE', url: `/api/products/${p.id}` })).statusCode).toBe(403);
    expect((await w.manager({ method: 'DELETE', url: `/api/products/${p.id}` })).statusCode).toBe(403);
    expect((await w.deleter({ method: 'GET', url: `/api/products/${p.id}` })).statusCode).toBe(403);
  });

  it('answers 404 for a missing product or product type, and for a global product type', async () => {
    expect((await w.manager({ method: 'GET', url: '/api/products/999999' })).statusCode).toBe(404);
    expect((await w.deleter({ method: 'DELETE', url: '/api/products/999999' })).statusCode).toBe(404);
    const put = await w.manager({ method: 'PUT', url: '/api/products', payload: { ...createBody(), id: 999999, version: 0 } });
    expect(put.statusCode).toBe(404);
    expect((await post(createBody({ productTypeId: 999999 }))).json()).toMatchObject({ status: 404, params: { entity: 'productType' } });
    const global = await makeProductType(ctx.db, 0);
    const everywhere = createBody({ productTypeId: global.id, attributeValues: [] });
    expect((await post(everywhere)).statusCode).toBe(404);
    expect(await productsWithKeyCode(ctx, everywhere.keyCode)).toHaveLength(0);
    // ids beyond what the database stores are refused by validation
    expect((await w.manager({ method: 'GET', url: '/api/products/3000000000' })).statusCode).toBe(400);
  });
});

describe('POST /api/products', () => {
  it('creates a product with values and product groups, answers 201 with an alert, and audits it', async () => {
    const group = await makeProductGroup(ctx.db, w.type);
    const body = createBody({
      keyCode: `  Kc-${unique()}  `,
      publishDate: '2020-01-01T00:00:00.000Z',
      attributeValues: [
        { attributeDefinitionId: w.defs.size.id, value: ' Large ' },
        { attributeDefinitionId: w.defs.ref.id, value: `REF-${unique()}` },
      ],
      productGroupIds: [group.id, group.id],
    });
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers[HEADER_ALERT]).toBe('vellumApp.product.created');
    const created = res.json();
    expect(created).toMatchObject({
      businessUnitId: w.unitA.id,
      productTypeId: w.type.id,
      keyCode: (body.keyCode as string).trim(),
      publishDate: '2020-01-01T00:00:00.000Z',
      // a date alone publishes nothing: the live publication does not hold it yet (decision 0051)
      publishState: 'UNPUBLISHED',
      productGroups: [{ id: group.id, name: group.name }],
      lotRanges: [],
      version: 0,
    });
    expect(
      created.attributeValues.map((v: { attributeDefinitionId: number; value: string }) => [v.attributeDefinitionId, v.value]),
    ).toEqual([
      [w.defs.size.id, 'Large'],
      [w.defs.ref.id, body.attributeValues[1].value],
    ]);
    expect(await valuesOf(created.id)).toEqual({ [w.defs.size.id]: 'Large', [w.defs.ref.id]: body.attributeValues[1].value });
    expect(await groupIdsOf(created.id)).toEqual([group.id]);
    const [entry] = await auditsOf(ctx, 'product', created.id);
    expect(entry).toMatchObject({ action: 'CREATE', businessUnitId: w.unitA.id });
    expect(entry.changes).toMatchObject({ keyCode: created.keyCode, productGroupIds: [group.id], lotRangeIds: [] });
    expect((await w.reader({ method: 'GET', url: `/api/products/${created.id}` })).json()).toEqual(created);
  });

  it('computes the publish state from the publish date and the live publication (decision 0051)', async () => {
    const none = (await post(createBody())).json();
    expect(none).toMatchObject({ publishDate: null, publishState: 'UNPUBLISHED' });
    const future = (await post(createBody({ publishDate: '2999-01-01T00:00:00+02:00' }))).json();
    const past = (await post(createBody({ publishDate: '2020-01-01T00:00:00Z' }))).json();
    // dated by hand, never published: unpublished whatever the date
    expect(future).toMatchObject({ publishDate: '2998-12-31T22:00:00.000Z', publishState: 'UNPUBLISHED' });
    expect(past).toMatchObject({ publishState: 'UNPUBLISHED' });
    await publishAsIs(ctx.db, w.unitA.id);
    const read = async (id: number) => (await w.reader({ method: 'GET', url: `/api/products/${id}` })).json().publishState;
    expect(await read(future.id)).toBe('SCHEDULED');
    expect(await read(past.id)).toBe('PUBLISHED');
    expect(await read(none.id)).toBe('UNPUBLISHED');
  });

  it('answers 400 with field errors and stores nothing for an invalid body', async () => {
    const body = createBody({ keyCode: `KC-${unique()}`, attributeValues: 'no' });
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ErrorKeys.validation);
    expect(await productsWithKeyCode(ctx, body.keyCode as string)).toHaveLength(0);
    const blank = await post(createBody({ keyCode: '   ' }));
    expect(blank.json().fieldErrors).toEqual([expect.objectContaining({ field: 'keyCode', message: 'NotBlank' })]);
    expect((await post({ ...createBody(), id: 5 })).statusCode).toBe(400);
  });

  it('keeps key codes unique in the business unit, ignoring case (error.product.keyCodeExists)', async () => {
    const p = await makeProduct(ctx.db, w.type, { keyCode: `Dup-${unique()}` });
    const res = await post(createBody({ keyCode: p.keyCode.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: CatalogueErrorKeys.keyCodeExists, fieldErrors: [{ field: 'keyCode' }] });
    expect(await productsWithKeyCode(ctx, p.keyCode)).toHaveLength(1);
    // another type of the same unit shares the key-code space; another unit does not
    expect((await post(createBody({ productTypeId: w.otherType.id, keyCode: p.keyCode, attributeValues: [] }))).statusCode).toBe(400);
    await makeProduct(ctx.db, w.typeB, { keyCode: `Elsewhere-${unique()}` });
    const elsewhere = await makeProduct(ctx.db, w.typeB);
    expect((await post(createBody({ keyCode: elsewhere.keyCode }))).statusCode).toBe(201);
  });

  it('accepts values only for active STRING attributes of the product type (error.product.attributeDefinitionInvalid)', async () => {
    const colour = w.otherType.definitions[0];
    for (const attributeDefinitionId of [999999, w.defs.old.id, colour.id]) {
      const json = await rejected(
        createBody({ attributeValues: [{ attributeDefinitionId, value: 'x' }] }),
        CatalogueErrorKeys.attributeDefinitionInvalid,
      );
      expect(json.params).toEqual({ attributeDefinitionId });
      expect(json.fieldErrors[0].field).toBe('attributeValues.0.attributeDefinitionId');
    }
    const twice = [
      { attributeDefinitionId: w.defs.size.id, value: 'a' },
      { attributeDefinitionId: w.defs.size.id, value: 'b' },
    ];
    await rejected(createBody({ attributeValues: twice }), CatalogueErrorKeys.attributeDefinitionInvalid);
  });

  it('links lot numbers only as lot ranges (error.product.onlyLotNumbersLinkable)', async () => {
    const attributeValues = [{ attributeDefinitionId: w.defs.lots.id, value: 'L1' }];
    await rejected(createBody({ attributeValues }), CatalogueErrorKeys.onlyLotNumbersLinkable);
  });

  it('wants each value a non-blank string of at most 255 characters', async () => {
    const id = w.defs.size.id;
    await rejected(createBody({ attributeValues: [{ attributeDefinitionId: id, value: 12 }] }), CatalogueErrorKeys.attributeValueNotString);
    await rejected(
      createBody({ attributeValues: [{ attributeDefinitionId: id, value: ['a'] }] }),
      CatalogueErrorKeys.attributeValueNotString,
    );
    await rejected(createBody({ attributeValues: [{ attributeDefinitionId: id, value: '   ' }] }), CatalogueErrorKeys.attributeValueEmpty);
    await rejected(createBody({ attributeValues: [{ attributeDefinitionId: id, value: null }] }), CatalogueErrorKeys.attributeValueEmpty);
    const long = await rejected(
      createBody({ attributeValues: [{ attributeDefinitionId: id, value: 'x'.repeat(256) }] }),
      CatalogueErrorKeys.attributeValueTooLong,
    );
    expect(long.params).toEqual({ attributeDefinitionId: id, max: 255 });
    expect((await post(createBody({ attributeValues: [{ attributeDefinitionId: id, value: 'x'.repeat(255) }] }))).statusCode).toBe(201);
  });

  it('requires a value for every mandatory attribute (error.product.mandatoryAttributeMissing)', async () => {
    const t = await makeProductType(ctx.db, w.unitA.id, {}, [{ name: 'Model', slug: 'model', isMandatory: true }, { name: 'Other' }]);
    const json = await rejected(
      createBody({ productTypeId: t.id, attributeValues: [{ attributeDefinitionId: t.definitions[1].id, value: 'x' }] }),
      CatalogueErrorKeys.mandatoryAttributeMissing,
    );
    expect(json.params).toEqual({ attributeDefinitionId: t.definitions[0].id, name: 'Model' });
    const ok = createBody({ productTypeId: t.id, attributeValues: [{ attributeDefinitionId: t.definitions[0].id, value: 'M1' }] });
    expect((await post(ok)).statusCode).toBe(201);
  });

  it('keeps unique attribute values unique among the products of the type, ignoring case (error.product.attributeValueNotUnique)', async () => {
    const value = `Ref-${unique()}`;
    const first = (await post(createBody({ attributeValues: [{ attributeDefinitionId: w.defs.ref.id, value }] }))).json();
    const json = await rejected(
      createBody({ attributeValues: [{ attributeDefinitionId: w.defs.ref.id, value: value.toLowerCase() }] }),
      CatalogueErrorKeys.attributeValueNotUnique,
    );
    expect(json.params).toEqual({ attributeDefinitionId: w.defs.ref.id, name: 'Reference', value: value.toLowerCase() });
    // a non-unique attribute may repeat; the product itself keeps its value on update
    expect((await post(createBody({ attributeValues: [{ attributeDefinitionId: w.defs.size.id, value }] }))).statusCode).toBe(201);
    const again = await w.manager({ method: 'PUT', url: '/api/products', payload: bodyOf(first, { keyCode: `${first.keyCode}-2` }) });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('links only existing product groups of the same product type', async () => {
    const foreign = await makeProductGroup(ctx.db, w.otherType);
    const json = await rejected(createBody({ productGroupIds: [foreign.id] }), CatalogueErrorKeys.productGroupTypeMismatch);
    expect(json.params).toEqual({ id: foreign.id, name: foreign.name });
    const inB = await makeProductGroup(ctx.db, w.typeB);
    await rejected(createBody({ productGroupIds: [inB.id] }), CatalogueErrorKeys.productGroupTypeMismatch);
    const missing = await rejected(createBody({ productGroupIds: [999999] }), 'error.sql.nestedIdNotFound');
    expect(missing.params).toEqual({ entity: 'productGroup', ids: [999999] });
  });
});

describe('PUT /api/products', () => {
  async function created(over: Record<string, unknown> = {}) {
    const res = await post(createBody(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('updates key code, publish date, values and groups; bumps the version and audits the differences', async () => {
    const g1 = await makeProductGroup(ctx.db, w.type);
    const g2 = await makeProductGroup(ctx.db, w.type);
    const p = await created({ productGroupIds: [g1.id] });
    const keyCode = `New-${unique()}`;
    const res = await w.manager({
      method: 'PUT',
      url: '/api/products',
      payload: bodyOf(p, {
        keyCode,
        publishDate: '2999-05-01T10:00:00.000Z',
        attributeValues: [{ attributeDefinitionId: w.defs.ref.id, value: `R-${unique()}` }],
        productGroupIds: [g2.id],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[HEADER_ALERT]).toBe('vellumApp.product.updated');
    const updated = res.json();
    // dated, not yet in a publication (decision 0051)
    expect(updated).toMatchObject({ keyCode, publishState: 'UNPUBLISHED', version: 1, productGroups: [{ id: g2.id }] });
    expect(new Date(updated.lastModifiedDate).getTime()).toBeGreaterThanOrEqual(new Date(p.lastModifiedDate).getTime());
    expect(Object.keys(await valuesOf(p.id))).toEqual([String(w.defs.ref.id)]);
    expect(await groupIdsOf(p.id)).toEqual([g2.id]);
    const [entry] = await auditsOf(ctx, 'product', p.id);
    expect(entry.action).toBe('UPDATE');
    expect(entry.changes).toMatchObject({
      keyCode: { from: p.keyCode, to: keyCode },
      productGroupIds: { from: [g1.id], to: [g2.id] },
      publishDate: { from: null, to: '2999-05-01T10:00:00.000Z' },
    });
  });

  it('PUT /api/products/{id} updates too; a path id other than the body id answers 400', async () => {
    const p = await created();
    const ok = await w.manager({ method: 'PUT', url: `/api/products/${p.id}`, payload: bodyOf(p, { keyCode: `${p.keyCode}-b` }) });
    expect(ok.statusCode, ok.body).toBe(200);
    const other = await created();
    const mismatch = await w.manager({ method: 'PUT', url: `/api/products/${other.id}`, payload: bodyOf(ok.json(), { keyCode: 'zzz' }) });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(ErrorKeys.idMismatch);
  });

  it('answers 409 for a stale version and changes nothing', async () => {
    const p = await created();
    expect((await w.manager({ method: 'PUT', url: '/api/products', payload: bodyOf(p, { keyCode: `${p.keyCode}-1` }) })).statusCode).toBe(
      200,
    );
    const stale = await w.manager({ method: 'PUT', url: '/api/products', payload: bodyOf(p, { keyCode: `${p.keyCode}-2` }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(ErrorKeys.concurrencyFailure);
    expect(await productsWithKeyCode(ctx, `${p.keyCode}-1`)).toHaveLength(1);
  });

  it('never changes the product type (error.product.productTypeCannotChange)', async () => {
    const p = await created();
    const res = await w.manager({
      method: 'PUT',
      url: '/api/products',
      payload: bodyOf(p, { productTypeId: w.otherType.id, attributeValues: [] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CatalogueErrorKeys.productTypeCannotChange);
    expect((await ctx.db.select().from(product).where(eq(product.id, p.id)))[0]).toMatchObject({ productTypeId: w.type.id, version: 0 });
  });

  it('checks the rules on update too, and stores nothing on error', async () => {
    const taken = await makeProduct(ctx.db, w.type);
    const p = await created();
    const dup = await w.manager({ method: 'PUT', url: '/api/products', payload: bodyOf(p, { keyCode: taken.keyCode.toLowerCase() }) });
    expect(dup.json().message).toBe(CatalogueErrorKeys.keyCodeExists);
    const own = await w.manager({ method: 'PUT', url: '/api/products', payload: bodyOf(p, { keyCode: p.keyCode.toUpperCase() }) });
    expect(own.statusCode).toBe(200);
    const bad = await w.manager({
      method: 'PUT',
      url: '/api/products',
      payload: bodyOf(own.json(), { keyCode: 'changed', attributeValues: [{ attributeDefinitionId: w.defs.size.id, value: '' }] }),
    });
    expect(bad.json().message).toBe(CatalogueErrorKeys.attributeValueEmpty);
    const [row] = await ctx.db.select().from(product).where(eq(product.id, p.id));
    expect(row).toMatchObject({ keyCode: p.keyCode.toUpperCase(), version: 1 });
    expect(await valuesOf(p.id)).toEqual({ [w.defs.size.id]: 'Large' });
  });

  it('keeps the values of inactive attributes, which the product does not show', async () => {
    const p = await makeProduct(ctx.db, w.type, {}, { [w.defs.size.id]: 'S', [w.defs.old.id]: 'kept' });
    const got = (await w.reader({ method: 'GET', url: `/api/products/${p.id}` })).json();
    expect(got.attributeValues.map((v: { attributeDefinitionId: number }) => v.attributeDefinitionId)).toEqual([w.defs.size.id]);
    expect((await w.manager({ method: 'PUT', url: '/api/products', payload: bodyOf(got, { attributeValues: [] }) })).statusCode).toBe(200);
    expect(await valuesOf(p.id)).toEqual({ [w.defs.old.id]: 'kept' });
  });
});

describe('DELETE /api/products/{id}', () => {
  it('deletes the product with its values and group links, answers 204 with an alert, and audits it', async () => {
    const p = await makeProduct(ctx.db, w.type, {}, { [w.defs.size.id]: 'S' });
    const group = await makeProductGroup(ctx.db, w.type, [p.id]);
    const res = await w.deleter({ method: 'DELETE', url: `/api/products/${p.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.headers[HEADER_ALERT]).toBe('vellumApp.product.deleted');
    expect(await productsWithKeyCode(ctx, p.keyCode)).toHaveLength(0);
    expect(await valuesOf(p.id)).toEqual({});
    expect(await ctx.db.select().from(productGroupProduct).where(eq(productGroupProduct.productGroupId, group.id))).toHaveLength(0);
    const [entry] = await auditsOf(ctx, 'product', p.id);
    expect(entry).toMatchObject({ action: 'DELETE', businessUnitId: w.unitA.id });
    expect(entry.changes).toMatchObject({ keyCode: p.keyCode, productGroupIds: [group.id] });
    expect((await w.deleter({ method: 'DELETE', url: `/api/products/${p.id}` })).statusCode).toBe(404);
  });
});

describe('the audit log names products by their key code', () => {
  it('keeps the key code each row was written with, also after the product is deleted', async () => {
    const firstKey = `AUD-${unique()}`;
    const secondKey = `AUD-${unique()}`;
    const created = await post(createBody({ keyCode: firstKey }));
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json();
    const renamed = await w.manager({ method: 'PUT', url: '/api/products', payload: bodyOf(p, { keyCode: secondKey }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await w.deleter({ method: 'DELETE', url: `/api/products/${p.id}` })).statusCode).toBe(204);

    const auditor = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['AUDIT_LOG_ALL_READ'], [w.unitA.id])).id));
    const res = await auditor({ method: 'GET', url: `/api/audit-logs?business-unit=${w.unitA.id}&entityName=product&size=100` });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json().items as { entityId: string; entityLabel: string | null; action: string }[])
      .filter((r) => r.entityId === String(p.id))
      .map((r) => [r.action, r.entityLabel]);
    expect(rows).toEqual([
      ['DELETE', secondKey],
      ['UPDATE', secondKey],
      ['CREATE', firstKey],
    ]);

    // the search finds the rows by the label they were written with
    const found = await auditor({ method: 'GET', url: `/api/audit-logs?business-unit=${w.unitA.id}&search=${firstKey.toLowerCase()}` });
    expect(found.json().items.map((r: { action: string }) => r.action)).toEqual(['CREATE']);
  });
});
