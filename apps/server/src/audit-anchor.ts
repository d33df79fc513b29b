import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { logAuditAnchors, writeAuditAnchors } from './modules/audit-logs/audit-anchor.js';
import { createFileStore } from './platform/storage.js';

/**
 * `npm run audit:anchor`: writes the head of the audit chain (per manufacturer: the last row's place,
 * id and hash, and the time) to storage under `audit-anchors/` and as a JSON line to standard output
 * (decision 0083); the worker does the same every day. Exit code 0 when written, 2 otherwise. The
 * embedded database is opened by one process only: stop the server first.
 */
const config = loadConfig();
let code = 2;
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  logAuditAnchors(await writeAuditAnchors({ db: database.db, files: createFileStore(config.storageUrl, config.dataDir) }));
  code = 0;
} catch (err) {
  console.error(`The audit chain could not be anchored: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await database.close();
}
process.exit(code);
