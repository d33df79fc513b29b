import type { AccessRight } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productGroupRemark, productRemark } from '../../db/schema/index.js';
import { makeProductGroup, makeProductRemark, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { multipart, tinyPng } from '../../platform/images.fixtures.js';
import { FORBIDDEN_MARKUP, XSS_PAYLOADS } from '../../platform/rich-text.fixtures.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
let unitA: { id: number };
let unitB: { id: number };
/** PRODUCT_REMARK_MANAGE and PRODUCT_REMARK_DELETE in unit A. */
let manager: ReturnType<typeof as>;
/** PRODUCT_REMARK_MANAGE in unit A, without the delete right. */
let editor: ReturnType<typeof as>;
let reader: ReturnType<typeof as>;
/** Rights on unrelated areas in unit A. */
let nobody: ReturnType<typeof as>;
/** Every remark right, but in unit B. */
let elsewhere: ReturnType<typeof as>;

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = await makeBusinessUnit(ctx.db);
  unitB = await makeBusinessUnit(ctx.db);
  manager = await client(['PRODUCT_REMARK_MANAGE', 'PRODUCT_REMARK_DELETE'], [unitA.id]);
  editor = await client(['PRODUCT_REMARK_MANAGE'], [unitA.id]);
  reader = await client(['PRODUCT_READ'], [unitA.id]);
  nobody = await client(['PRODUCT_TYPE_MANAGE', 'DOCUMENT_MANAGE'], [unitA.id]);
  elsewhere = await client(['PRODUCT_REMARK_MANAGE', 'PRODUCT_REMARK_DELETE', 'PRODUCT_READ', 'PRODUCT_MANAGE'], [unitB.id]);
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const remarkRow = async (id: number) => (await ctx.db.select().from(productRemark).where(eq(productRemark.id, id)))[0];
const remarksNamed = (name: string) => ctx.db.select().from(productRemark).where(eq(productRemark.name, name));
const auditsOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'product-remark'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const bodyOf = (r: typeof productRemark.$inferSelect, over: Record<string, unknown> = {}) => ({
  id: r.id,
  businessUnitId: r.businessUnitId,
  name: r.name,
  visualizationOrder: r.visualizationOrder,
  hcp: r.hcp,
  patient: r.patient,
  content: r.content,
  version: r.version,
  ...over,
});
const upload = (c: ReturnType<typeof as>, id: number, field: string, name: string, type: string, data: Buffer) =>
  c({ method: 'POST', url: `/api/product-remarks/${id}/rtf`, ...multipart(field, name, type, data) });

describe('GET /api/product-remarks', () => {
  const tag = unique();
  let ids: number[];
  beforeAll(async () => {
    const b = await makeProductRemark(ctx.db, unitA.id, { name: `Beta ${tag}`, visualizationOrder: 1 });
    const a = await makeProductRemark(ctx.db, unitA.id, { name: `alpha ${tag}`, visualizationOrder: 1 });
    const first = await makeProductRemark(ctx.db, unitA.id, { name: `Zulu ${tag}`, visualizationOrder: 0 });
    await makeProductRemark(ctx.db, unitB.id, { name: `Other ${tag}` });
    ids = [first.id, a.id, b.id];
    const type = await makeProductType(ctx.db, unitA.id);
    await makeProductGroup(ctx.db, type, [], { name: `Shown in ${tag}` }, [a.id]);
  });

  it('answers 401, 403 without a read right or with rights only in another unit, 400 without the business unit', async () => {
    expect((await as(ctx.app, undefined)({ method: 'GET', url: `/api/product-remarks?business-unit=${unitA.id}` })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) {
      expect((await c({ method: 'GET', url: `/api/product-remarks?business-unit=${unitA.id}` })).statusCode).toBe(403);
    }
    const res = await reader({ method: 'GET', url: '/api/product-remarks' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.validation');
  });

  it('lists the unit’s remarks by visualisation order, then name (case-insensitive), with their groups', async () => {
    for (const c of [reader, editor, await client(['PRODUCT_MANAGE'], [unitA.id])]) {
      const res = await c({ method: 'GET', url: `/api/product-remarks?business-unit=${unitA.id}&search=${tag}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((r: { id: number }) => r.id)).toEqual(ids);
      expect(res.headers['x-total-count']).toBe('3');
    }
    const res = await reader({ method: 'GET', url: `/api/product-remarks?business-unit=${unitA.id}&search=ALPHA ${tag}` });
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: ids[1],
        businessUnitId: unitA.id,
        productGroups: [expect.objectContaining({ name: `Shown in ${tag}` })],
      }),
    ]);
    const wild = await reader({ method: 'GET', url: `/api/product-remarks?business-unit=${unitA.id}&search=%25` });
    expect(wild.json()).toEqual([]);
  });
});

describe('GET /api/product-remarks/{id}', () => {
  it('answers 401, 403, 404 and the remark', async () => {
    const r = await makeProductRemark(ctx.db, unitA.id, { content: '<p>x</p>', cloudStorageObjectKey: null });
    expect((await as(ctx.app, undefined)({ method: 'GET', url: `/api/product-remarks/${r.id}` })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url: `/api/product-remarks/${r.id}` })).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: '/api/product-remarks/99999999' })).statusCode).toBe(404);
    expect((await reader({ method: 'GET', url: '/api/product-remarks/3000000000' })).statusCode).toBe(400);
    const res = await reader({ method: 'GET', url: `/api/product-remarks/${r.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: r.id,
      businessUnitId: unitA.id,
      name: r.name,
      visualizationOrder: 0,
      hcp: true,
      patient: false,
      content: '<p>x</p>',
      cloudStorageObjectKey: null,
      productGroups: [],
      version: 0,
    });
  });
});

describe('POST /api/product-remarks', () => {
  const valid = () => ({
    businessUnitId: unitA.id,
    name: `Remark ${unique()}`,
    visualizationOrder: 3,
    hcp: true,
    patient: true,
    content: '<p>Hello</p>',
  });

  it('answers 401, and 403 without the manage right or with it only in another unit, storing nothing', async () => {
    const body = valid();
    expect((await as(ctx.app, undefined)({ method: 'POST', url: '/api/product-remarks', payload: body })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere]) {
      expect((await c({ method: 'POST', url: '/api/product-remarks', payload: body })).statusCode).toBe(403);
    }
    expect(await remarksNamed(body.name)).toEqual([]);
  });

  it('answers 400 for invalid fields and stores nothing', async () => {
    for (const over of [
      { name: '' },
      { name: 'bad<name>' },
      { name: 'x'.repeat(51) },
      { visualizationOrder: -1 },
      { content: 'x'.repeat(200_001) },
    ]) {
      const body = { ...valid(), ...over };
      const res = await manager({ method: 'POST', url: '/api/product-remarks', payload: body });
      expect(res.statusCode, JSON.stringify(over).slice(0, 40)).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    const body = valid();
    const noUnit = { ...body, businessUnitId: undefined };
    expect((await manager({ method: 'POST', url: '/api/product-remarks', payload: noUnit })).statusCode).toBe(400);
    expect(await remarksNamed(body.name)).toEqual([]);
  });

  it('refuses the global scope and unknown business units', async () => {
    const admin = await client(['PRODUCT_REMARK_MANAGE'], 'all');
    for (const businessUnitId of [0, 99999999]) {
      const body = { ...valid(), businessUnitId };
      const res = await admin({ method: 'POST', url: '/api/product-remarks', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ objectName: 'productRemark', field: 'businessUnitId', message: 'NotFound' }]);
      expect(await remarksNamed(body.name)).toEqual([]);
    }
  });

  it('creates the remark (201), announces it and audits it', async () => {
    const body = valid();
    const res = await manager({ method: 'POST', url: '/api/product-remarks', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.productRemark.created');
    const created = res.json();
    expect(created).toMatchObject({ ...body, id: expect.any(Number), cloudStorageObjectKey: null, productGroups: [], version: 0 });
    const [a] = await auditsOf(created.id);
    expect(a).toMatchObject({ action: 'CREATE', businessUnitId: unitA.id, changes: expect.objectContaining({ name: body.name }) });
  });

  it('refuses a name taken in the business unit regardless of case, but not one taken in another unit', async () => {
    const taken = await makeProductRemark(ctx.db, unitA.id);
    const res = await manager({ method: 'POST', url: '/api/product-remarks', payload: { ...valid(), name: taken.name.toUpperCase() } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.productRemark.nameExists', params: { name: taken.name.toUpperCase() } });
    expect(await remarksNamed(taken.name.toUpperCase())).toEqual([]);
    const inB = await elsewhere({
      method: 'POST',
      url: '/api/product-remarks',
      payload: { ...valid(), businessUnitId: unitB.id, name: taken.name },
    });
    expect(inB.statusCode).toBe(201);
  });

  it('refuses a body that carries an id', async () => {
    const res = await manager({ method: 'POST', url: '/api/product-remarks', payload: { ...valid(), id: 5 } });
    expect(res.statusCode).toBe(400);
  });

  it('sanitises the content', async () => {
    const res = await manager({
      method: 'POST',
      url: '/api/product-remarks',
      payload: { ...valid(), content: `<p>ok</p>${XSS_PAYLOADS}` },
    });
    expect(res.statusCode).toBe(201);
    const stored = await remarkRow(res.json().id);
    expect(stored.content).toContain('<p>ok</p>');
    expect(stored.content).not.toMatch(FORBIDDEN_MARKUP);
    expect(res.json().content).toBe(stored.content);
  });
});

describe('PUT /api/product-remarks', () => {
  it('answers 401, 403 without the right or from another unit, 404, and changes nothing', async () => {
    const r = await makeProductRemark(ctx.db, unitA.id);
    const body = bodyOf(r, { name: `Renamed ${unique()}` });
    for (const url of ['/api/product-remarks', `/api/product-remarks/${r.id}`]) {
      expect((await as(ctx.app, undefined)({ method: 'PUT', url, payload: body })).statusCode).toBe(401);
      for (const c of [nobody, reader, elsewhere]) expect((await c({ method: 'PUT', url, payload: body })).statusCode).toBe(403);
    }
    expect((await manager({ method: 'PUT', url: '/api/product-remarks', payload: { ...body, id: 99999999 } })).statusCode).toBe(404);
    expect((await manager({ method: 'PUT', url: '/api/product-remarks/99999999', payload: body })).statusCode).toBe(404);
    expect(await remarkRow(r.id)).toEqual(r);
  });

  it('answers 400 for invalid fields, a path id that differs, a changed business unit or a taken name, changing nothing', async () => {
    const r = await makeProductRemark(ctx.db, unitA.id);
    const other = await makeProductRemark(ctx.db, unitA.id);
    const invalid = await manager({ method: 'PUT', url: '/api/product-remarks', payload: bodyOf(r, { name: ' ' }) });
    expect(invalid.json().message).toBe('error.validation');
    const mismatch = await manager({ method: 'PUT', url: `/api/product-remarks/${r.id}`, payload: bodyOf(other) });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('error.idinvalid');
    const moved = await manager({ method: 'PUT', url: '/api/product-remarks', payload: bodyOf(r, { businessUnitId: unitB.id }) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors).toEqual([{ objectName: 'productRemark', field: 'businessUnitId', message: 'CannotChange' }]);
    const taken = await manager({ method: 'PUT', url: '/api/product-remarks', payload: bodyOf(r, { name: other.name.toLowerCase() }) });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('error.productRemark.nameExists');
    expect(await remarkRow(r.id)).toEqual(r);
  });

  it('answers 409 to a stale version', async () => {
    const r = await makeProductRemark(ctx.db, unitA.id, { version: 2 });
    const res = await manager({ method: 'PUT', url: '/api/product-remarks', payload: bodyOf(r, { version: 1, name: `N ${unique()}` }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('error.concurrencyFailure');
    expect(await remarkRow(r.id)).toEqual(r);
  });

  it('updates on both paths, keeps its own name, bumps the version, sanitises and audits the change', async () => {
    const r = await makeProductRemark(ctx.db, unitA.id, { cloudStorageObjectKey: 'product-remarks/x/original.html' });
    const first = await editor({ method: 'PUT', url: '/api/product-remarks', payload: bodyOf(r, { name: r.name.toUpperCase() }) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-vellum-alert']).toBe('vellumApp.productRemark.updated');
    expect(first.json()).toMatchObject({
      name: r.name.toUpperCase(),
      version: 1,
      cloudStorageObjectKey: 'product-remarks/x/original.html',
    });
    const second = await editor({
      method: 'PUT',
      url: `/api/product-remarks/${r.id}`,
      payload: bodyOf(r, { version: 1, name: r.name, patient: true, visualizationOrder: 7, content: `<h2>New</h2>${XSS_PAYLOADS}` }),
    });
    expect(second.statusCode).toBe(200);
    const stored = await remarkRow(r.id);
    expect(stored).toMatchObject({ patient: true, visualizationOrder: 7, version: 2 });
    expect(stored.content).toContain('<h2>New</h2>');
    expect(stored.content).not.toMatch(FORBIDDEN_MARKUP);
    const [a] = await auditsOf(r.id);
    expect(a).toMatchObject({ action: 'UPDATE', businessUnitId: unitA.id });
    expect(a.changes).toMatchObject({ patient: { from: false, to: true }, visualizationOrder: { from: 0, to: 7 } });
  });
});

describe('DELETE /api/product-remarks/{id}', () => {
  it('answers 401, 403 without the delete right or from another unit, 404, keeping the remark', async () => {
    const r = await makeProductRemark(ctx.db, unitA.id);
    const url = `/api/product-remarks/${r.id}`;
    expect((await as(ctx.app, undefined)({ method: 'DELETE', url })).statusCode).toBe(401);
    for (const c of [nobody, reader, editor, elsewhere]) expect((await c({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await manager({ method: 'DELETE', url: '/api/product-remarks/99999999' })).statusCode).toBe(404);
    expect(await remarkRow(r.id)).toEqual(r);
  });

  it('deletes the remark with its links to product groups and its uploaded document, and audits it', async () => {
    const key = await ctx.app.deps.files.put('product-remarks/test', Buffer.from('<p>x</p>'), 'html');
    const r = await makeProductRemark(ctx.db, unitA.id, { cloudStorageObjectKey: key });
    const type = await makeProductType(ctx.db, unitA.id);
    const group = await makeProductGroup(ctx.db, type, [], {}, [r.id]);
    const res = await manager({ method: 'DELETE', url: `/api/product-remarks/${r.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.productRemark.deleted');
    expect(await remarkRow(r.id)).toBeUndefined();
    expect(await ctx.db.select().from(productGroupRemark).where(eq(productGroupRemark.productGroupId, group.id))).toEqual([]);
    expect(await ctx.app.deps.files.get(key)).toBeUndefined();
    const [a] = await auditsOf(r.id);
    expect(a).toMatchObject({
      action: 'DELETE',
      businessUnitId: unitA.id,
      changes: expect.objectContaining({ name: r.name, productGroupIds: [group.id] }),
    });
  });
});

describe('POST /api/product-remarks/{id}/rtf', () => {
  const html = Buffer.from(`<html><head><title>t</title></head><body><h1>Uploaded</h1>${XSS_PAYLOADS}</body></html>`);

  it('answers 401, 403 without the manage right or from another unit, 404', async () => {
    const r = await makeProductRemark(ctx.db, unitA.id);
    expect((await upload(as(ctx.app, undefined), r.id, 'file', 'a.html', 'text/html', html)).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere]) expect((await upload(c, r.id, 'file', 'a.html', 'text/html', html)).statusCode).toBe(403);
    expect((await upload(manager, 99999999, 'file', 'a.html', 'text/html', html)).statusCode).toBe(404);
    expect(await remarkRow(r.id)).toEqual(r);
  });

  it('refuses other content types, a missing file and files over 1 MB, changing nothing', async () => {
    const r = await makeProductRemark(ctx.db, unitA.id);
    const refused = [
      await upload(manager, r.id, 'file', 'a.png', 'image/png', tinyPng()),
      await upload(manager, r.id, 'file', 'a.rtf', 'application/rtf', Buffer.from('{\\rtf1 hello}')),
      await upload(manager, r.id, 'file', 'a.html', 'text/html', tinyPng()),
      await upload(manager, r.id, 'file', 'a.bin', 'application/octet-stream', Buffer.from('<p>x</p>')),
      await manager({ method: 'POST', url: `/api/product-remarks/${r.id}/rtf`, payload: { file: '<p>x</p>' } }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('error.unsupportedContentType');
    }
    const missing = await upload(manager, r.id, 'document', 'a.html', 'text/html', html);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual([{ objectName: 'multipart', field: 'file', message: 'NotNull' }]);
    const big = await upload(manager, r.id, 'file', 'a.txt', 'text/plain', Buffer.alloc(1024 * 1024 + 1, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('error.fileTooLarge');
    expect(await remarkRow(r.id)).toEqual(r);
  });

  it('keeps the original in the file store and makes its sanitised HTML the content', async () => {
    const r = await makeProductRemark(ctx.db, unitA.id);
    const res = await upload(editor, r.id, 'file', 'remark.html', 'text/html', html);
    expect(res.statusCode).toBe(200);
    // named, not numbered (decision 0051); the answer is the document alone
    expect(decodeURIComponent(String(res.headers['x-vellum-params']))).toBe(r.name);
    expect(Object.keys(res.json()).sort()).toEqual(['cloudStorageObjectKey', 'content']);
    const { cloudStorageObjectKey, content } = res.json();
    expect(cloudStorageObjectKey).toMatch(new RegExp(`^product-remarks/${unitA.id}/${r.id}/.+\\.html$`));
    expect(content).toContain('<h1>Uploaded</h1>');
    expect(content).not.toMatch(FORBIDDEN_MARKUP);
    expect(content).not.toContain('<title>');
    expect((await ctx.app.deps.files.get(cloudStorageObjectKey))?.equals(html)).toBe(true);
    expect(await remarkRow(r.id)).toMatchObject({ content, cloudStorageObjectKey, version: 1 });
    const [a] = await auditsOf(r.id);
    expect(a).toMatchObject({ action: 'UPLOAD', businessUnitId: unitA.id, changes: expect.objectContaining({ format: 'html' }) });

    // a plain-text document replaces it; the replaced original is deleted
    const text = await upload(editor, r.id, 'file', 'notes.txt', 'text/plain', Buffer.from('Line <one>\nline two\n\nSecond'));
    expect(text.statusCode).toBe(200);
    expect(text.json().content).toBe('<p>Line &lt;one&gt;<br>line two</p><p>Second</p>');
    expect(text.json().cloudStorageObjectKey).toMatch(/\.txt$/);
    expect(await ctx.app.deps.files.get(cloudStorageObjectKey)).toBeUndefined();
    const fetched = await reader({ method: 'GET', url: `/api/product-remarks/${r.id}` });
    expect(fetched.json()).toMatchObject({
      content: text.json().content,
      cloudStorageObjectKey: text.json().cloudStorageObjectKey,
      version: 2,
    });
  });

  it('takes the format from the file name when the content type says nothing', async () => {
    const r = await makeProductRemark(ctx.db, unitA.id);
    const res = await upload(manager, r.id, 'file', 'remark.htm', 'application/octet-stream', Buffer.from('<p onclick="x()">hi</p>'));
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe('<p>hi</p>');
  });
});
