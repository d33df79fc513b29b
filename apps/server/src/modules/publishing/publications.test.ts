import type { AccessRight, Publication, PublicationDetail } from '@vellum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessUnit, file, fileVersion, product, publication, pubProduct } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { createPublication } from './publications.js';

let ctx: TestContext;
const past = new Date(Date.now() - 24 * 60 * 60 * 1000);
let keys = 0;
const key = () => `bin/p-${Date.now().toString(36)}-${keys++}`;

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

const publish = (businessUnitId: number) =>
  ctx.db.transaction((tx) =>
    createPublication(tx, {
      businessUnitId,
      actor: { userId: null, login: 'publisher' },
      includeFuture: true,
      customDate: null,
      stamped: { products: 1, files: 2, broughtForward: 3 },
    }),
  );

/** A unit with one enabled type, two published products and a document with one published file. */
async function seedUnit() {
  const unit = await makeBusinessUnit(ctx.db);
  const type = await makeProductType(ctx.db, unit.id);
  const a = await makeProduct(ctx.db, type, { keyCode: 'A-1', publishDate: past });
  const b = await makeProduct(ctx.db, type, { keyCode: 'B-1', publishDate: past });
  const c = await makeProduct(ctx.db, type, { keyCode: 'C-1', publishDate: past });
  const docType = await makeDocumentType(ctx.db, unit.id);
  const doc = await makeDocument(ctx.db, unit.id, docType.id, { number: 'D-1', name: 'Leaflet' }, { productIds: [a.id] });
  const f = await makeDocumentFile(ctx.db, doc, [{ publishDate: past, binaryKey: key() }], { name: 'leaflet.pdf' });
  return { unit, type, a, b, c, docType, doc, file: f };
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('GET /api/publications', () => {
  let unit: { id: number };
  let first: Publication;
  let second: Publication;
  let third: Publication;
  beforeAll(async () => {
    ({ unit } = await seedUnit());
    first = await publish(unit.id);
    second = await publish(unit.id);
    third = await publish(unit.id);
  });
  const list = (c: ReturnType<typeof as>, query: string) => c({ method: 'GET', url: `/api/publications?${query}` });

  it('answers 401, 403 without a right in the unit and 403 for another unit', async () => {
    expect((await list(as(ctx.app, undefined), `business-unit=${unit.id}`)).statusCode).toBe(401);
    expect((await list(await client(['PRODUCT_READ'], [unit.id]), `business-unit=${unit.id}`)).statusCode).toBe(403);
    const other = await makeBusinessUnit(ctx.db);
    expect((await list(await client(['PUBLISH'], [other.id]), `business-unit=${unit.id}`)).statusCode).toBe(403);
  });

  it('lists newest first with the total, live on the highest number', async () => {
    const res = await list(await client(['PUBLISH'], [unit.id]), `business-unit=${unit.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const items: Publication[] = res.json();
    expect(items.map((p) => p.number)).toEqual([3, 2, 1]);
    expect(items.map((p) => p.live)).toEqual([true, false, false]);
    expect(items[0]).toMatchObject({
      id: third.id,
      kind: 'PUBLISH',
      createdBy: 'publisher',
      includeFuture: true,
      customDate: null,
      restoredFromId: null,
      counts: { products: 3, documents: 1, files: 1, fileVersions: 1, stamped: { products: 1, files: 2, broughtForward: 3 } },
    });
  });

  it('pages and sorts; AUDIT_LOG_PUBLISH_READ reads too', async () => {
    const reader = await client(['AUDIT_LOG_PUBLISH_READ'], [unit.id]);
    const page = await list(reader, `business-unit=${unit.id}&page=1&size=2&sort=number,asc`);
    expect(page.statusCode).toBe(200);
    expect(page.json().map((p: Publication) => p.id)).toEqual([third.id]);
    expect(page.headers['x-total-count']).toBe('3');
    const byDate = await list(reader, `business-unit=${unit.id}&sort=createdDate,asc`);
    expect(byDate.json().map((p: Publication) => p.id)).toEqual([first.id, second.id, third.id]);
    expect((await list(reader, `business-unit=${unit.id}&sort=site,asc`)).statusCode).toBe(400);
  });
});

describe('GET /api/publications/{id}', () => {
  it('answers 401, 403 and 404', async () => {
    const { unit } = await seedUnit();
    const p = await publish(unit.id);
    const url = `/api/publications/${p.id}`;
    expect((await as(ctx.app, undefined)({ method: 'GET', url })).statusCode).toBe(401);
    expect((await (await client(['DOCUMENT_READ'], [unit.id]))({ method: 'GET', url })).statusCode).toBe(403);
    const other = await makeBusinessUnit(ctx.db);
    expect((await (await client(['PUBLISH'], [other.id]))({ method: 'GET', url })).statusCode).toBe(403);
    expect((await (await client(['PUBLISH'], 'all'))({ method: 'GET', url: '/api/publications/99999999' })).statusCode).toBe(404);
  });

  it('has no changes for the first publication', async () => {
    const { unit } = await seedUnit();
    const p = await publish(unit.id);
    const res = await (await client(['AUDIT_LOG_PUBLISH_READ'], [unit.id]))({ method: 'GET', url: `/api/publications/${p.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, number: 1, live: true, previousId: null, changes: null });
  });

  it('names what was added, removed and changed against the previous number', async () => {
    const s = await seedUnit();
    const first = await publish(s.unit.id);
    // products: d added, b removed, c changed; a unchanged
    const d = await makeProduct(ctx.db, s.type, { keyCode: 'D-1', publishDate: past });
    await ctx.db.delete(product).where(eq(product.id, s.b.id));
    await ctx.db.update(product).set({ keyCode: 'C-2' }).where(eq(product.id, s.c.id));
    // files: a new version of the file (changed), a new document with a file (added)
    await ctx.db.insert(fileVersion).values({
      fileId: s.file.id,
      businessUnitId: s.unit.id,
      label: '2.0',
      versionDate: '2026-02-01',
      publishDate: past,
      binaryKey: key(),
    });
    const doc2 = await makeDocument(ctx.db, s.unit.id, s.docType.id, { number: 'D-2', name: 'Manual' });
    const file2 = await makeDocumentFile(ctx.db, doc2, [{ publishDate: past, binaryKey: key() }], { name: 'manual.pdf' });
    const second = await publish(s.unit.id);

    const res = await (await client(['PUBLISH'], [s.unit.id]))({ method: 'GET', url: `/api/publications/${second.id}` });
    expect(res.statusCode).toBe(200);
    const detail: PublicationDetail = res.json();
    expect(detail.previousId).toBe(first.id);
    expect(detail.changes?.products).toEqual({
      added: 1,
      removed: 1,
      changed: 1,
      addedItems: [{ id: d.id, label: 'D-1' }],
      removedItems: [{ id: s.b.id, label: 'B-1' }],
      changedItems: [{ id: s.c.id, label: 'C-2' }],
    });
    expect(detail.changes?.documents).toMatchObject({
      added: 1,
      removed: 0,
      changed: 0,
      addedItems: [{ id: doc2.id, label: 'D-2 Manual' }],
    });
    expect(detail.changes?.files).toMatchObject({
      added: 1,
      removed: 0,
      changed: 1,
      addedItems: [{ id: file2.id, label: 'manual.pdf' }],
      changedItems: [{ id: s.file.id, label: 'leaflet.pdf' }],
    });
    expect(detail.changes?.siteChanged).toBe(false);

    await ctx.db.update(businessUnit).set({ hideDocumentNumber: true }).where(eq(businessUnit.id, s.unit.id));
    await ctx.db.update(file).set({ archiveDate: past }).where(eq(file.id, file2.id));
    const third = await publish(s.unit.id);
    const next: PublicationDetail = (
      await (
        await client(['PUBLISH'], [s.unit.id])
      )({ method: 'GET', url: `/api/publications/${third.id}` })
    ).json();
    expect(next.changes).toMatchObject({
      siteChanged: true,
      products: { added: 0, removed: 0, changed: 0 },
      documents: { removed: 1, removedItems: [{ id: doc2.id, label: 'D-2 Manual' }] },
      files: { removed: 1, removedItems: [{ id: file2.id, label: 'manual.pdf' }] },
    });
  });
});

describe('POST /api/publications/{id}/restore', () => {
  const restore = (c: ReturnType<typeof as>, id: number) => c({ method: 'POST', url: `/api/publications/${id}/restore` });

  it('answers 401, 403 (reading right only, another unit) and 404', async () => {
    const { unit } = await seedUnit();
    const first = await publish(unit.id);
    await publish(unit.id);
    expect((await restore(as(ctx.app, undefined), first.id)).statusCode).toBe(401);
    expect((await restore(await client(['AUDIT_LOG_PUBLISH_READ'], [unit.id]), first.id)).statusCode).toBe(403);
    const other = await makeBusinessUnit(ctx.db);
    expect((await restore(await client(['PUBLISH'], [other.id]), first.id)).statusCode).toBe(403);
    expect((await restore(await client(['PUBLISH'], 'all'), 99999999)).statusCode).toBe(404);
    expect(await ctx.db.select().from(publication).where(eq(publication.businessUnitId, unit.id))).toHaveLength(2);
  });

  it('refuses the live publication', async () => {
    const { unit } = await seedUnit();
    const only = await publish(unit.id);
    const res = await restore(await client(['PUBLISH'], [unit.id]), only.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.publication.alreadyLive');
    expect(await ctx.db.select().from(publication).where(eq(publication.businessUnitId, unit.id))).toHaveLength(1);
  });

  it('makes an earlier content live again as a new number, history intact, audited', async () => {
    const s = await seedUnit();
    const first = await publish(s.unit.id);
    await ctx.db.delete(product).where(eq(product.id, s.b.id));
    const second = await publish(s.unit.id);
    const publisher = await client(['PUBLISH'], [s.unit.id]);

    const res = await restore(publisher, first.id);
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.publication.restored');
    const restored: Publication = res.json();
    expect(restored).toMatchObject({
      number: 3,
      kind: 'RESTORE',
      restoredFromId: first.id,
      restoredFromNumber: 1,
      live: true,
      counts: { ...first.counts, stamped: { products: 0, files: 0, broughtForward: 0 } },
    });
    const [row] = await ctx.db.select().from(publication).where(eq(publication.id, restored.id));
    const [firstRow] = await ctx.db.select().from(publication).where(eq(publication.id, first.id));
    expect(row.contentId).toBe(first.id);
    expect(row.site).toEqual(firstRow.site);
    // rows are shared, not copied
    expect(await ctx.db.select().from(pubProduct).where(eq(pubProduct.publicationId, restored.id))).toEqual([]);
    expect(await ctx.db.select().from(pubProduct).where(eq(pubProduct.publicationId, first.id))).toHaveLength(3);

    const list: Publication[] = (await publisher({ method: 'GET', url: `/api/publications?business-unit=${s.unit.id}` })).json();
    expect(list.map((p) => [p.number, p.live])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(list[1].id).toBe(second.id);

    const detail: PublicationDetail = (await publisher({ method: 'GET', url: `/api/publications/${restored.id}` })).json();
    expect(detail.changes).toMatchObject({ products: { added: 1, addedItems: [{ id: s.b.id, label: 'B-1' }] }, siteChanged: false });

    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'publication'), eq(auditLog.entityId, String(restored.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'RESTORE', category: 'publish', businessUnitId: s.unit.id });
    expect(audits[0].changes).toMatchObject({ restoredFromNumber: 1, previousLiveNumber: 2 });

    // the draft is untouched: product b stays deleted
    expect(await ctx.db.select().from(product).where(eq(product.id, s.b.id))).toEqual([]);
    // restoring the second again gives number 4 with the second's content
    const again = await restore(publisher, second.id);
    expect(again.json()).toMatchObject({ number: 4, restoredFromNumber: 2 });
  });
});

describe('deleting a unit with publications', () => {
  it('is refused; its statistics still answer', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    await publish(unit.id);
    const admin = await client(['BUSINESS_UNIT_DELETE'], [0]);
    const res = await admin({ method: 'DELETE', url: `/api/business-units/${unit.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.businessUnit.notEmpty');
    const stats = await (await client(['PUBLISH'], [unit.id]))({ method: 'GET', url: `/api/business-units/${unit.id}/statistics` });
    // the statistics response stays as the contract shapes it (publications are not among its counts)
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).not.toHaveProperty('publications');
  });
});
