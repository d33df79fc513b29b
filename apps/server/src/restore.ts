import { BackupError } from './backup/database-dump.js';
import { objectTarget } from './backup/object-target.js';
import { restoreBackup } from './backup/restore-backup.js';
import { loadConfig } from './config.js';
import { reasonOf } from './modules/management/readiness.js';

/**
 * `npm run restore -- <backup folder>` (decision 0069): into the empty database DATABASE_URL names
 * (or an empty embedded database under DATA_DIR) and the empty store STORAGE_URL names (or
 * DATA_DIR/files). Every SHA-256 is verified before anything is written; the audit chain is
 * verified after. Exit 0 restored and intact, 1 refused or failed, 2 restored but the chain broken.
 */
const folder = process.argv[2];
let code = 1;
if (!folder) {
  console.error('Usage: npm run restore -- <backup folder>');
} else {
  try {
    const config = loadConfig();
    const result = await restoreBackup(folder, {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      objects: objectTarget(config.storageUrl, config.dataDir),
    });
    console.log(`Restored the backup of ${result.manifest.createdAt}: the database and ${result.objects} objects.`);
    const chain = result.auditChain;
    if (chain.valid) {
      console.log(`Audit chain intact: ${chain.checked} rows verified, its head equal to the manifest's.`);
      code = 0;
    } else {
      console.error(
        `Audit chain BROKEN at row ${chain.firstInvalid?.seq} (${chain.firstInvalid?.reason}): do not put this database into service.`,
      );
      code = 2;
    }
  } catch (err) {
    console.error(`Restore refused: ${err instanceof BackupError ? err.message : reasonOf(err)}`);
  }
}
process.exit(code);
