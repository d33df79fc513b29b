import { ErrorKeys } from '@vellum/contract';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, lotRange, product } from '../../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductGroup } from '../../factories/catalogue-factories.js';
import type { Actor } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { auditRowsOf } from '../../test/audit-rows.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { publishAsIs } from '../publishing/publish.fixtures.js';
import { isLive } from './products.repo.js';
import { deleteProduct, deleteProductsOfType } from './products.service.js';
import { type ProductWorld, productWorld } from './products.test-support.js';

/**
 * The products service's batch delete (decision 0088): deleteProduct's rules and audit rows for many
 * ids at once, with a refusal per id; deleteProduct is the same code for one id.
 */
let ctx: TestContext;
let w: ProductWorld;
const actor: Actor = { userId: null, login: 'batch-tester' };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await productWorld(ctx);
});
afterAll(() => ctx.close());

const inBatch = (ids: number[], typeId = w.type.id) => ctx.db.transaction((tx) => deleteProductsOfType(tx, actor, typeId, ids));
const existing = async (ids: number[]) =>
  (await ctx.db.select({ id: product.id }).from(product).where(inArray(product.id, ids))).map((r) => r.id).sort((a, b) => a - b);
const auditRows = (entityName: string, ids: number[]) => auditRowsOf(ctx.db, entityName, ids);

