import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createFileStore } from './platform/storage.js';
import { stopOnSignals } from './shutdown.js';
import { checkDependencies, exitOnStartupError } from './startup.js';

/**
 * `npm run worker` (`npm run worker:prod` once built): works the job queue without serving HTTP
 * (decision 0056). Several workers and servers share the queue on PostgreSQL; the server migrates
 * the database, a worker only uses it. On the embedded database the server's own process runs the
 * jobs and no worker is needed (the embedded database has one process).
 */
async function start() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError('a worker needs DATABASE_URL: on the embedded database the server runs the jobs itself');
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await checkDependencies(config, database, createFileStore(config.storageUrl, config.dataDir));
  // the same deps and job handlers as the server, built without listening on a port; jobs run from
  // the middle of the build, so the signals are handled from its start: on SIGTERM no further job
  // is taken; the running one finishes, or is failed and retried once the timeout has passed
  const building = buildApp({ config, database, serveAdmin: false, runJobs: true });
  stopOnSignals(building, database, config.shutdownTimeoutMs);
  const app = await building;
  await app.ready();
  return { config, app };
}

const { config, app } = await start().catch(exitOnStartupError);
app.log.info(`Vellum ${config.version} worker on the PostgreSQL queue`);
