import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { publishState } from '../../db/schema/index.js';

export type PublishStateRow = typeof publishState.$inferSelect;

/**
 * How long a lease lasts past its holder's last sign of life (decisions 0037, 0084): the holder
 * renews it every LEASE_HEARTBEAT_MS while it works, so a holder that was killed blocks the unit's
 * publishes for at most this long.
 */
export const LEASE_SECONDS = 120;
/** How often a working holder renews its lease: a quarter of its length, so a late renewal or two changes nothing. */
export const LEASE_HEARTBEAT_MS = 30_000;

const leaseEnd = () => sql`now() + make_interval(secs => ${LEASE_SECONDS})`;

/**
 * Takes the unit's lease in one statement: a new row, or the row of a holder whose lease has
 * expired (a crashed publish), taken over. Nothing returned: an unexpired lease is held.
 */
export async function takeLease(
  db: DbOrTx,
  values: { businessUnitId: number; uuid: string; userId: number | null; userLogin: string | null },
): Promise<PublishStateRow | undefined> {
  const expiresAt = leaseEnd();
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

/** The holder's sign of life: its own lease (never another's) lasts LEASE_SECONDS from now. */
export async function renewLease(db: DbOrTx, businessUnitId: number, uuid: string): Promise<void> {
  await db
    .update(publishState)
    .set({ expiresAt: leaseEnd() })
    .where(and(eq(publishState.businessUnitId, businessUnitId), eq(publishState.uuid, uuid)));
}
