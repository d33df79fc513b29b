import type { AccessRight } from '@vellum/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditLog, lotRange, product, productLotRange } from '../../db/schema/index.js';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, type TestContext, tokenFor } from '../../test/harness.js';

export type Client = ReturnType<typeof as>;

export const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * Two business units; in A a product type with lot numbers: attributes `size` (STRING),
 * `ref` (STRING, unique), `old` (STRING, inactive) and `lots` (MULTI_ARRAY); a second type in A
 * and a type in B. Clients holding each product right in A, every product right only in B,
 * another right only, and the global search right.
 */
export async function productWorld(ctx: TestContext) {
  const unitA = await makeBusinessUnit(ctx.db);
  const unitB = await makeBusinessUnit(ctx.db);
  const type = await makeProductType(ctx.db, unitA.id, { lotNumbers: true }, [
    { name: 'Size', slug: 'size' },
    { name: 'Reference', slug: 'ref', isUnique: true },
    { name: 'Old', slug: 'old', isActive: false },
    { name: 'Lots', slug: 'lots', type: 'MULTI_ARRAY' },
  ]);
  const [size, ref, old, lots] = type.definitions;
  const otherType = await makeProductType(ctx.db, unitA.id, { lotNumbers: true }, [
    { name: 'Colour', slug: 'colour' },
    { name: 'Lots', slug: 'lots', type: 'MULTI_ARRAY' },
  ]);
  const typeB = await makeProductType(ctx.db, unitB.id, { lotNumbers: true }, [
    { name: 'Size', slug: 'size' },
    { name: 'Lots', slug: 'lots', type: 'MULTI_ARRAY' },
  ]);
  const client = async (rights: AccessRight[], units: number[] | 'all') =>
    as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));
  return {
    unitA,
    unitB,
    type,
    defs: { size, ref, old, lots },
    otherType,
    typeB,
    reader: await client(['PRODUCT_READ'], [unitA.id]),
    manager: await client(['PRODUCT_READ', 'PRODUCT_MANAGE'], [unitA.id]),
    deleter: await client(['PRODUCT_DELETE'], [unitA.id]),
    elsewhere: await client(['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_DELETE', 'PRODUCT_SEARCH_ADMIN'], [unitB.id]),
    noRight: await client(['DOCUMENT_READ', 'PRODUCT_TYPE_MANAGE', 'PRODUCT_REMARK_MANAGE'], [unitA.id]),
    searchAdmin: await client(['PRODUCT_SEARCH_ADMIN'], [0]),
    anonymous: as(ctx.app, undefined),
  };
}
export type ProductWorld = Awaited<ReturnType<typeof productWorld>>;

export const productsWithKeyCode = (ctx: TestContext, keyCode: string) =>
  ctx.db.select().from(product).where(sql`lower(${product.keyCode}) = lower(${keyCode})`);

export const lotRangesNamed = (ctx: TestContext, name: string) =>
  ctx.db.select().from(lotRange).where(sql`lower(${lotRange.name}) = lower(${name})`);

export const linksOf = async (ctx: TestContext, lotRangeId: number) =>
  (await ctx.db.select().from(productLotRange).where(eq(productLotRange.lotRangeId, lotRangeId)))
    .map((l) => l.productId)
    .sort((a, b) => a - b);

export const auditsOf = (ctx: TestContext, entityName: string, id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, entityName), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
