import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ssoConfig } from '../../db/schema/index.js';

export type SsoConfigRow = typeof ssoConfig.$inferSelect;

export async function findSsoConfigs(db: DbOrTx): Promise<SsoConfigRow[]> {
  return db.select().from(ssoConfig);
}

export async function findSsoConfig(db: DbOrTx, kind: string, forUpdate = false): Promise<SsoConfigRow | undefined> {
  const query = db.select().from(ssoConfig).where(eq(ssoConfig.kind, kind));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

type Values = Omit<SsoConfigRow, 'kind' | 'version'>;

/** Stores a configuration when `version` is the stored one (0: never saved); undefined otherwise. */
export async function saveSsoConfig(db: DbOrTx, kind: string, values: Values, version: number): Promise<SsoConfigRow | undefined> {
  if (version === 0) {
    const [row] = await db
      .insert(ssoConfig)
      .values({ kind, ...values, version: 1 })
      .onConflictDoNothing()
      .returning();
    return row;
  }
  const [row] = await db
    .update(ssoConfig)
    .set({ ...values, version: version + 1 })
    .where(and(eq(ssoConfig.kind, kind), eq(ssoConfig.version, version)))
    .returning();
  return row;
}

/** Replaces a configuration's sealed secret when it is still `sealed` (the same secret under another key: the version stays). */
export async function replaceSealedSecret(db: DbOrTx, kind: string, sealed: string, resealed: string): Promise<boolean> {
  const rows = await db
    .update(ssoConfig)
    .set({ clientSecretEncrypted: resealed })
    .where(and(eq(ssoConfig.kind, kind), eq(ssoConfig.clientSecretEncrypted, sealed)))
    .returning({ kind: ssoConfig.kind });
  return rows.length > 0;
}
