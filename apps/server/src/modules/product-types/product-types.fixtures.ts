import { randomUUID } from 'node:crypto';
import type { AccessRight } from '@vellum/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { attributeDefinition, auditLog, productType } from '../../db/schema/index.js';
import { makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, type TestContext, tokenFor } from '../../test/harness.js';

/** Helpers shared by the product-type tests. */
export const unique = () => randomUUID().slice(0, 8);

export const tokenWith = async (ctx: TestContext, rights: AccessRight[], units: number[] | 'all') =>
  tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id);

export const call = (ctx: TestContext, token: string | undefined) => as(ctx.app, token);

/** A create body: a valid name and slug, the defaults for everything else. */
export function typeBody(businessUnitId: number, over: Record<string, unknown> = {}) {
  const tag = unique();
  return { businessUnitId, name: `Type ${tag}`, slug: `type-${tag}`, attributeDefinitions: [], ...over };
}

/** A new attribute definition (STRING unless told). */
export function defBody(over: Record<string, unknown> = {}) {
  const tag = unique();
  return { name: `Attr ${tag}`, slug: `attr-${tag}`, ...over };
}

export async function auditRows(ctx: TestContext, entityName: string, entityId: number, action?: string) {
  const where = [eq(auditLog.entityName, entityName), eq(auditLog.entityId, String(entityId))];
  if (action) where.push(eq(auditLog.action, action));
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id));
}

export async function typeCount(ctx: TestContext, businessUnitId: number): Promise<number> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(productType).where(eq(productType.businessUnitId, businessUnitId));
  return n;
}

export async function storedType(ctx: TestContext, id: number) {
  const [row] = await ctx.db.select().from(productType).where(eq(productType.id, id));
  return row;
}

export async function storedDefinitions(ctx: TestContext, typeId: number) {
  return ctx.db.select().from(attributeDefinition).where(eq(attributeDefinition.productTypeId, typeId)).orderBy(attributeDefinition.id);
}
