import { holdCurrentBuild } from '../../admin/scripts/builds.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { createFileStore } from './platform/storage.js';
import { seedDemoIfEmpty } from './seed/demo.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
// the demo's PDF files go to the store the server reads them from; its units are published (decision 0052)
if (config.seedDemo) await seedDemoIfEmpty(database.db, config.publicUrl, createFileStore(config.storageUrl, config.dataDir));
// this process serves the admin build current at its start, marked in use so that no later build removes it (decision 0052)
const adminBuild = holdCurrentBuild();
process.on('exit', () => adminBuild?.release());
const app = await buildApp({ config, database, adminBuild: adminBuild?.dir });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Vellum ${config.version} on http://localhost:${config.port} (${database.kind} database)`);
