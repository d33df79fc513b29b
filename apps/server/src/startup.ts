import type { Config } from './config.js';
import { ConfigError } from './config.js';
import type { Database } from './db/client.js';
import { pingDatabase } from './modules/management/management.repo.js';
import { reasonOf, within } from './modules/management/readiness.js';
import type { FileStore } from './platform/file-store.js';

/**
 * What a server or worker checks before it migrates or serves: the database and the storage
 * answer. A process that cannot start says why in one line on standard error, names the setting
 * (never a secret) and exits with status 1, without a stack trace.
 */

/** A dependency the process cannot start without is unreachable. */
class StartupError extends Error {}

/** How long a dependency may take to answer at start (a first connection can be slower than a readiness probe). */
const START_TIMEOUT_MS = 10_000;

/** The database URL without its password, as the message names it. */
function describeDatabase(url: string | undefined): string {
  if (!url) return 'the embedded database';
  try {
    const u = new URL(url);
    return `the database ${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return 'the database of DATABASE_URL';
  }
}

export async function checkDependencies(config: Config, database: Database, files: FileStore): Promise<void> {
  try {
    await within(pingDatabase(database.db), 'database', START_TIMEOUT_MS);
  } catch (err) {
    throw new StartupError(`${describeDatabase(config.databaseUrl)} cannot be reached: ${reasonOf(err)}`);
  }
  try {
    await within(files.probe(), 'storage', START_TIMEOUT_MS);
  } catch (err) {
    const where = config.storageUrl
      ? `the bucket of STORAGE_URL (${config.storageUrl.split('?')[0]})`
      : `the folder ${config.dataDir}/files`;
    throw new StartupError(`${where} cannot be reached: ${reasonOf(err)}`);
  }
}

/**
 * The way a start fails: a known cause (the configuration, a dependency, the port) in one line and
 * exit status 1; anything else is a bug and keeps its stack trace.
 */
export function exitOnStartupError(err: unknown): never {
  const code = (err as { code?: string }).code;
  if (err instanceof ConfigError || err instanceof StartupError || code === 'EADDRINUSE' || code === 'EACCES') {
    process.stderr.write(`Vellum cannot start: ${reasonOf(err)}\n`);
    process.exit(1);
  }
  throw err;
}
