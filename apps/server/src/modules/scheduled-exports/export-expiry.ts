import type { Deps } from '../../platform/deps.js';
import { EXPORT_LINK_DAYS } from '../bulk/bulk-links.js';
import * as repo from './scheduled-exports.repo.js';

/** The daily maintenance that removes the zips of exports whose links have expired (decision 0059). */
export const EXPORT_EXPIRY_QUEUE = 'bulk-export-expiry';
export const EXPORT_EXPIRY_CRON = '40 3 * * *';
/** A zip is kept an hour beyond its link, which is signed just after the zip is stored. */
const KEPT_MS = (EXPORT_LINK_DAYS * 24 + 1) * 60 * 60 * 1000;
const BATCH = 200;

/**
 * Removes from storage the zip of every export (requested or scheduled) made more than 7 days
 * (and an hour) before `now`, and marks its row: no storage key, a line in its log. `now` is
 * injected by the tests. Answers how many zips were removed.
 */
export async function expireStoredExports(deps: Pick<Deps, 'db' | 'files'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEPT_MS);
  let removed = 0;
  for (;;) {
    const rows = await repo.storedExportsBefore(deps.db, before, BATCH);
    for (const r of rows) {
      if (r.storageKey) await deps.files.delete(r.storageKey);
      await repo.markExportRemoved(deps.db, r.id, `${now.toISOString()}: the zip was removed, its download link having expired.`);
      removed++;
    }
    if (rows.length < BATCH) return removed;
  }
}
