import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { documentSearchAccess } from '../../db/schema/index.js';

export type DocumentSearchAccessRow = typeof documentSearchAccess.$inferSelect;

/** The unit's list, undefined while it never saved one. */
export async function findAccess(db: DbOrTx, businessUnitId: number): Promise<DocumentSearchAccessRow | undefined> {
  const [row] = await db.select().from(documentSearchAccess).where(eq(documentSearchAccess.businessUnitId, businessUnitId));
  return row;
}

/**
 * Saves the list when `version` is still the stored one (0: none stored yet); undefined when
 * another save got there first. Concurrent saves queue on the row (or on its key for the first).
 */
export async function saveAccess(
  db: DbOrTx,
  businessUnitId: number,
  version: number,
  emails: string[],
): Promise<DocumentSearchAccessRow | undefined> {
  const rows = await db
    .insert(documentSearchAccess)
    .values({ businessUnitId, emails, version: 1 })
    .onConflictDoUpdate({
      target: documentSearchAccess.businessUnitId,
      set: { emails, version: sql`${documentSearchAccess.version} + 1` },
      setWhere: eq(documentSearchAccess.version, version),
    })
    .returning();
  const [row] = rows;
  return row && row.version === version + 1 ? row : undefined;
}
