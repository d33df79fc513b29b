import { ErrorKeys } from '@vellum/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, file, fileLanguage, fileVersion } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeSuperAdmin } from '../../factories/organisation-factories.js';
import type { Actor } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { auditRowsOf } from '../../test/audit-rows.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makeInterfaceRegion } from '../publishing/publish.fixtures.js';
import { type DeletedDocument, deleteDocument, deleteDocumentsOfUnit } from './documents.service.js';

/**
 * The documents service's batch delete (decision 0088): deleteDocument's rules (retention of what
 * was public, published files) and audit rows for many ids at once, with an outcome per id;
 * deleteDocument is the same code for one id.
 */
let ctx: TestContext;
let n = 0;
const tag = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const actor: Actor = { userId: null, login: 'batch-tester' };
const s = {} as {
  unit: { id: number };
  other: { id: number };
  docTypeId: number;
  otherDocTypeId: number;
  productId: number;
};

beforeAll(async () => {
  ctx = await createTestContext();
  const unit = await makeBusinessUnit(ctx.db, { documentLanguages: ['en'] });
  await makeInterfaceRegion(ctx.db, unit.id, ['BE']);
  const type = await makeProductType(ctx.db, unit.id);
  const other = await makeBusinessUnit(ctx.db);
  Object.assign(s, {
    unit,
    other,
    docTypeId: (await makeDocumentType(ctx.db, unit.id, { hcp: true })).id,
    otherDocTypeId: (await makeDocumentType(ctx.db, other.id)).id,
    productId: (await makeProduct(ctx.db, type)).id,
  });
});
afterAll(() => ctx?.close());

/** A document of the unit linked to the product, with one file whose version holds a stored binary. */
async function docWithFile(unitId = s.unit.id, docTypeId = s.docTypeId) {
  const doc = await makeDocument(ctx.db, unitId, docTypeId, {}, { productIds: unitId === s.unit.id ? [s.productId] : [] });
  const key = await ctx.app.deps.files.put(`files/test/${tag()}`, Buffer.from('%PDF-1.4 test'), 'pdf');
  const [f] = await ctx.db
    .insert(file)
    .values({ businessUnitId: unitId, documentId: doc.id, name: `File ${tag()}`, restOfTheWorld: true })
    .returning();
  await ctx.db.insert(fileLanguage).values({ fileId: f.id, languageIsoCode: 'en' });
  await ctx.db
    .insert(fileVersion)
    .values({ fileId: f.id, businessUnitId: unitId, label: '1.0', versionDate: '2026-01-01', binaryKey: key });
  return { doc, fileId: f.id, key };
}

const inBatch = (ids: number[]) => ctx.db.transaction((tx) => deleteDocumentsOfUnit(tx, actor, s.unit.id, ids));
const documentsLeft = async (ids: number[]) =>
  (await ctx.db.select({ id: document.id }).from(document).where(inArray(document.id, ids))).map((r) => r.id).sort((a, b) => a - b);
const auditRows = (entityName: string, ids: number[]) => auditRowsOf(ctx.db, entityName, ids);

describe('deleteDocumentsOfUnit', () => {
  it('deletes the documents with a DELETE audit row each, as deleteDocument writes it, and answers the binaries to remove', async () => {
    const byHand = await docWithFile();
    const batched = [await docWithFile(), await docWithFile()];
    await deleteDocument({ db: ctx.db, files: ctx.app.deps.files }, actor, byHand.doc.id);
    expect(await ctx.app.deps.files.stat(byHand.key)).toBeUndefined();
    const { outcomes, keys } = await inBatch(batched.map((b) => b.doc.id));
    expect(outcomes.map((o) => (o instanceof AppError ? o.key : (o as DeletedDocument).document.id))).toEqual(batched.map((b) => b.doc.id));
    expect(outcomes.every((o) => !(o instanceof AppError) && o.retained === undefined)).toBe(true);
    expect(keys.sort()).toEqual(batched.map((b) => b.key).sort());
    // the batch leaves the objects to its caller, which removes them once its transaction commits
    for (const b of batched) expect(await ctx.app.deps.files.stat(b.key)).toBeDefined();
    expect(await documentsLeft([byHand.doc.id, ...batched.map((b) => b.doc.id)])).toEqual([]);

    const shape = (d: { doc: { number: string; name: string } }) => ({
      number: d.doc.number,
      name: d.doc.name,
      documentTypeId: s.docTypeId,
      attributeValues: {},
      productGroupIds: [],
      productIds: [s.productId],
    });
    const [hand] = await auditRows('document', [byHand.doc.id]);
    expect(hand).toMatchObject({ action: 'DELETE', entityLabel: byHand.doc.number, businessUnitId: s.unit.id });
    expect(hand?.changes).toEqual(shape(byHand));
    const rows = await auditRows(
      'document',
      batched.map((b) => b.doc.id),
    );
    expect(rows.map((r) => [Number(r.entityId), r.action, r.changes])).toEqual(batched.map((b) => [b.doc.id, 'DELETE', shape(b)]));
  });

  it('answers per id: retained (files archived), published never public (refused), missing, another unit, twice; deletes the rest', async () => {
    const pub = await docWithFile();
    const admin = as(ctx.app, await tokenFor(ctx, (await makeSuperAdmin(ctx.db)).id));
    const res = await admin({ method: 'POST', url: '/api/publish', payload: { businessUnitId: s.unit.id } });
    expect(res.statusCode, res.body).toBe(201);
    // after the publish: a version with a publish date that no publication held
    const scheduled = await docWithFile();
    await ctx.db
      .update(fileVersion)
      .set({ publishDate: new Date(Date.now() + 86_400_000) })
      .where(eq(fileVersion.fileId, scheduled.fileId));
    const plain = await docWithFile();
    const elsewhere = await docWithFile(s.other.id, s.otherDocTypeId);

    const { outcomes, keys } = await inBatch([pub.doc.id, scheduled.doc.id, 999_999_999, plain.doc.id, elsewhere.doc.id, plain.doc.id]);
    const shown = outcomes.map((o) => {
      if (o instanceof AppError) return `${o.status} ${o.key}`;
      return o.retained ? `retained until ${o.retained.retainedUntil}` : `deleted ${o.document.id}`;
    });
    expect(shown).toEqual([
      'retained until null',
      '400 error.document.hasPublishedFiles',
      `404 ${ErrorKeys.notFound}`,
      `deleted ${plain.doc.id}`,
      `404 ${ErrorKeys.notFound}`,
      `404 ${ErrorKeys.notFound}`,
    ]);
    expect((outcomes[1] as AppError).params).toEqual({ number: scheduled.doc.number });
    expect(keys).toEqual([plain.key]);
    expect(await documentsLeft([pub.doc.id, scheduled.doc.id, plain.doc.id, elsewhere.doc.id])).toEqual(
      [pub.doc.id, scheduled.doc.id, elsewhere.doc.id].sort((a, b) => a - b),
    );
    // the retained document's file archived, audited as deleteDocument does
    const [f] = await ctx.db.select().from(file).where(eq(file.id, pub.fileId));
    expect(f?.archiveDate).not.toBeNull();
    const [archived] = await auditRows('file', [pub.fileId]);
    expect(archived).toMatchObject({ action: 'ARCHIVE' });
    expect(archived?.changes).toMatchObject({ deleteRefused: { documentId: pub.doc.id, retainedUntil: null } });
    expect(await auditRows('document', [pub.doc.id, scheduled.doc.id, elsewhere.doc.id])).toEqual([]);
    expect((await auditRows('document', [plain.doc.id])).map((r) => r.action)).toEqual(['DELETE']);
  });
});
