import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businessUnit, document, documentType } from '../../db/schema/index.js';
import { isRowId, likePattern } from '../../db/sql.js';

export type DocumentTypeRow = typeof documentType.$inferSelect;
export type DocumentTypeValues = Pick<
  typeof documentType.$inferInsert,
  'businessUnitId' | 'name' | 'active' | 'hcp' | 'patient' | 'sortNumber' | 'linkType'
>;
export type DocumentTypeSortField = 'name' | 'sortNumber' | 'id' | 'active';

const sortExpressions: Record<DocumentTypeSortField, SQL | typeof documentType.id> = {
  name: sql`lower(${documentType.name})`,
  sortNumber: sql`${documentType.sortNumber}`,
  id: documentType.id,
  active: sql`${documentType.active}`,
};

const whereOf = (businessUnitId: number, search?: string) =>
  and(eq(documentType.businessUnitId, businessUnitId), search ? ilike(documentType.name, likePattern(search)) : undefined);

export async function listTypes(
  db: DbOrTx,
  businessUnitId: number,
  search: string | undefined,
  page: { sort: DocumentTypeSortField; descending: boolean; limit: number; offset: number },
): Promise<DocumentTypeRow[]> {
  const expr = sortExpressions[page.sort];
  return db
    .select()
    .from(documentType)
    .where(whereOf(businessUnitId, search))
    .orderBy(page.descending ? desc(expr) : asc(expr), asc(documentType.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countTypes(db: DbOrTx, businessUnitId: number, search?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documentType).where(whereOf(businessUnitId, search));
  return row?.n ?? 0;
}

export async function findType(db: DbOrTx, id: number): Promise<DocumentTypeRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(documentType).where(eq(documentType.id, id));
  return row;
}

/** The type row, locked until the transaction ends so that concurrent changes queue behind it. */
export async function findTypeForUpdate(db: DbOrTx, id: number): Promise<DocumentTypeRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(documentType).where(eq(documentType.id, id)).for('update');
  return row;
}

/** The types of a unit with these ids (translations ask for some). */
export async function typesOfUnit(db: DbOrTx, businessUnitId: number, ids?: readonly number[]): Promise<DocumentTypeRow[]> {
  return db
    .select()
    .from(documentType)
    .where(and(eq(documentType.businessUnitId, businessUnitId), ids ? inArray(documentType.id, [...ids].filter(isRowId)) : undefined))
    .orderBy(asc(documentType.sortNumber), asc(documentType.id));
}

/** Whether another type of the unit has this name (ignoring case) or this sort number. */
export async function clashes(db: DbOrTx, v: Pick<DocumentTypeValues, 'businessUnitId' | 'name' | 'sortNumber'>, exceptId?: number) {
  const rows = await db
    .select({ name: documentType.name, sortNumber: documentType.sortNumber })
    .from(documentType)
    .where(
      and(
        eq(documentType.businessUnitId, v.businessUnitId),
        sql`(lower(${documentType.name}) = lower(${v.name}) or ${documentType.sortNumber} = ${v.sortNumber})`,
        exceptId === undefined ? undefined : ne(documentType.id, exceptId),
      ),
    );
  return {
    name: rows.some((r) => r.name.toLowerCase() === v.name.toLowerCase()),
    sortNumber: rows.some((r) => r.sortNumber === v.sortNumber),
  };
}

export async function businessUnitExists(db: DbOrTx, id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  const [row] = await db.select({ id: businessUnit.id }).from(businessUnit).where(eq(businessUnit.id, id));
  return row !== undefined;
}

export async function insertType(db: DbOrTx, values: DocumentTypeValues): Promise<DocumentTypeRow> {
  const [row] = await db.insert(documentType).values(values).returning();
  return row;
}

/** Updates when `version` is still the stored one; undefined otherwise (a concurrent change). */
export async function updateType(
  db: DbOrTx,
  id: number,
  version: number,
  values: DocumentTypeValues,
): Promise<DocumentTypeRow | undefined> {
  const [row] = await db
    .update(documentType)
    .set({ ...values, version: sql`${documentType.version} + 1` })
    .where(and(eq(documentType.id, id), eq(documentType.version, version)))
    .returning();
  return row;
}

export async function deleteType(db: DbOrTx, id: number): Promise<void> {
  await db.delete(documentType).where(eq(documentType.id, id));
}

/** How many document types a business unit holds (they keep the unit from being deleted). */
export async function countUnitTypes(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documentType).where(eq(documentType.businessUnitId, businessUnitId));
  return row?.n ?? 0;
}

/** How many documents use a document type (a type in use is not deleted). */
export async function documentsOfType(db: DbOrTx, documentTypeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(document).where(eq(document.documentTypeId, documentTypeId));
  return row?.n ?? 0;
}

/** The unit's document types as a statement for the translations list (decision 0089): id, label, name. */
export function typeNamesQuery(businessUnitId: number): SQL {
  return sql`SELECT ${documentType.id} AS id, ${documentType.name} AS label, ${documentType.name} AS "name" FROM ${documentType}
    WHERE ${documentType.businessUnitId} = ${businessUnitId}`;
}