describe('deleteProductsOfType', () => {
  it('deletes the products and writes one DELETE audit row each, with the content deleteProduct writes', async () => {
    const make = async () => {
      const p = await makeProduct(ctx.db, w.type, {}, { [w.defs.size.id]: 'S', [w.defs.ref.id]: `R-${Math.random()}` });
      const group = await makeProductGroup(ctx.db, w.type, [p.id]);
      return { p, group };
    };
    const byHand = await make();
    const batched = [await make(), await make(), await make()];
    await deleteProduct({ db: ctx.db }, actor, byHand.p.id);
    const outcomes = await inBatch(batched.map((b) => b.p.id));
    expect(outcomes.map((o) => (o instanceof AppError ? o.key : o.id))).toEqual(batched.map((b) => b.p.id));
    expect(await existing([byHand.p.id, ...batched.map((b) => b.p.id)])).toEqual([]);

    const shape = (b: typeof byHand) => ({
      keyCode: b.p.keyCode,
      productTypeId: w.type.id,
      publishDate: null,
      endOfLifeDate: null,
      attributeValues: expect.objectContaining({ [String(w.defs.size.id)]: 'S' }),
      productGroupIds: [b.group.id],
      lotRangeIds: [],
      deletedLotRangeIds: [],
    });
    const [hand] = await auditRows('product', [byHand.p.id]);
    expect(hand).toMatchObject({ action: 'DELETE', entityLabel: byHand.p.keyCode, businessUnitId: w.unitA.id, login: 'batch-tester' });
    expect(hand?.changes).toEqual(shape(byHand));
    const rows = await auditRows(
      'product',
      batched.map((b) => b.p.id),
    );
    expect(rows.map((r) => [r.entityId, r.action, r.entityLabel])).toEqual(batched.map((b) => [String(b.p.id), 'DELETE', b.p.keyCode]));
    for (const [n, b] of batched.entries()) {
      expect(rows[n]?.changes).toEqual(shape(b));
      // the same keys, the same kinds of values, as by hand
      expect(Object.keys(rows[n]?.changes as object).sort()).toEqual(Object.keys(hand?.changes as object).sort());
    }
  });

  it('refuses per id: no such product, a product of another type, an id given twice; deletes the rest', async () => {
    const a = await makeProduct(ctx.db, w.type);
    const other = await makeProduct(ctx.db, w.otherType);
    const b = await makeProduct(ctx.db, w.type);
    const outcomes = await inBatch([a.id, 999_999_999, other.id, b.id, a.id]);
    expect(outcomes.map((o) => (o instanceof AppError ? `${o.status} ${o.key}` : o.id))).toEqual([
      a.id,
      `404 ${ErrorKeys.notFound}`,
      `404 ${ErrorKeys.notFound}`,
      b.id,
      `404 ${ErrorKeys.notFound}`,
    ]);
    expect(await existing([a.id, other.id, b.id])).toEqual([other.id]);
    expect(await auditRows('product', [other.id])).toEqual([]);
    expect((await auditRows('product', [a.id])).map((r) => r.action)).toEqual(['DELETE']);
  });

  it('deletes the lot ranges left without products, each audited once before the last product of the batch that linked it', async () => {
    const [p1, p2, p3, kept] = [
      await makeProduct(ctx.db, w.type),
      await makeProduct(ctx.db, w.type),
      await makeProduct(ctx.db, w.type),
      await makeProduct(ctx.db, w.type),
    ] as const;
    const shared = await makeLotRange(ctx.db, w.type, [p1.id, p2.id]); // goes with p2, the last of the batch to link it
    const own = await makeLotRange(ctx.db, w.type, [p3.id]); // goes with p3
    const stays = await makeLotRange(ctx.db, w.type, [p1.id, kept.id]); // still linked to a kept product
    const forAll = await makeLotRange(ctx.db, w.type, [p3.id], { appliesToAll: true }); // applies to all: stays
    await inBatch([p1.id, p2.id, p3.id]);
    const left = (
      await ctx.db
        .select({ id: lotRange.id })
        .from(lotRange)
        .where(inArray(lotRange.id, [shared.id, own.id, stays.id, forAll.id]))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
    expect(left).toEqual([stays.id, forAll.id].sort((a, b) => a - b));
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(
        or(
          and(eq(auditLog.entityName, 'product'), inArray(auditLog.entityId, [p1.id, p2.id, p3.id].map(String))),
          and(eq(auditLog.entityName, 'lot-range'), inArray(auditLog.entityId, [shared.id, own.id, stays.id, forAll.id].map(String))),
        ),
      )
      .orderBy(asc(auditLog.id));
    // the order one delete after another writes: p1, then shared's range and p2, then own's range and p3
    expect(rows.map((r) => [r.entityName, Number(r.entityId), r.action])).toEqual([
      ['product', p1.id, 'DELETE'],
      ['lot-range', shared.id, 'DELETE'],
      ['product', p2.id, 'DELETE'],
      ['lot-range', own.id, 'DELETE'],
      ['product', p3.id, 'DELETE'],
    ]);
    const changes = (id: number) => rows.find((r) => r.entityName === 'product' && Number(r.entityId) === id)?.changes;
    expect(changes(p1.id)).toMatchObject({ lotRangeIds: [shared.id, stays.id].sort((a, b) => a - b), deletedLotRangeIds: [] });
    expect(changes(p2.id)).toMatchObject({ lotRangeIds: [shared.id], deletedLotRangeIds: [shared.id] });
    expect(changes(p3.id)).toMatchObject({ lotRangeIds: [own.id, forAll.id].sort((a, b) => a - b), deletedLotRangeIds: [own.id] });
  });

  it('a published product leaves the draft and stays in the live publication until the next publish', async () => {
    const published = await makeProduct(ctx.db, w.type, { publishDate: new Date(Date.now() - DAY) });
    await publishAsIs(ctx.db, w.unitA.id);
    expect(await isLive(ctx.db, published.id, w.unitA.id)).toBe(true);
    const [outcome] = await inBatch([published.id]);
    expect(outcome).not.toBeInstanceOf(AppError);
    expect(await existing([published.id])).toEqual([]);
    expect(await isLive(ctx.db, published.id, w.unitA.id)).toBe(true);
    await publishAsIs(ctx.db, w.unitA.id);
    expect(await isLive(ctx.db, published.id, w.unitA.id)).toBe(false);
  });
});
