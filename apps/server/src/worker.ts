import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

/**
 * `npm run worker`: works the job queue without serving HTTP (decision 0056). Several workers and
 * servers share the queue on PostgreSQL; the server migrates the database, a worker only uses it.
 * On the embedded database the server's own process runs the jobs and no worker is needed (the
 * embedded database has one process).
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL: on the embedded database the server runs the jobs itself.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl });
// the same deps and job handlers as the server, built without listening on a port
const app = await buildApp({ config, database, serveAdmin: false, runJobs: true });
await app.ready();
app.log.info(`Vellum ${config.version} worker on the PostgreSQL queue`);

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
