import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { documentAttributeDefinition, documentAttributeList, documentAttributeValue } from '../../db/schema/index.js';
import { isRowId } from '../../db/sql.js';

export type DefinitionRow = typeof documentAttributeDefinition.$inferSelect;
export type DefinitionValues = Omit<typeof documentAttributeDefinition.$inferInsert, 'id'>;

/** The unit's definitions in visualisation order, then name, then id. */
export async function definitionsOfUnit(db: DbOrTx, businessUnitId: number, ids?: readonly number[]): Promise<DefinitionRow[]> {
  return db
    .select()
    .from(documentAttributeDefinition)
    .where(
      and(
        eq(documentAttributeDefinition.businessUnitId, businessUnitId),
        ids ? inArray(documentAttributeDefinition.id, [...ids].filter(isRowId)) : undefined,
      ),
    )
    .orderBy(
      asc(documentAttributeDefinition.visualizationOrder),
      asc(sql`lower(${documentAttributeDefinition.name})`),
      asc(documentAttributeDefinition.id),
    );
}

/** The list's version (0 while the unit never saved one). */
export async function listVersion(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [row] = await db.select().from(documentAttributeList).where(eq(documentAttributeList.businessUnitId, businessUnitId));
  return row?.version ?? 0;
}

/**
 * Moves the list from `version` to the next one; false when another change got there first. The
 * row stays locked until the transaction ends, so concurrent saves of the list queue behind it.
 */
export async function bumpListVersion(db: DbOrTx, businessUnitId: number, version: number): Promise<boolean> {
  const rows = await db
    .insert(documentAttributeList)
    .values({ businessUnitId, version: 1 })
    .onConflictDoUpdate({
      target: documentAttributeList.businessUnitId,
      set: { version: sql`${documentAttributeList.version} + 1` },
      setWhere: eq(documentAttributeList.version, version),
    })
    .returning();
  return rows.length === 1 && rows[0].version === version + 1;
}

export async function deleteDefinitions(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(documentAttributeDefinition).where(inArray(documentAttributeDefinition.id, ids));
}

/** Gives kept definitions a name and slug nobody uses, so that the list may swap names and slugs among them. */
export async function parkNames(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(documentAttributeDefinition)
    .set({
      // '~' is in no valid name or slug
      name: sql`'~' || ${documentAttributeDefinition.id}`,
      slug: sql`'~' || ${documentAttributeDefinition.id}`,
    })
    .where(inArray(documentAttributeDefinition.id, ids));
}

export async function updateDefinition(db: DbOrTx, id: number, values: DefinitionValues): Promise<void> {
  await db.update(documentAttributeDefinition).set(values).where(eq(documentAttributeDefinition.id, id));
}

export async function insertDefinition(db: DbOrTx, values: DefinitionValues): Promise<DefinitionRow> {
  const [row] = await db.insert(documentAttributeDefinition).values(values).returning();
  return row;
}

/** A value (as stored) that two documents share, ignoring case, for this definition; undefined when all differ. */
export async function sharedValueOf(db: DbOrTx, definitionId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ value: sql<string>`min(${documentAttributeValue.value})` })
    .from(documentAttributeValue)
    .where(eq(documentAttributeValue.attributeDefinitionId, definitionId))
    .groupBy(sql`lower(${documentAttributeValue.value})`)
    .having(sql`count(*) > 1`)
    .limit(1);
  return row?.value;
}

/** Keeps `is_unique` of the definition's values in step with its switch (the partial unique index reads it). */
export async function setValuesUnique(db: DbOrTx, definitionId: number, unique: boolean): Promise<void> {
  await db
    .update(documentAttributeValue)
    .set({ isUnique: unique })
    .where(and(eq(documentAttributeValue.attributeDefinitionId, definitionId), ne(documentAttributeValue.isUnique, unique)));
}

/** The unit's document attribute definitions as a statement for the translations list (decision 0089): id, label, name. */
export function definitionNamesQuery(businessUnitId: number): SQL {
  return sql`SELECT ${documentAttributeDefinition.id} AS id, ${documentAttributeDefinition.name} AS label,
    ${documentAttributeDefinition.name} AS "name" FROM ${documentAttributeDefinition}
    WHERE ${documentAttributeDefinition.businessUnitId} = ${businessUnitId}`;
}
