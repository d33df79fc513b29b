import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import { and, count, eq, gt, gte, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businessUnit } from '../../db/schema/index.js';
import { likePattern } from '../../db/sql.js';
import type { PageRequest } from '../../platform/paging.js';

export type BusinessUnitRow = typeof businessUnit.$inferSelect;
export type BusinessUnitValues = Omit<typeof businessUnit.$inferInsert, 'id' | 'version' | 'createdDate' | 'logoKey' | 'cssContent'>;

export const businessUnitSortable = {
  id: businessUnit.id,
  slug: businessUnit.slug,
  displayName: businessUnit.displayName,
  active: businessUnit.active,
  createdDate: businessUnit.createdDate,
};

// the global scope (id 0) is never a business unit of these routes
const real = (id: number) => and(eq(businessUnit.id, id), gt(businessUnit.id, GLOBAL_BUSINESS_UNIT_ID));

export async function listBusinessUnits(
  db: DbOrTx,
  filter: { ids: number[] | 'all'; search?: string },
  page: PageRequest,
): Promise<{ rows: BusinessUnitRow[]; total: number }> {
  if (filter.ids !== 'all' && filter.ids.length === 0) return { rows: [], total: 0 };
  const where: SQL[] = [gt(businessUnit.id, GLOBAL_BUSINESS_UNIT_ID)];
  if (filter.ids !== 'all') where.push(inArray(businessUnit.id, filter.ids));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    where.push(or(ilike(businessUnit.displayName, pattern), ilike(businessUnit.slug, pattern)) as SQL);
  }
  const condition = and(...where);
  const rows = await db
    .select()
    .from(businessUnit)
    .where(condition)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(businessUnit).where(condition);
  return { rows, total };
}

/** Scope `'any'` also finds the global row (unit 0: the manufacturer-wide layout). */
type Scope = 'real' | 'any';
const scoped = (id: number, scope: Scope) =>
  scope === 'real' ? real(id) : and(eq(businessUnit.id, id), gte(businessUnit.id, GLOBAL_BUSINESS_UNIT_ID));

export async function findBusinessUnit(
  db: DbOrTx,
  id: number,
  forUpdate = false,
  scope: Scope = 'real',
): Promise<BusinessUnitRow | undefined> {
  const query = db.select().from(businessUnit).where(scoped(id, scope));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Any row with the slug, the global one included. */
export async function slugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: businessUnit.id }).from(businessUnit).where(eq(businessUnit.slug, slug));
  return row !== undefined;
}

export async function insertBusinessUnit(db: DbOrTx, values: BusinessUnitValues): Promise<BusinessUnitRow> {
  const [row] = await db.insert(businessUnit).values(values).returning();
  return row;
}

/** Updates when `version` is still the stored one; undefined otherwise. */
export async function updateBusinessUnit(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<BusinessUnitValues>,
  scope: Scope = 'real',
): Promise<BusinessUnitRow | undefined> {
  const [row] = await db
    .update(businessUnit)
    .set({ ...values, version: version + 1 })
    .where(and(scoped(id, scope), eq(businessUnit.version, version)))
    .returning();
  return row;
}

export async function setBusinessUnitLogoKey(db: DbOrTx, id: number, logoKey: string): Promise<void> {
  await db.update(businessUnit).set({ logoKey }).where(scoped(id, 'any'));
}

export async function setBusinessUnitCss(db: DbOrTx, id: number, cssContent: string): Promise<void> {
  await db.update(businessUnit).set({ cssContent }).where(scoped(id, 'any'));
}

export async function deleteBusinessUnit(db: DbOrTx, id: number): Promise<void> {
  await db.delete(businessUnit).where(real(id));
}
