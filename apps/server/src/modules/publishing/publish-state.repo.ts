import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { publishState } from '../../db/schema/index.js';

export type PublishStateRow = typeof publishState.$inferSelect;

/** How long a lease lasts (decision 0037): longer than a publish may run (its statement timeout is below it). */
export const LEASE_MINUTES = 15;

/**
 * Takes the unit's lease in one statement: a new row, or the row of a holder whose lease has
 * expired (a crashed publish), taken over. Nothing returned: an unexpired lease is held.
 */
export async function takeLease(
  db: DbOrTx,
  values: { businessUnitId: number; uuid: string; userId: number | null; userLogin: string | null },
): Promise<PublishStateRow | undefined> {
  const expiresAt = sql`now() + make_interval(mins => ${LEASE_MINUTES})`;
  const [row] = await db
    .insert(publishState)
    .values({ ...values, startDate: sql`now()`, expiresAt })
    .onConflictDoUpdate({
      target: publishState.businessUnitId,
      set: {
        uuid: values.uuid,
        startDate: sql`now()`,
        userId: values.userId,
        userLogin: values.userLogin,
        expiresAt,
      },
      setWhere: sql`${publishState.expiresAt} < now()`,
    })
    .returning();
  return row;
}

/** The unit's unexpired lease, if one is held. */
export async function heldLease(db: DbOrTx, businessUnitId: number): Promise<PublishStateRow | undefined> {
  const [row] = await db
    .select()
    .from(publishState)
    .where(and(eq(publishState.businessUnitId, businessUnitId), gte(publishState.expiresAt, sql`now()`)));
  return row;
}

/** Gives the lease back: only the holder's own row (a lease taken over after expiry is another's). */
export async function releaseLease(db: DbOrTx, businessUnitId: number, uuid: string): Promise<void> {
  await db.delete(publishState).where(and(eq(publishState.businessUnitId, businessUnitId), eq(publishState.uuid, uuid)));
}
