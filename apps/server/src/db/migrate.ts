import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { bootstrapReferenceData } from './bootstrap.js';
import type { Database } from './client.js';

/** The SQL migrations and drizzle's journal of them: beside this module in the sources, beside the bundle once built (decision 0064). */
export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies pending migrations, then the idempotent reference rows every installation needs. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await migratePg(database.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await migratePglite(database.db as any, { migrationsFolder });
  }
  await bootstrapReferenceData(database.db);
}
