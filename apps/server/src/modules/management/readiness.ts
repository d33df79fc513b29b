import type { ReadinessResponse } from '@vellum/contract';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrate.js';
import type { FileStore } from '../../platform/file-store.js';
import { appliedMigrationTimes, pingDatabase } from './management.repo.js';

/** How long one check may take before it counts as down: a load balancer's probe must not hang. */
export const CHECK_TIMEOUT_MS = 3000;

/** The migrations this build ships: the `when` of each journal entry (read once; they do not change while it runs). */
let shipped: number[] | undefined;
const shippedMigrationTimes = () => (shipped ??= readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));

/** The error's own words, one line (an AggregateError of a refused connection has its code only). */
export function reasonOf(err: unknown): string {
  const e = err as {
    message?: string;
    code?: string;
    name?: string;
    errors?: unknown[];
    cause?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  // drizzle's "Failed query: …" wraps the driver's error, which says what went wrong
  if (e?.cause) return reasonOf(e.cause);
  // an S3 answer without a body (HEAD) has no message worth reading: its name and status say it
  if (e?.$metadata?.httpStatusCode) return `${e.name} (HTTP ${e.$metadata.httpStatusCode})`;
  const text = e?.message || e?.code || (e?.errors?.[0] ? reasonOf(e.errors[0]) : '') || e?.name || String(err);
  return text.split('\n')[0];
}

export async function within<T>(work: Promise<T>, what: string, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type Check = { status: 'UP' | 'DOWN'; error?: string };

/**
 * Whether this process can serve: the database and the storage answer and every migration this
 * build ships has been applied (a replica or worker started before the migrating server, or an
 * older database, is not ready). `log` receives the full reason of each failed check; the answer
 * says only which check failed and briefly why.
 */
export async function readiness(deps: { db: Db; files: FileStore }, log: (message: string) => void): Promise<ReadinessResponse> {
  const run = async (name: string, work: () => Promise<void>): Promise<Check> => {
    try {
      await within(work(), name);
      return { status: 'UP' };
    } catch (err) {
      log(`readiness: ${name} is down: ${reasonOf(err)}`);
      return { status: 'DOWN', error: err instanceof Error && err.message.includes('no answer within') ? 'timeout' : 'unreachable' };
    }
  };
  const expected = shippedMigrationTimes();
  let applied = 0;
  const [database, storage, migrationsRead] = await Promise.all([
    run('database', () => pingDatabase(deps.db)),
    run('storage', () => deps.files.probe()),
    run('migrations', async () => {
      const times = await appliedMigrationTimes(deps.db);
      const last = times.at(-1) ?? 0;
      applied = expected.filter((when) => when <= last).length;
    }),
  ]);
  const pending = expected.length - applied;
  const migrations =
    migrationsRead.status === 'DOWN'
      ? { ...migrationsRead, applied, expected: expected.length }
      : pending > 0
        ? { status: 'DOWN' as const, error: `${pending} pending`, applied, expected: expected.length }
        : { status: 'UP' as const, applied, expected: expected.length };
  const up = database.status === 'UP' && storage.status === 'UP' && migrations.status === 'UP';
  return { status: up ? 'UP' : 'DOWN', checks: { database, storage, migrations } };
}
