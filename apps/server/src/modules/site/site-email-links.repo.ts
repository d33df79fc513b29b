import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { siteEmailLink } from '../../db/schema/index.js';

/** How long a link sent by e-mail may be used (once). */
export const EMAIL_LINK_VALIDITY_MS = 30 * 60 * 1000;
/** Used or expired links are kept this long after their expiry (a second use still says "used"), then purged. */
const PURGE_AFTER_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a single-use link token for a verified-to-be address of the unit; returns the clear token (only its hash is stored). */
export async function createEmailLink(
  db: DbOrTx,
  link: { businessUnitId: number; email: string; returnTo: string },
  now = new Date(),
): Promise<string> {
  await db
    .delete(siteEmailLink)
    .where(
      and(eq(siteEmailLink.businessUnitId, link.businessUnitId), lt(siteEmailLink.expiresAt, new Date(now.getTime() - PURGE_AFTER_MS))),
    );
  const token = randomBytes(32).toString('base64url');
  await db.insert(siteEmailLink).values({
    ...link,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_VALIDITY_MS),
  });
  return token;
}

/** The unit's link of this token, not used and not expired at `now`. */
const usable = (businessUnitId: number, token: string, now: Date) =>
  and(
    eq(siteEmailLink.tokenHash, hashToken(token)),
    eq(siteEmailLink.businessUnitId, businessUnitId),
    isNull(siteEmailLink.usedAt),
    gt(siteEmailLink.expiresAt, now),
  );

/** The link while it is unused and unexpired, without consuming it (the page that asks to confirm). */
export async function findEmailLink(db: DbOrTx, businessUnitId: number, token: string, now = new Date()) {
  const [row] = await db
    .select({ email: siteEmailLink.email, returnTo: siteEmailLink.returnTo })
    .from(siteEmailLink)
    .where(usable(businessUnitId, token, now));
  return row ?? null;
}

/** Consumes the link in one statement (of two simultaneous uses only one succeeds): its address and return path, or null. */
export async function consumeEmailLink(db: DbOrTx, businessUnitId: number, token: string, now = new Date()) {
  const [row] = await db
    .update(siteEmailLink)
    .set({ usedAt: now })
    .where(usable(businessUnitId, token, now))
    .returning({ email: siteEmailLink.email, returnTo: siteEmailLink.returnTo });
  return row ?? null;
}
