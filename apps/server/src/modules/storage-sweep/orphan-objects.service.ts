import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import type { ListedObject } from '../../platform/file-store.js';
import { namedStorageKeys } from './orphan-objects.repo.js';

/** Where file binaries are stored: by hand, by a bulk import, by the demo (decision 0087). */
export const SWEPT_PREFIX = 'files/';
/** An object younger than this is never removed: its row may still be on its way (an upload, an import's transaction). */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
/**
 * A sweep that would remove more than this share of the listed objects (and more than
 * `ORPHAN_GUARD_MIN` of them) removes nothing and says so: a fault in reading the named keys must
 * never empty the store.
 */
export const ORPHAN_GUARD_SHARE = 0.5;
export const ORPHAN_GUARD_MIN = 100;
/** The keys an audit row names at most (the count and size are always whole). */
const AUDITED_KEYS = 100;

export interface OrphanSweep {
  listed: number;
  removed: number;
  removedBytes: number;
  /** True when the guard held the sweep back (nothing removed). */
  held: boolean;
}

/**
 * Removes the objects under `files/` that no row names and that are older than the grace period:
 * what a process killed between storing a binary and committing its row left behind (decision
 * 0087), partial objects of an interrupted write included. The store is listed first and the
 * named keys read after, so an object whose row committed meanwhile is kept. One audit row says
 * what was removed.
 */
export async function sweepOrphanObjects(
  deps: Pick<Deps, 'db' | 'files'>,
  log: (message: string) => void,
  now = new Date(),
): Promise<OrphanSweep> {
  const old: ListedObject[] = [];
  let listed = 0;
  for await (const object of deps.files.list(SWEPT_PREFIX)) {
    listed++;
    if (now.getTime() - object.modifiedAt.getTime() >= ORPHAN_GRACE_MS) old.push(object);
  }
  const named = await namedStorageKeys(deps.db);
  const orphans = old.filter((o) => !named.has(o.key));
  if (orphans.length > ORPHAN_GUARD_MIN && orphans.length > listed * ORPHAN_GUARD_SHARE) {
    log(
      `storage sweep: ${orphans.length} of ${listed} objects under ${SWEPT_PREFIX} are named by no row; more than the guard allows, so none was removed. Check the storage-key columns (backup/storage-keys.ts) before removing them by hand.`,
    );
    return { listed, removed: 0, removedBytes: 0, held: true };
  }
  let removedBytes = 0;
  for (const o of orphans) {
    await deps.files.delete(o.key);
    removedBytes += o.size;
  }
  if (orphans.length > 0) {
    await deps.db.transaction((tx) =>
      audit(tx, null, {
        entityName: 'storage',
        action: 'ORPHANS_REMOVED',
        entityLabel: SWEPT_PREFIX,
        changes: { removed: orphans.length, bytes: removedBytes, keys: orphans.slice(0, AUDITED_KEYS).map((o) => o.key) },
      }),
    );
  }
  return { listed, removed: orphans.length, removedBytes, held: false };
}
