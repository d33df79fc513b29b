import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, fileVersion } from '../../db/schema/index.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeFile } from '../../factories/file-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { publishAsIs } from '../publishing/publish.fixtures.js';

/**
 * The file's current version and its publish date, kept on the file by a trigger on file_version
 * (migration 0014, decision 0036) whichever code writes the versions: the documents' publish state
 * and its search filter read them.
 */
let ctx: TestContext;
let unit: { id: number };
let reader: ReturnType<typeof as>;
let doc: { id: number; businessUnitId: number };

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db);
  reader = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['DOCUMENT_READ'], [unit.id])).id));
  doc = await makeDocument(ctx.db, unit.id, (await makeDocumentType(ctx.db, unit.id)).id);
});
afterAll(() => ctx.close());

const current = async (fileId: number) => {
  const [row] = await ctx.db
    .select({ versionId: file.currentVersionId, publishDate: file.currentPublishDate })
    .from(file)
    .where(eq(file.id, fileId));
  return row;
};
// a version is published or scheduled once the live publication holds it: each read publishes first (decision 0051)
const stateOf = async (documentId: number) => {
  await publishAsIs(ctx.db, unit.id);
  return (await reader({ method: 'GET', url: `/api/documents/${documentId}` })).json().publishState;
};
const searchByState = async (state: string) =>
  (await reader({ method: 'POST', url: `/api/documents/search?business-unit=${unit.id}`, payload: { publishState: state } }))
    .json()
    .items.map((i: { id: number }) => i.id);

describe('the current version kept on the file', () => {
  it('follows inserts (a back-dated version does not become current), publish dates and deletes', async () => {
    const f = await makeFile(ctx.db, doc, { label: '1.0' });
    expect(await current(f.id)).toEqual({ versionId: f.versionId, publishDate: null });
    expect(await stateOf(doc.id)).toBe('UNPUBLISHED');
    expect(await searchByState('UNPUBLISHED')).toContain(doc.id);

    const [later] = await ctx.db
      .insert(fileVersion)
      .values({
        fileId: f.id,
        businessUnitId: unit.id,
        label: '2.0',
        versionDate: '2026-06-01',
        publishDate: new Date(Date.now() + 86_400_000),
        binaryKey: 'k/current-version-2',
      })
      .returning();
    expect((await current(f.id)).versionId).toBe(later.id);
    expect(await stateOf(doc.id)).toBe('SCHEDULED');
    expect(await searchByState('SCHEDULED')).toContain(doc.id);
    expect(await searchByState('UNPUBLISHED')).not.toContain(doc.id);

    // an older version added afterwards stays in the history
    await ctx.db.insert(fileVersion).values({ fileId: f.id, businessUnitId: unit.id, label: '0.9', versionDate: '2025-01-01' });
    expect((await current(f.id)).versionId).toBe(later.id);

    const past = new Date(Date.now() - 60_000);
    await ctx.db.update(fileVersion).set({ publishDate: past }).where(eq(fileVersion.id, later.id));
    expect((await current(f.id)).publishDate?.getTime()).toBe(past.getTime());
    expect(await stateOf(doc.id)).toBe('PUBLISHED');
    expect(await searchByState('PUBLISHED')).toContain(doc.id);

    await ctx.db.delete(fileVersion).where(eq(fileVersion.id, later.id));
    expect(await current(f.id)).toEqual({ versionId: f.versionId, publishDate: null });
    expect(await stateOf(doc.id)).toBe('UNPUBLISHED');

    await ctx.db.delete(fileVersion).where(eq(fileVersion.fileId, f.id));
    expect(await current(f.id)).toEqual({ versionId: null, publishDate: null });
  });

  it('follows an update that changes a version date (the full recompute), and a publish date of a version that is not current (none)', async () => {
    const f = await makeFile(ctx.db, doc, { label: '1.0' });
    const [older] = await ctx.db
      .insert(fileVersion)
      .values({ fileId: f.id, businessUnitId: unit.id, label: '0.5', versionDate: '2020-01-01' })
      .returning();
    expect((await current(f.id)).versionId).toBe(f.versionId);
    // a publish date on a version that is not current leaves the file as it was
    await ctx.db.update(fileVersion).set({ publishDate: new Date() }).where(eq(fileVersion.id, older.id));
    expect(await current(f.id)).toEqual({ versionId: f.versionId, publishDate: null });
    // its date moved past the current one: it becomes current, with its publish date
    await ctx.db.update(fileVersion).set({ versionDate: '2099-01-01' }).where(eq(fileVersion.id, older.id));
    const now = await current(f.id);
    expect(now.versionId).toBe(older.id);
    expect(now.publishDate).not.toBeNull();
  });
});
