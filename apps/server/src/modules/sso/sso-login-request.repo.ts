import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ssoLoginRequest } from '../../db/schema/index.js';

export type SsoLoginRequestRow = typeof ssoLoginRequest.$inferSelect;

/** Keeps a started sign-in, and forgets the ones that expired. */
export async function insertLoginRequest(db: DbOrTx, row: SsoLoginRequestRow): Promise<void> {
  await db.delete(ssoLoginRequest).where(lt(ssoLoginRequest.expiresAt, new Date()));
  await db.insert(ssoLoginRequest).values(row);
}

/** Takes the started sign-in of a state once: the row is deleted, a second take finds nothing. */
export async function takeLoginRequest(db: DbOrTx, stateHash: string): Promise<SsoLoginRequestRow | undefined> {
  const [row] = await db.delete(ssoLoginRequest).where(eq(ssoLoginRequest.stateHash, stateHash)).returning();
  return row;
}
