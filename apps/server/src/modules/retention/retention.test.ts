import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, document, file, fileLanguage, fileVersion, product, productType, publication } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeSuperAdmin, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makeInterfaceRegion } from '../publishing/publish.fixtures.js';
import { RETENTION_PURGE_QUEUE } from './retention.jobs.js';

/**
 * Retention of what was public (decision 0070): deletes of once-public files and documents archive
 * instead and say until when; never-public ones delete; the report per unit; the purge.
 */
let ctx: TestContext;
let admin: ReturnType<typeof as>;
let n = 0;
const tag = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = as(ctx.app, await tokenFor(ctx, (await makeSuperAdmin(ctx.db)).id));
});
afterAll(() => ctx?.close());

/** A published unit: one document per product, each with one file whose version has a stored binary. */
async function publishedUnit() {
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, { documentLanguages: ['en'] });
  await makeInterfaceRegion(db, unit.id, ['BE']);
  const shortType = await makeProductType(db, unit.id, { name: `Short ${tag()}` });
  const implantType = await makeProductType(db, unit.id, { name: `Implant ${tag()}`, implantable: true, retentionYears: 15 });
  const ended = await makeProduct(db, shortType, { endOfLifeDate: '2000-01-01' });
  const implant = await makeProduct(db, implantType, { endOfLifeDate: '2020-03-01' });
  const running = await makeProduct(db, shortType);
  const docType = await makeDocumentType(db, unit.id, { hcp: true });
  const docOf = async (productId: number) => {
    const doc = await makeDocument(db, unit.id, docType.id, {}, { productIds: [productId] });
    const f = await addFile(doc);
    return { doc, file: f };
  };
  const addFile = async (doc: { id: number; businessUnitId: number }) => {
    const key = await ctx.app.deps.files.put(`files/test/${tag()}`, Buffer.from('%PDF-1.4 test'), 'pdf');
    const [f] = await db
      .insert(file)
      .values({ businessUnitId: doc.businessUnitId, documentId: doc.id, name: `File ${tag()}`, restOfTheWorld: true })
      .returning();
    await db.insert(fileLanguage).values({ fileId: f.id, languageIsoCode: 'en' });
    const [v] = await db
      .insert(fileVersion)
      .values({ fileId: f.id, businessUnitId: doc.businessUnitId, label: '1.0', versionDate: '2026-01-01', binaryKey: key })
      .returning();
    return { id: f.id, versionId: v.id, key };
  };
  const s = {
    unit,
    shortType,
    implantType,
    ended: await docOf(ended.id),
    implant: await docOf(implant.id),
    running: await docOf(running.id),
  };
  await publish(unit.id);
  return { ...s, addFile };
}

async function publish(businessUnitId: number) {
  const res = await admin({ method: 'POST', url: '/api/publish', payload: { businessUnitId } });
  expect(res.statusCode, res.body).toBe(201);
}

