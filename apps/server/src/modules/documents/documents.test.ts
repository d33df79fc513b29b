import type { AccessRight } from '@vellum/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  document,
  documentAttributeValue,
  documentProduct,
  documentProductGroup,
  file,
  fileVersion,
  publicUserGroup,
  publicUserGroupDocument,
} from '../../db/schema/index.js';
import { makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentAttribute, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { publishAsIs } from '../publishing/publish.fixtures.js';

let ctx: TestContext;
let unitA: { id: number };
let unitB: { id: number };
/** DOCUMENT_MANAGE and DOCUMENT_DELETE in unit A. */
let manager: ReturnType<typeof as>;
let editor: ReturnType<typeof as>;
let reader: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;
let elsewhere: ReturnType<typeof as>;
const anonymous = () => as(ctx.app, undefined);
let typeA: { id: number; name: string };
let inactiveType: { id: number };
let typeB: { id: number };
let revision: { id: number; name: string };
let serial: { id: number; name: string };
let optional: { id: number };
let retired: { id: number };
let defB: { id: number };
let groupA: { id: number };
let productA: { id: number };
let groupB: { id: number };
let productB: { id: number };

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

let counter = 0;
const unique = () => `${Math.random().toString(36).slice(2, 7)}${counter++}`;

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = await makeBusinessUnit(ctx.db);
  unitB = await makeBusinessUnit(ctx.db);
  manager = await client(['DOCUMENT_MANAGE', 'DOCUMENT_DELETE'], [unitA.id]);
  editor = await client(['DOCUMENT_MANAGE'], [unitA.id]);
  reader = await client(['DOCUMENT_READ'], [unitA.id]);
  nobody = await client(['PRODUCT_MANAGE', 'DOCUMENT_TYPE_MANAGE'], [unitA.id]);
  elsewhere = await client(['DOCUMENT_MANAGE', 'DOCUMENT_READ', 'DOCUMENT_DELETE'], [unitB.id]);
  typeA = await makeDocumentType(ctx.db, unitA.id, { name: 'Instructions for use' });
  inactiveType = await makeDocumentType(ctx.db, unitA.id, { active: false });
  typeB = await makeDocumentType(ctx.db, unitB.id);
  revision = await makeDocumentAttribute(ctx.db, unitA.id, { name: 'Revision', mandatory: true });
  serial = await makeDocumentAttribute(ctx.db, unitA.id, { name: 'Serial', unique: true });
  optional = await makeDocumentAttribute(ctx.db, unitA.id, { name: 'Remark' });
  retired = await makeDocumentAttribute(ctx.db, unitA.id, { name: 'Old', mandatory: true, isActive: false });
  defB = await makeDocumentAttribute(ctx.db, unitB.id);
  const ptA = await makeProductType(ctx.db, unitA.id);
  productA = await makeProduct(ctx.db, ptA);
  groupA = await makeProductGroup(ctx.db, ptA, [productA.id], { name: 'Group A' });
  const ptB = await makeProductType(ctx.db, unitB.id);
  productB = await makeProduct(ctx.db, ptB);
  groupB = await makeProductGroup(ctx.db, ptB, [productB.id]);
});
afterAll(() => ctx.close());

