import { resolve } from 'node:path';
import { holdCurrentBuild } from '../../admin/scripts/builds.js';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { resealSsoSecrets } from './modules/manufacturer/sso-config.service.js';
import { createFileStore } from './platform/storage.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { stopOnSignals } from './shutdown.js';
import { checkDependencies, exitOnStartupError } from './startup.js';

/**
 * The admin app's folder: two levels up from this file both in the sources (src/main.ts) and in the
 * build (dist/main.js, decision 0064), where the builds' own module would look beside the bundle.
 */
const ADMIN_DIR = resolve(import.meta.dirname, '../../admin');

/**
 * Migrates, seeds, builds and listens. The signals are handled from the moment the database is open
 * (decision 0080, as the worker does): a SIGTERM during a migration, the demo seed or the build waits
 * for the start to end, then drains and stops, instead of ending the process in the middle of a write.
 */
async function start(config: Config, database: Database) {
  const files = createFileStore(config.storageUrl, config.dataDir);
  await checkDependencies(config, database, files);
  // said before the longest steps of a start, so an operator knows why the port does not answer yet
  process.stdout.write(`Vellum ${config.version}: preparing the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database\n`);
  await migrate(database);
  // after a key change, SSO client secrets sealed under SSO_SECRET_KEY_PREVIOUS are sealed again under SSO_SECRET_KEY
  const sealed = await resealSsoSecrets({ db: database.db, config });
  // the demo's PDF files go to the store the server reads them from; its units are published (decision 0052)
  if (config.seedDemo) await seedDemoIfEmpty(database.db, config.publicUrl, files);
  // this process serves the admin build current at its start, marked in use so that no later build removes it (decision 0052)
  const adminBuild = holdCurrentBuild(ADMIN_DIR);
  process.on('exit', () => adminBuild?.release());
  const app = await buildApp({ config, database, serveAdmin: adminBuild !== undefined, adminBuild: adminBuild?.dir });
  if (sealed.resealed.length) app.log.info(`SSO client secrets sealed again under SSO_SECRET_KEY: ${sealed.resealed.join(', ')}`);
  if (sealed.unreadable.length) app.log.warn(`SSO client secrets that open under neither SSO key: ${sealed.unreadable.join(', ')}`);
  await app.listen({ port: config.port, host: config.host });
  return app;
}

const config = await Promise.resolve()
  .then(() => loadConfig())
  .catch(exitOnStartupError);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(exitOnStartupError);
const starting = start(config, database);
stopOnSignals(starting, database, config.shutdownTimeoutMs);
const app = await starting.catch(exitOnStartupError);

app.log.info(`Vellum ${config.version} on http://localhost:${config.port} (${database.kind} database)`);