const report = async (unitId: number, extra = '') => {
  const res = await admin({ method: 'GET', url: `/api/retention/report?business-unit=${unitId}&size=50${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: {
      fileId: number;
      basis: string;
      retainedUntil: string | null;
      live: boolean;
      purgeable: boolean;
      retentionYears: number | null;
    }[];
    pageable: { totalElements: number };
    held: number;
    purgeableCount: number;
  };
};

const auditRows = (entityName: string, entityId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, entityName), eq(auditLog.entityId, String(entityId))));

describe('product type retention rules', () => {
  it('defaults to 2 years, refuses less than 15 when implantable and less than 2 always, audits the change', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const body = { businessUnitId: unit.id, name: `Type ${tag()}`, slug: `type-${tag()}` };
    const created = await admin({ method: 'POST', url: '/api/product-types', payload: body });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ retentionYears: 2, implantable: false });

    const tooShort = await admin({
      method: 'POST',
      url: '/api/product-types',
      payload: { ...body, slug: `t-${tag()}`, implantable: true, retentionYears: 10 },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fieldErrors).toEqual([
      expect.objectContaining({ field: 'retentionYears', message: 'error.productType.retentionTooShort' }),
    ]);
    const one = await admin({ method: 'POST', url: '/api/product-types', payload: { ...body, slug: `t-${tag()}`, retentionYears: 1 } });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe('error.validation');

    const type = created.json();
    const updated = await admin({
      method: 'PUT',
      url: `/api/product-types/${type.id}`,
      payload: { ...body, id: type.id, version: type.version, implantable: true, retentionYears: 15 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ retentionYears: 15, implantable: true });
    const rows = await auditRows('product-type', type.id);
    expect(JSON.stringify(rows.at(-1)?.changes)).toContain('retentionYears');
    const [stored] = await ctx.db.select().from(productType).where(eq(productType.id, type.id));
    expect(stored).toMatchObject({ retentionYears: 15, implantable: true });
  });

  it('keeps a product end-of-life date through the API, and refuses a malformed one', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const type = await makeProductType(ctx.db, unit.id);
    const created = await admin({
      method: 'POST',
      url: '/api/products',
      payload: { productTypeId: type.id, keyCode: `KC-${tag()}`, endOfLifeDate: '2030-06-30' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().endOfLifeDate).toBe('2030-06-30');
    const bad = await admin({
      method: 'POST',
      url: '/api/products',
      payload: { productTypeId: type.id, keyCode: `KC-${tag()}`, endOfLifeDate: '2030-13-01' },
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(product).where(eq(product.id, created.json().id));
    expect(row.endOfLifeDate).toBe('2030-06-30');
  });
});

describe('deletes of what was public', () => {
  let s: Awaited<ReturnType<typeof publishedUnit>>;
  beforeAll(async () => {
    s = await publishedUnit();
  });

  it('reports every public version with its rule: 2 years, 15 when implantable, indefinitely without an end date', async () => {
    const r = await report(s.unit.id);
    expect(r.held).toBe(3);
    const of = (fileId: number) => r.items.find((i) => i.fileId === fileId);
    expect(of(s.ended.file.id)).toMatchObject({ basis: 'END_OF_LIFE', retainedUntil: '2002-01-01', live: true, purgeable: false });
    expect(of(s.implant.file.id)).toMatchObject({ basis: 'END_OF_LIFE', retainedUntil: '2035-03-01', retentionYears: 15 });
    expect(of(s.running.file.id)).toMatchObject({ basis: 'NO_END_DATE', retainedUntil: null });
    expect(r.purgeableCount).toBe(0);
  });

  it('archives a once-public file instead of deleting it and says until when it is kept', async () => {
    const res = await admin({ method: 'DELETE', url: `/api/files/${s.implant.file.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ archived: true, retainedUntil: '2035-03-01' });
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.file.retained');
    expect(decodeURIComponent(String(res.headers['x-vellum-params']))).toBe('2035-03-01');
    const [f] = await ctx.db.select().from(file).where(eq(file.id, s.implant.file.id));
    expect(f.archiveDate).not.toBeNull();
    expect(await ctx.db.select().from(fileVersion).where(eq(fileVersion.fileId, f.id))).toHaveLength(1);
    expect(await ctx.app.deps.files.stat(s.implant.file.key)).toBeDefined();
    expect((await auditRows('file', f.id)).map((a) => a.action)).toContain('ARCHIVE');
    // a second delete keeps the first archive date
    const again = await admin({ method: 'DELETE', url: `/api/files/${s.implant.file.id}` });
    expect(again.json().archiveDate).toBe(f.archiveDate?.toISOString());
  });

  it('says indefinitely for a product without an end date, for a document too', async () => {
    const res = await admin({ method: 'DELETE', url: `/api/documents/${s.running.doc.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ archived: true, retainedUntil: null });
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.document.retainedIndefinitely');
    const [f] = await ctx.db.select().from(file).where(eq(file.id, s.running.file.id));
    expect(f.archiveDate).not.toBeNull();
  });

  it('deletes a version that was never public, as before', async () => {
    const extra = await s.addFile(s.ended.doc);
    const res = await admin({ method: 'DELETE', url: `/api/files/${extra.id}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(await ctx.db.select().from(file).where(eq(file.id, extra.id))).toHaveLength(0);
  });

  it('keeps what the live site shows even past retention; once archived and published, purges it, audited', async () => {
    // another unit with a version past retention, archived and published: the purge of the first leaves it alone
    const other = await publishedUnit();
    expect((await admin({ method: 'DELETE', url: `/api/files/${other.ended.file.id}` })).statusCode).toBe(200);
    await publish(other.unit.id);
    expect((await report(other.unit.id, '&purgeable=true')).items.map((i) => i.fileId)).toEqual([other.ended.file.id]);

    const kept = await admin({ method: 'DELETE', url: `/api/files/${s.ended.file.id}` });
    expect(kept.statusCode).toBe(200); // past its date, but the live publication shows it: archived
    expect((await report(s.unit.id, '&purgeable=true')).items).toHaveLength(0);
    await publish(s.unit.id); // the archive reaches the site
    const r = await report(s.unit.id, '&purgeable=true');
    expect(r.items.map((i) => i.fileId)).toEqual([s.ended.file.id]);
    expect(r.pageable.totalElements).toBe(1);

    const user = await makeUserWithRights(ctx.db, ['DOCUMENT_READ'], [s.unit.id]);
    const reader = as(ctx.app, await tokenFor(ctx, user.id));
    expect((await reader({ method: 'GET', url: `/api/retention/report?business-unit=${s.unit.id}` })).statusCode).toBe(200);
    expect((await reader({ method: 'POST', url: `/api/retention/purge?business-unit=${s.unit.id}` })).statusCode).toBe(403);

    const res = await admin({ method: 'POST', url: `/api/retention/purge?business-unit=${s.unit.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ businessUnitId: s.unit.id, versions: 1, files: 1, documents: 1, binaries: 1 });
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.retention.purged');
    expect(await ctx.db.select().from(file).where(eq(file.id, s.ended.file.id))).toHaveLength(0);
    // the document it emptied goes with it, audited; the others keep theirs
    expect(await ctx.db.select().from(document).where(eq(document.id, s.ended.doc.id))).toHaveLength(0);
    expect(await ctx.db.select().from(document).where(eq(document.id, s.implant.doc.id))).toHaveLength(1);
    expect((await auditRows('document', s.ended.doc.id)).filter((a) => a.action === 'DELETE')).toEqual([
      expect.objectContaining({ businessUnitId: s.unit.id, changes: { purged: true, reason: 'noFileLeft' } }),
    ]);
    // the other unit: untouched, still purgeable there, and only there
    expect(await ctx.db.select().from(fileVersion).where(eq(fileVersion.id, other.ended.file.versionId))).toHaveLength(1);
    expect(await ctx.app.deps.files.stat(other.ended.file.key)).toBeDefined();
    expect((await report(other.unit.id)).purgeableCount).toBe(1);
    expect((await report(s.unit.id)).items.map((i) => i.fileId)).not.toContain(other.ended.file.id);
    const deleter = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['DOCUMENT_DELETE'], [s.unit.id])).id));
    expect((await deleter({ method: 'POST', url: `/api/retention/purge?business-unit=${other.unit.id}` })).statusCode).toBe(403);
    expect((await deleter({ method: 'GET', url: `/api/retention/report?business-unit=${other.unit.id}` })).statusCode).toBe(403);
    expect(await ctx.app.deps.files.stat(s.ended.file.key)).toBeUndefined();
    // the others stay, binaries too
    expect(await ctx.app.deps.files.stat(s.implant.file.key)).toBeDefined();
    expect(await ctx.db.select().from(file).where(eq(file.id, s.implant.file.id))).toHaveLength(1);
    const purge = await auditRows('retention', s.unit.id);
    expect(purge.at(-1)).toMatchObject({
      action: 'PURGE',
      changes: expect.objectContaining({ versions: 1, files: 1, documents: 1, binaries: 1, documentIds: [s.ended.doc.id] }),
    });
    const deleted = (await auditRows('file', s.ended.file.id)).filter((a) => a.action === 'DELETE');
    expect(deleted).toHaveLength(1);
    expect(deleted[0].changes).toMatchObject({ purged: true, fileVersionId: s.ended.file.versionId });
    expect((await report(s.unit.id)).held).toBe(2);
  }, 120_000);

  it('refuses to restore a publication holding a purged version, naming it, and changes nothing', async () => {
    const [first] = await ctx.db
      .select()
      .from(publication)
      .where(and(eq(publication.businessUnitId, s.unit.id), eq(publication.number, 1)));
    const before = await ctx.db.select().from(publication).where(eq(publication.businessUnitId, s.unit.id));
    const res = await admin({ method: 'POST', url: `/api/publications/${first.id}/restore` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body.message).toBe('error.publication.versionsPurged');
    expect(body.params).toMatchObject({
      number: 1,
      count: 1,
      versions: [{ fileVersionId: s.ended.file.versionId, fileId: s.ended.file.id }],
    });
    expect(body.params.files).toContain('1.0');
    expect(await ctx.db.select().from(publication).where(eq(publication.businessUnitId, s.unit.id))).toHaveLength(before.length);
  });

  it('the daily job purges nothing that is retained', async () => {
    await ctx.app.deps.jobs.send(RETENTION_PURGE_QUEUE, {});
    await ctx.app.deps.jobs.drain();
    expect((await report(s.unit.id)).held).toBe(2);
  });
});