const valid = (over: Record<string, unknown> = {}) => ({
  businessUnitId: unitA.id,
  number: `IFU-${unique()}`,
  name: 'Pacemaker instructions',
  documentTypeId: typeA.id,
  attributeValues: [{ attributeDefinitionId: revision.id, value: 'A' }],
  productGroupIds: [groupA.id],
  productIds: [productA.id],
  ...over,
});
const documentCount = async () => (await ctx.db.select({ n: count() }).from(document))[0].n;
const auditsOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'document'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const create = async (over: Record<string, unknown> = {}) => {
  const res = await manager({ method: 'POST', url: '/api/documents', payload: valid(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const bodyOf = (d: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  id: d.id,
  version: d.version,
  businessUnitId: d.businessUnitId,
  number: d.number,
  name: d.name,
  documentTypeId: d.documentTypeId,
  attributeValues: d.attributeValues,
  productGroupIds: d.productGroupIds,
  productIds: d.productIds,
  ...over,
});

describe('POST /api/documents', () => {
  it('answers 401, and 403 without the manage right or with it only in another unit, storing nothing', async () => {
    const before = await documentCount();
    expect((await anonymous()({ method: 'POST', url: '/api/documents', payload: valid() })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere]) {
      expect((await c({ method: 'POST', url: '/api/documents', payload: valid() })).statusCode).toBe(403);
    }
    expect(await documentCount()).toBe(before);
  });

  it('answers 400 for invalid fields, storing nothing', async () => {
    const before = await documentCount();
    for (const over of [
      { number: '' },
      { number: 'x'.repeat(51) },
      { name: ' ' },
      { name: 'x'.repeat(256) },
      { name: 'two\nlines' },
      { documentTypeId: 'a' },
      { attributeValues: [{ attributeDefinitionId: revision.id, value: '' }] },
      { attributeValues: [{ attributeDefinitionId: revision.id, value: 'x'.repeat(256) }] },
      { attributeValues: [{ attributeDefinitionId: revision.id, value: 'a\nb' }] },
      { productIds: [0] },
    ]) {
      const res = await manager({ method: 'POST', url: '/api/documents', payload: valid(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect(await documentCount()).toBe(before);
  });

  it('creates the document with its values and links, audits it and alerts its number', async () => {
    const body = valid({ attributeValues: [{ attributeDefinitionId: revision.id, value: ' B ' }] });
    const res = await editor({ method: 'POST', url: '/api/documents', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.document.created');
    const doc = res.json();
    expect(doc).toMatchObject({
      businessUnitId: unitA.id,
      number: body.number,
      name: 'Pacemaker instructions',
      documentTypeId: typeA.id,
      documentType: { id: typeA.id, name: 'Instructions for use', active: true, hcp: true, patient: false },
      attributeValues: [{ attributeDefinitionId: revision.id, value: 'B' }],
      productGroupIds: [groupA.id],
      productGroups: [{ id: groupA.id, name: 'Group A' }],
      productIds: [productA.id],
      products: [{ id: productA.id }],
      publicUserGroups: [],
      publishState: 'UNPUBLISHED',
      fileCount: 0,
      version: 0,
    });
    const [entry] = await auditsOf(doc.id);
    expect(entry).toMatchObject({ action: 'CREATE', entityLabel: body.number, businessUnitId: unitA.id });
  });

  it('refuses a number taken in the unit regardless of case, but not in another unit', async () => {
    const doc = await create();
    const res = await manager({ method: 'POST', url: '/api/documents', payload: valid({ number: doc.number.toLowerCase() }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.document.numberExists', params: { number: doc.number.toLowerCase() } });
    expect(res.json().fieldErrors[0].field).toBe('number');
    const other = await elsewhere({
      method: 'POST',
      url: '/api/documents',
      payload: { businessUnitId: unitB.id, number: doc.number, name: 'x', documentTypeId: typeB.id },
    });
    expect(other.statusCode).toBe(201);
  });

  it('lets one of two concurrent creates with the same number win; the other answers numberExists', async () => {
    const number = `RACE-${unique()}`;
    const results = await Promise.all([1, 2, 3].map(() => manager({ method: 'POST', url: '/api/documents', payload: valid({ number }) })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().message).toBe('error.document.numberExists');
  });

  it('refuses a type of another unit, a missing type and an inactive type', async () => {
    for (const id of [typeB.id, 99999999]) {
      const res = await manager({ method: 'POST', url: '/api/documents', payload: valid({ documentTypeId: id }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[0]).toMatchObject({ field: 'documentTypeId', message: 'NotFound' });
    }
    const res = await manager({ method: 'POST', url: '/api/documents', payload: valid({ documentTypeId: inactiveType.id }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.document.typeInactive');
  });

  it('checks attribute values: the unit’s definitions, once each, mandatory active ones, unique ones', async () => {
    const post = (attributeValues: unknown[]) => manager({ method: 'POST', url: '/api/documents', payload: valid({ attributeValues }) });
    let res = await post([
      { attributeDefinitionId: revision.id, value: 'A' },
      { attributeDefinitionId: defB.id, value: 'x' },
    ]);
    expect(res.json()).toMatchObject({ message: 'error.documentAttribute.definitionInvalid', params: { id: defB.id } });
    expect(res.json().fieldErrors[0].field).toBe('attributeValues.1.attributeDefinitionId');
    res = await post([
      { attributeDefinitionId: revision.id, value: 'A' },
      { attributeDefinitionId: revision.id, value: 'B' },
    ]);
    expect(res.json().message).toBe('error.documentAttribute.definitionInvalid');
    res = await post([{ attributeDefinitionId: optional.id, value: 'x' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.document.attributeValueRequired', params: { attribute: 'Revision' } });
    // an inactive mandatory definition needs no value, but may keep one
    res = await post([
      { attributeDefinitionId: revision.id, value: 'A' },
      { attributeDefinitionId: retired.id, value: 'kept' },
    ]);
    expect(res.statusCode).toBe(201);
    const value = `SN-${unique()}`;
    res = await post([
      { attributeDefinitionId: revision.id, value: 'A' },
      { attributeDefinitionId: serial.id, value },
    ]);
    expect(res.statusCode).toBe(201);
    const stored = await ctx.db.select().from(documentAttributeValue).where(eq(documentAttributeValue.documentId, res.json().id));
    expect(stored.find((v) => v.attributeDefinitionId === serial.id)?.isUnique).toBe(true);
    expect(stored.find((v) => v.attributeDefinitionId === revision.id)?.isUnique).toBe(false);
    res = await post([
      { attributeDefinitionId: revision.id, value: 'A' },
      { attributeDefinitionId: serial.id, value: value.toLowerCase() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.document.attributeValueExists', params: { attribute: 'Serial' } });
    expect(res.json().fieldErrors[0].field).toBe('attributeValues.1.value');
  });

  it('lets one of two concurrent creates with the same unique value win', async () => {
    const value = `SN-${unique()}`;
    const results = await Promise.all(
      [1, 2].map(() =>
        manager({
          method: 'POST',
          url: '/api/documents',
          payload: valid({
            attributeValues: [
              { attributeDefinitionId: revision.id, value: 'A' },
              { attributeDefinitionId: serial.id, value },
            ],
          }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json().message).toBe('error.document.attributeValueExists');
  });

  it('refuses product groups and products of another unit with a field error, storing nothing', async () => {
    const before = await documentCount();
    let res = await manager({ method: 'POST', url: '/api/documents', payload: valid({ productGroupIds: [groupA.id, groupB.id] }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ params: { entity: 'productGroup', ids: [groupB.id] } });
    expect(res.json().fieldErrors[0]).toMatchObject({ field: 'productGroupIds', message: 'NotFound' });
    res = await manager({ method: 'POST', url: '/api/documents', payload: valid({ productIds: [productB.id] }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[0]).toMatchObject({ field: 'productIds', message: 'NotFound' });
    expect(await documentCount()).toBe(before);
  });

  it('refuses the global unit and a missing unit', async () => {
    for (const businessUnitId of [0]) {
      const admin = await client(['DOCUMENT_MANAGE'], 'all');
      const res = await admin({ method: 'POST', url: '/api/documents', payload: valid({ businessUnitId }) });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('GET /api/documents/{id}', () => {
  it('answers 401, 403, 404 and the document with its restricted groups, file count and publish state', async () => {
    const doc = await create();
    const url = `/api/documents/${doc.id}`;
    expect((await anonymous()({ method: 'GET', url })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url })).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: '/api/documents/99999999' })).statusCode).toBe(404);
    const [group] = await ctx.db
      .insert(publicUserGroup)
      .values({ businessUnitId: unitA.id, name: `Group ${unique()}` })
      .returning();
    await ctx.db.insert(publicUserGroupDocument).values({ publicUserGroupId: group.id, documentId: doc.id });
    await makeDocumentFile(ctx.db, doc, [{ publishDate: new Date(Date.now() + 86_400_000), binaryKey: `k/${unique()}` }]);
    // scheduled once the live publication holds it (decision 0051)
    await publishAsIs(ctx.db, unitA.id);
    for (const c of [reader, editor]) {
      const res = await c({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: doc.id,
        publicUserGroups: [{ id: group.id, name: group.name, enabled: true }],
        fileCount: 1,
        publishState: 'SCHEDULED',
      });
    }
  });

  it('derives the publish state from the current version of each file that is not archived', async () => {
    const doc = await create();
    // a version is published or scheduled once the live publication holds it (decision 0051)
    const state = async () => {
      await publishAsIs(ctx.db, unitA.id);
      return (await reader({ method: 'GET', url: `/api/documents/${doc.id}` })).json().publishState;
    };
    const past = new Date(Date.now() - 86_400_000);
    const future = new Date(Date.now() + 86_400_000);
    const binaryKey = () => `k/${unique()}`;
    // a published old version, an unpublished current one: unpublished
    const f1 = await makeDocumentFile(ctx.db, doc, [
      { versionDate: '2026-01-01', publishDate: past, binaryKey: binaryKey() },
      { versionDate: '2026-02-01', publishDate: null },
    ]);
    expect(await state()).toBe('UNPUBLISHED');
    // same date: the later row is current
    await ctx.db.insert(fileVersion).values({
      fileId: f1.id,
      businessUnitId: unitA.id,
      label: '3.0',
      versionDate: '2026-02-01',
      publishDate: future,
      binaryKey: binaryKey(),
    });
    expect(await state()).toBe('SCHEDULED');
    const f2 = await makeDocumentFile(ctx.db, doc, [{ publishDate: past, binaryKey: binaryKey() }]);
    expect(await state()).toBe('PUBLISHED');
    await ctx.db.update(file).set({ archiveDate: past }).where(eq(file.id, f2.id));
    expect(await state()).toBe('SCHEDULED');
  });
});

describe('PUT /api/documents', () => {
  it('answers 401, 403 (another unit’s document too), 404, 409 and id mismatch', async () => {
    const doc = await create();
    const body = bodyOf(doc, { name: 'Changed' });
    expect((await anonymous()({ method: 'PUT', url: '/api/documents', payload: body })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere]) {
      expect((await c({ method: 'PUT', url: `/api/documents/${doc.id}`, payload: body })).statusCode).toBe(403);
      expect((await c({ method: 'PUT', url: '/api/documents', payload: body })).statusCode).toBe(403);
    }
    const other = await makeDocument(ctx.db, unitB.id, typeB.id);
    const foreign = await editor({
      method: 'PUT',
      url: `/api/documents/${other.id}`,
      payload: { ...body, id: other.id, businessUnitId: unitB.id },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await editor({ method: 'PUT', url: '/api/documents/99999999', payload: { ...body, id: 99999999 } })).statusCode).toBe(404);
    expect((await editor({ method: 'PUT', url: `/api/documents/${doc.id}`, payload: { ...body, version: 5 } })).statusCode).toBe(409);
    const mismatch = await editor({ method: 'PUT', url: `/api/documents/${doc.id}`, payload: { ...body, id: other.id } });
    expect(mismatch.statusCode).toBeGreaterThanOrEqual(400);
    expect((await reader({ method: 'GET', url: `/api/documents/${doc.id}` })).json().name).toBe(doc.name);
  });

  it('updates fields, values and links, audits the changed fields, and bumps the version', async () => {
    const doc = await create();
    const res = await editor({
      method: 'PUT',
      url: `/api/documents/${doc.id}`,
      payload: bodyOf(doc, {
        name: 'Renamed',
        attributeValues: [
          { attributeDefinitionId: revision.id, value: 'C' },
          { attributeDefinitionId: optional.id, value: 'note' },
        ],
        productGroupIds: [],
        productIds: [productA.id],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.document.updated');
    expect(res.json()).toMatchObject({ name: 'Renamed', version: 1, productGroupIds: [], productIds: [productA.id] });
    expect(res.json().attributeValues).toHaveLength(2);
    const [entry] = await auditsOf(doc.id);
    expect(entry.action).toBe('UPDATE');
    expect(Object.keys(entry.changes as object).sort()).toEqual(['attributeValues', 'name', 'productGroupIds']);
  });

  it('refuses a change of unit, a change to an inactive type, and keeps an inactive current type', async () => {
    const doc = await create();
    // the right is checked in the stored document's unit
    let res = await editor({ method: 'PUT', url: '/api/documents', payload: bodyOf(doc, { businessUnitId: unitB.id }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[0]).toMatchObject({ field: 'businessUnitId', message: 'CannotChange' });
    res = await editor({ method: 'PUT', url: '/api/documents', payload: bodyOf(doc, { documentTypeId: inactiveType.id }) });
    expect(res.json().message).toBe('error.document.typeInactive');
    const old = await makeDocument(ctx.db, unitA.id, inactiveType.id, {}, { values: { [revision.id]: 'A' } });
    const current = (await reader({ method: 'GET', url: `/api/documents/${old.id}` })).json();
    res = await editor({ method: 'PUT', url: '/api/documents', payload: bodyOf(current, { name: 'Still inactive type' }) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('keeps its own number and unique values, and refuses another document’s', async () => {
    const value = `SN-${unique()}`;
    const a = await create({
      attributeValues: [
        { attributeDefinitionId: revision.id, value: 'A' },
        { attributeDefinitionId: serial.id, value },
      ],
    });
    const b = await create();
    let res = await editor({ method: 'PUT', url: '/api/documents', payload: bodyOf(a, { number: a.number.toLowerCase() }) });
    expect(res.statusCode).toBe(200);
    res = await editor({ method: 'PUT', url: '/api/documents', payload: bodyOf(b, { number: a.number }) });
    expect(res.json().message).toBe('error.document.numberExists');
    res = await editor({
      method: 'PUT',
      url: '/api/documents',
      payload: bodyOf(b, {
        attributeValues: [
          { attributeDefinitionId: revision.id, value: 'A' },
          { attributeDefinitionId: serial.id, value },
        ],
      }),
    });
    expect(res.json().message).toBe('error.document.attributeValueExists');
  });
});

describe('DELETE /api/documents/{id}', () => {
  it('answers 401, 403 (manage right only, another unit), 404', async () => {
    const doc = await create();
    const url = `/api/documents/${doc.id}`;
    expect((await anonymous()({ method: 'DELETE', url })).statusCode).toBe(401);
    for (const c of [nobody, reader, editor, elsewhere]) expect((await c({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await manager({ method: 'DELETE', url: '/api/documents/99999999' })).statusCode).toBe(404);
    expect((await reader({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('refuses while a file has a published or scheduled version', async () => {
    for (const publishDate of [new Date(Date.now() - 1000), new Date(Date.now() + 86_400_000)]) {
      const doc = await create();
      await makeDocumentFile(ctx.db, doc, [{ publishDate }, { versionDate: '2026-03-01' }]);
      const res = await manager({ method: 'DELETE', url: `/api/documents/${doc.id}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.document.hasPublishedFiles');
      expect((await reader({ method: 'GET', url: `/api/documents/${doc.id}` })).statusCode).toBe(200);
    }
  });

  it('deletes the document with its files, versions and links, audits it, then removes the binaries', async () => {
    const doc = await create();
    const files = ctx.app.deps.files;
    const k1 = await files.put('documents/test', Buffer.from('%PDF-1.4 one'), 'pdf');
    const k2 = await files.put('documents/test', Buffer.from('%PDF-1.4 two'), 'pdf');
    await makeDocumentFile(ctx.db, doc, [{ binaryKey: k1 }, { versionDate: '2026-04-01', binaryKey: k2 }]);
    const res = await manager({ method: 'DELETE', url: `/api/documents/${doc.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.document.deleted');
    expect(await ctx.db.select().from(document).where(eq(document.id, doc.id))).toEqual([]);
    expect(await ctx.db.select().from(file).where(eq(file.documentId, doc.id))).toEqual([]);
    expect(await ctx.db.select().from(documentProductGroup).where(eq(documentProductGroup.documentId, doc.id))).toEqual([]);
    expect(await ctx.db.select().from(documentProduct).where(eq(documentProduct.documentId, doc.id))).toEqual([]);
    expect(await files.get(k1)).toBeUndefined();
    expect(await files.get(k2)).toBeUndefined();
    const [entry] = await auditsOf(doc.id);
    expect(entry).toMatchObject({ action: 'DELETE', entityLabel: doc.number });
  });
});

describe('document types, units and product groups', () => {
  it('keeps a used document type from being deleted', async () => {
    const type = await makeDocumentType(ctx.db, unitA.id);
    await makeDocument(ctx.db, unitA.id, type.id);
    const admin = await client(['DOCUMENT_TYPE_DELETE'], [unitA.id]);
    const res = await admin({ method: 'DELETE', url: `/api/document-types/${type.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.documentType.inUse', params: { documents: 1 } });
  });

  it('counts documents, orphans, unpublished and scheduled ones in the unit statistics, and keeps the unit', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const type = await makeDocumentType(ctx.db, unit.id);
    const pt = await makeProductType(ctx.db, unit.id);
    const group = await makeProductGroup(ctx.db, pt);
    await makeDocument(ctx.db, unit.id, type.id); // orphan, unpublished
    const scheduled = await makeDocument(ctx.db, unit.id, type.id, {}, { productGroupIds: [group.id] });
    await makeDocumentFile(ctx.db, scheduled, [{ publishDate: new Date(Date.now() + 86_400_000), binaryKey: `k/${unique()}` }]);
    const published = await makeDocument(ctx.db, unit.id, type.id, {}, { productGroupIds: [group.id] });
    await makeDocumentFile(ctx.db, published, [{ publishDate: new Date(Date.now() - 1000), binaryKey: `k/${unique()}` }]);
    // the dated files count as published or scheduled once the live publication holds them (decision 0051)
    await publishAsIs(ctx.db, unit.id);
    const admin = await client(['BUSINESS_UNIT_DELETE', 'DOCUMENT_READ'], 'all');
    const stats = (await admin({ method: 'GET', url: `/api/business-units/${unit.id}/statistics` })).json();
    expect(stats.documents).toBe(3);
    expect(stats.orphans.documents).toBe(1);
    expect(stats.publishStatus).toMatchObject({ filesNoDate: 1, filesFutureDate: 1 });
    expect((await admin({ method: 'DELETE', url: `/api/business-units/${unit.id}` })).statusCode).toBe(400);
    const groupRes = await (await client(['PRODUCT_READ'], [unit.id]))({ method: 'GET', url: `/api/product-groups/${group.id}` });
    expect(groupRes.json().documents).toBe(2);
  });
});
