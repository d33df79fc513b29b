import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, documentProduct, documentProductGroup, file, fileVersion, product } from '../../db/schema/index.js';
import { makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeFile, makeFileVersion } from '../../factories/file-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { publishAsIs } from '../publishing/publish.fixtures.js';

/**
 * What the publish-state and orphan filters narrow by, kept on the document by triggers on file,
 * document_product and document_product_group (migration 0029, decision 0060): whichever code
 * writes, each filter answers exactly the documents whose own state (GET) is that state.
 */
let ctx: TestContext;
let unit: { id: number };
let typeId: number;
let reader: ReturnType<typeof as>;

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db);
  typeId = (await makeDocumentType(ctx.db, unit.id)).id;
  reader = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['DOCUMENT_READ'], [unit.id])).id));
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
let n = 0;
const binary = () => ({ key: `k/state-dates-${n++}`, name: 'ifu.pdf', size: 10, mediaType: 'application/pdf', sha256: 'a'.repeat(64) });
const at = (days: number) => new Date(Date.now() + days * DAY);

const search = async (payload: object): Promise<{ ids: number[]; total: number }> => {
  const body = (await reader({ method: 'POST', url: `/api/documents/search?business-unit=${unit.id}&size=200`, payload })).json();
  return { ids: body.items.map((i: { id: number }) => i.id).sort((a: number, b: number) => a - b), total: body.pageable.totalElements };
};
const stateOf = async (id: number) => (await reader({ method: 'GET', url: `/api/documents/${id}` })).json().publishState as string;

/** Every state filter answers exactly the documents whose GET says that state, with its total. */
async function expectFiltersAgree(ids: number[]) {
  const states = new Map<number, string>();
  for (const id of ids) states.set(id, await stateOf(id));
  for (const state of ['PUBLISHED', 'SCHEDULED', 'UNPUBLISHED']) {
    const found = await search({ publishState: state });
    const expected = ids.filter((id) => states.get(id) === state).sort((a, b) => a - b);
    expect(
      found.ids.filter((id) => ids.includes(id)),
      state,
    ).toEqual(expected);
    expect(found.total).toBe(found.ids.length);
  }
  return states;
}

describe('the publish dates kept on the document', () => {
  it('follow versions, publish dates, archive dates (past and future), moved and deleted files', async () => {
    const docs = [];
    for (let i = 0; i < 6; i++) docs.push(await makeDocument(ctx.db, unit.id, typeId));
    const ids = docs.map((d) => d.id);
    const [published, scheduled, archivedSoon, archivedBefore, moved, plain] = docs;
    await makeFile(ctx.db, published, { publishDate: at(-1), binary: binary() });
    await makeFile(ctx.db, published, { publishDate: at(30), binary: binary() });
    const sf = await makeFile(ctx.db, scheduled, { publishDate: at(10), binary: binary() });
    // published now, archived tomorrow: still published today
    const soon = await makeFile(ctx.db, archivedSoon, { publishDate: at(-2), binary: binary() });
    await ctx.db
      .update(file)
      .set({ archiveDate: at(1) })
      .where(eq(file.id, soon.id));
    // archived before its publish date: never published
    const before = await makeFile(ctx.db, archivedBefore, { publishDate: at(-2), binary: binary() });
    await ctx.db
      .update(file)
      .set({ archiveDate: at(-3) })
      .where(eq(file.id, before.id));
    const mf = await makeFile(ctx.db, moved, { publishDate: at(-1), binary: binary() });
    await makeFile(ctx.db, plain);
    await publishAsIs(ctx.db, unit.id);

    const states = await expectFiltersAgree(ids);
    expect([...states.values()]).toEqual(['PUBLISHED', 'SCHEDULED', 'PUBLISHED', 'UNPUBLISHED', 'PUBLISHED', 'UNPUBLISHED']);
    const [row] = await ctx.db.select().from(document).where(eq(document.id, archivedSoon.id));
    expect(row.publishedUntil?.getTime()).toBe((await ctx.db.select().from(file).where(eq(file.id, soon.id)))[0].archiveDate?.getTime());

    // the file moves to the plain document, the scheduled version becomes current and published
    await ctx.db.update(file).set({ documentId: plain.id }).where(eq(file.id, mf.id));
    await makeFileVersion(ctx.db, sf, { label: '2.0', versionDate: '2099-01-01', publishDate: at(-1), binary: binary() });
    await publishAsIs(ctx.db, unit.id);
    const after = await expectFiltersAgree(ids);
    expect([after.get(moved.id), after.get(plain.id), after.get(scheduled.id)]).toEqual(['UNPUBLISHED', 'PUBLISHED', 'PUBLISHED']);

    // versions and files deleted
    await ctx.db.delete(fileVersion).where(eq(fileVersion.fileId, sf.id));
    await ctx.db.delete(file).where(eq(file.id, mf.id));
    const gone = await expectFiltersAgree(ids);
    expect([gone.get(plain.id), gone.get(scheduled.id)]).toEqual(['UNPUBLISHED', 'UNPUBLISHED']);
    const [cleared] = await ctx.db.select().from(document).where(eq(document.id, plain.id));
    expect([cleared.publishedFrom, cleared.publishedUntil, cleared.scheduledUntil]).toEqual([null, null, null]);
  });

  it('a dated version the live publication does not hold leaves the document unpublished in every filter', async () => {
    const doc = await makeDocument(ctx.db, unit.id, typeId);
    await makeFile(ctx.db, doc, { publishDate: at(5), binary: binary() });
    const states = await expectFiltersAgree([doc.id]);
    expect(states.get(doc.id)).toBe('UNPUBLISHED');
  });
});

describe('orphans kept on the document', () => {
  it('follow links to products and groups, added, removed and cascaded', async () => {
    const type = await makeProductType(ctx.db, unit.id);
    const p = await makeProduct(ctx.db, type);
    const g = await makeProductGroup(ctx.db, type);
    const a = await makeDocument(ctx.db, unit.id, typeId);
    const b = await makeDocument(ctx.db, unit.id, typeId, {}, { productGroupIds: [g.id] });
    const c = await makeDocument(ctx.db, unit.id, typeId, {}, { productIds: [p.id] });
    const orphans = async () => (await search({ orphans: true })).ids.filter((id) => [a.id, b.id, c.id].includes(id));
    expect(await orphans()).toEqual([a.id]);

    await ctx.db.insert(documentProduct).values({ documentId: a.id, productId: p.id });
    await ctx.db.delete(documentProductGroup).where(eq(documentProductGroup.documentId, b.id));
    expect(await orphans()).toEqual([b.id]);

    // deleting the product removes its links: both documents it documented become orphans
    await ctx.db.delete(product).where(eq(product.id, p.id));
    expect(await orphans()).toEqual([a.id, b.id, c.id]);
    const found = await search({ orphans: true });
    expect(found.total).toBe(found.ids.length);
  });
});
