import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { verifyAuditChainAnchored } from './modules/audit-logs/audit-anchor.js';
import { createFileStore } from './platform/storage.js';

/**
 * `npm run audit:verify`: recomputes the manufacturer's audit chain (decision 0065), compares it
 * with the latest anchor kept in storage (decision 0083) and says whether it is intact or names the
 * first row that does not match. Exit code 0 when intact, 1 when
 * broken, 2 when it could not be checked. The embedded database is opened by one process only:
 * stop the server first, or call `GET api/audit-logs/verify`.
 */
const REASONS = {
  hash: 'its content, or the row before it, was changed',
  sequence: 'the row at this place is missing',
  head: 'the last rows of the chain are missing',
  anchor: 'it differs from the head anchored outside the database: the chain was rewritten up to it at least',
} as const;

const config = loadConfig();
let code = 2;
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await verifyAuditChainAnchored({ db: database.db, files: createFileStore(config.storageUrl, config.dataDir) });
  const anchored = result.anchor
    ? ` It matches the anchor of ${result.anchor.anchoredAt} (row ${result.anchor.seq}).`
    : result.anchor === undefined
      ? ' No anchor written yet (npm run audit:anchor).'
      : '';
  if (result.valid) {
    console.log(`Audit chain intact: ${result.checked} rows verified.${anchored}`);
    code = 0;
  } else if (result.firstInvalid) {
    const { id, seq, reason } = result.firstInvalid;
    console.error(
      `Audit chain BROKEN at row ${seq}${id === null ? '' : ` (audit entry id ${id})`}: ${REASONS[reason]}. ${result.checked} rows checked.`,
    );
    code = 1;
  }
} catch (err) {
  console.error(`The audit chain could not be verified: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await database.close();
}
process.exit(code);
