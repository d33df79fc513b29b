import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

export const MANIFEST_FILE = 'manifest.json';
export const OBJECTS_FOLDER = 'objects';
export const BACKUP_FORMAT = 'vellum-backup/1';

/** One stored object of a backup: its key in the file store, its size and the SHA-256 of its bytes. */
export interface ManifestObject {
  key: string;
  size: number;
  sha256: string;
  /** The columns that name it (`table.column`). */
  columns: string[];
}

/** What a backup holds (decision 0069); `manifest.json` beside the dump and the objects. */
export interface Manifest {
  format: typeof BACKUP_FORMAT;
  /** When the backup began, its snapshot taken right after (ISO 8601, UTC). */
  createdAt: string;
  appVersion: string;
  database: {
    kind: 'postgres' | 'pglite';
    /** The dump's file name in the backup folder. */
    file: string;
    /** `pg_dump-custom` (PostgreSQL, pg_restore loads it) or `pglite-datadir-tar-gz` (PGlite's dumpDataDir). */
    format: 'pg_dump-custom' | 'pglite-datadir-tar-gz';
    size: number;
    sha256: string;
  };
  /** The migration level: how many migrations were applied, and the last one's journal tag and time. */
  migrations: { applied: number; lastTag: string | null; lastCreatedAt: number | null };
  /** The head of the audit chain in the snapshot (decision 0065): a copy of it kept outside the database. */
  auditChain: { seq: number; hash: string } | null;
  storage: { kind: 'local' | 's3' };
  objects: ManifestObject[];
  /** Keys the database names that the store did not hold when the backup was made (bulk files only, or the backup failed). */
  missing: { key: string; columns: string[] }[];
}

/** Hex SHA-256 and size of a file, streamed. */
export async function hashFile(path: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(createReadStream(path), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      hash.update(chunk);
    }
  });
  return { sha256: hash.digest('hex'), size };
}

/** Where an object's copy lives in a backup folder; a key that would leave the folder is refused. */
export function objectPath(backupDir: string, key: string): string {
  const base = resolve(backupDir, OBJECTS_FOLDER);
  const path = resolve(base, key);
  if (!path.startsWith(base + sep)) throw new Error(`object key escapes the backup folder: ${key}`);
  return path;
}
