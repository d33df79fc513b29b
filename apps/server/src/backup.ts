import { resolve } from 'node:path';
import { createBackup } from './backup/create-backup.js';
import { BackupError, openPgliteOf } from './backup/database-dump.js';
import { loadConfig } from './config.js';
import { reasonOf } from './modules/management/readiness.js';
import { createFileStore } from './platform/storage.js';

/**
 * `npm run backup [-- <folder>]` (decision 0069): a consistent copy of the database (pg_dump, or
 * PGlite's data directory) and of every stored object it names, with a manifest of SHA-256s, in a
 * new folder `vellum-backup-<time>` under <folder> (default `./backups`). Exit 0 written, 1 not.
 * The embedded database is opened by one process only: stop the server first.
 */
const parent = resolve(process.argv[2] ?? 'backups');
let code = 1;
try {
  const config = loadConfig();
  const started = Date.now();
  const embedded = config.databaseUrl ? undefined : openPgliteOf(config.dataDir);
  const written = await createBackup(
    {
      connection: embedded ? { kind: 'pglite', client: embedded } : { kind: 'postgres', url: config.databaseUrl ?? '' },
      store: createFileStore(config.storageUrl, config.dataDir),
      appVersion: config.version,
    },
    parent,
  ).finally(() => embedded?.close());
  const { dir, manifest } = written;
  const bytes = manifest.objects.reduce((sum, o) => sum + o.size, 0) + manifest.database.size;
  console.log(`Backup written to ${dir}`);
  console.log(
    `  database ${manifest.database.file} (${manifest.database.size} bytes, migration ${manifest.migrations.lastTag}), ${manifest.objects.length} objects, ${bytes} bytes in all, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (manifest.auditChain) console.log(`  audit chain head: row ${manifest.auditChain.seq}, ${manifest.auditChain.hash}`);
  for (const m of manifest.missing) console.warn(`  not in the store (a bulk file that is gone): ${m.key} (${m.columns.join(', ')})`);
  code = 0;
} catch (err) {
  console.error(`Backup failed: ${err instanceof BackupError ? err.message : reasonOf(err)}`);
}
process.exit(code);
