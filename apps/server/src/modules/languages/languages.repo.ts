import { and, asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businessUnit, languageGroup, languageGroupLanguage } from '../../db/schema/index.js';
import { isRowId, likePattern } from '../../db/sql.js';
import type { PageRequest } from '../../platform/paging.js';

export type LanguageGroupRow = typeof languageGroup.$inferSelect;
export type UnitLanguageKind = 'interface' | 'document';

export const languageGroupSortable = { id: languageGroup.id, name: languageGroup.name };

export async function setUnitLanguages(db: DbOrTx, businessUnitId: number, kind: UnitLanguageKind, codes: string[]): Promise<void> {
  await db
    .update(businessUnit)
    .set(kind === 'interface' ? { interfaceLanguages: codes } : { documentLanguages: codes })
    .where(eq(businessUnit.id, businessUnitId));
}

export async function findGroup(db: DbOrTx, id: number, forUpdate = false): Promise<LanguageGroupRow | undefined> {
  if (!isRowId(id)) return undefined;
  const query = db.select().from(languageGroup).where(eq(languageGroup.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function listGroups(db: DbOrTx, businessUnitId: number, search: string | undefined, page: PageRequest) {
  const where = and(eq(languageGroup.businessUnitId, businessUnitId), search ? ilike(languageGroup.name, likePattern(search)) : undefined);
  const rows = await db
    .select()
    .from(languageGroup)
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(languageGroup).where(where);
  return { rows, total };
}

export async function languagesOfGroups(db: DbOrTx, groupIds: number[]): Promise<{ groupId: number; code: string }[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: languageGroupLanguage.languageGroupId, code: languageGroupLanguage.languageIsoCode })
    .from(languageGroupLanguage)
    .where(inArray(languageGroupLanguage.languageGroupId, groupIds))
    .orderBy(asc(languageGroupLanguage.languageIsoCode));
}

export async function groupNameTaken(db: DbOrTx, businessUnitId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: languageGroup.id })
    .from(languageGroup)
    .where(
      and(
        eq(languageGroup.businessUnitId, businessUnitId),
        sql`lower(${languageGroup.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(languageGroup.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The first of the languages that a group of the unit (other than `exceptGroupId`) holds. */
export async function languageGrouped(
  db: DbOrTx,
  businessUnitId: number,
  codes: readonly string[],
  exceptGroupId?: number,
): Promise<{ language: string; group: string } | undefined> {
  if (codes.length === 0) return undefined;
  const [row] = await db
    .select({ language: languageGroupLanguage.languageIsoCode, group: languageGroup.name })
    .from(languageGroupLanguage)
    .innerJoin(languageGroup, eq(languageGroup.id, languageGroupLanguage.languageGroupId))
    .where(
      and(
        eq(languageGroupLanguage.businessUnitId, businessUnitId),
        inArray(languageGroupLanguage.languageIsoCode, [...codes]),
        exceptGroupId === undefined ? undefined : ne(languageGroupLanguage.languageGroupId, exceptGroupId),
      ),
    )
    .orderBy(asc(languageGroupLanguage.languageIsoCode))
    .limit(1);
  return row;
}

export async function insertGroup(db: DbOrTx, values: { businessUnitId: number; name: string }): Promise<LanguageGroupRow> {
  const [row] = await db.insert(languageGroup).values(values).returning();
  return row;
}

export async function updateGroup(db: DbOrTx, id: number, version: number, name: string): Promise<LanguageGroupRow | undefined> {
  const [row] = await db
    .update(languageGroup)
    .set({ name, version: sql`${languageGroup.version} + 1` })
    .where(and(eq(languageGroup.id, id), eq(languageGroup.version, version)))
    .returning();
  return row;
}

export async function setGroupLanguages(db: DbOrTx, row: LanguageGroupRow, codes: readonly string[]): Promise<void> {
  await db.delete(languageGroupLanguage).where(eq(languageGroupLanguage.languageGroupId, row.id));
  if (codes.length === 0) return;
  await db
    .insert(languageGroupLanguage)
    .values(codes.map((languageIsoCode) => ({ languageGroupId: row.id, businessUnitId: row.businessUnitId, languageIsoCode })));
}

export async function deleteGroup(db: DbOrTx, id: number): Promise<void> {
  await db.delete(languageGroup).where(eq(languageGroup.id, id));
}

export async function countUnitGroups(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(languageGroup).where(eq(languageGroup.businessUnitId, businessUnitId));
  return row?.n ?? 0;
}
