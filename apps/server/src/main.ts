import { resolve } from 'node:path';
import { holdCurrentBuild } from '../../admin/scripts/builds.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
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

async function start() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const files = createFileStore(config.storageUrl, config.dataDir);
  await checkDependencies(config, database, files);
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
  return { config, database, app };
}

const { config, database, app } = await start().catch(exitOnStartupError);

stopOnSignals(app, database, config.shutdownTimeoutMs);

app.log.info(`Vellum ${config.version} on http://localhost:${config.port} (${database.kind} database)`);
