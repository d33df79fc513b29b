import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/client.js';
import type { FileStore } from '../platform/file-store.js';
import { MeasuringStream } from '../platform/storage-stream.js';
import { BackupError, dumpPglite, dumpPostgres } from './database-dump.js';
import { BACKUP_FORMAT, hashFile, MANIFEST_FILE, type Manifest, type ManifestObject, objectPath } from './manifest.js';
import type { NamedObject } from './storage-keys.js';

export interface BackupSource {
  /** The database: PostgreSQL's URL, or the embedded database's client. */
  connection: Database['connection'];
  store: FileStore;
  appVersion: string;
}

/** Objects copied at once (the store answers each request on its own). */
const PARALLEL_COPIES = 4;

/** `vellum-backup-20261127T120000Z`: sorts by time, no characters a file system dislikes. */
export function backupName(at: Date): string {
  return `vellum-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

/**
 * Writes a backup into a new folder under `parent` (decision 0069): the database's dump, every
 * object the dump's rows name under `objects/<key>`, and `manifest.json`. The folder is written as
 * `<name>.partial` and renamed when complete, so a folder without that suffix is a whole backup.
 * Answers the folder and the manifest.
 */
export async function createBackup(source: BackupSource, parent: string, now = new Date()): Promise<{ dir: string; manifest: Manifest }> {
  const dir = resolve(parent, backupName(now));
  if (existsSync(dir)) throw new BackupError(`${dir} already exists`);
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    const onPostgres = source.connection.kind === 'postgres';
    const dumpFile = onPostgres ? 'database.dump' : 'database.tar.gz';
    const state =
      source.connection.kind === 'postgres'
        ? await dumpPostgres(source.connection.url, join(partial, dumpFile))
        : await dumpPglite(source.connection.client, join(partial, dumpFile));
    const dump = await hashFile(join(partial, dumpFile));
    // objects never change once written (a new binary is a new key), so copying them after the snapshot copies what it names
    const { objects, missing } = await copyObjects(source.store, state.objects, partial);
    const required = missing.filter((m) => !m.optional);
    if (required.length > 0) {
      throw new BackupError(
        `${required.length} object(s) the database names are not in the file store, e.g. ${required[0].key} (${required[0].columns.join(', ')})`,
      );
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      appVersion: source.appVersion,
      database: {
        kind: source.connection.kind,
        file: dumpFile,
        format: onPostgres ? 'pg_dump-custom' : 'pglite-datadir-tar-gz',
        size: dump.size,
        sha256: dump.sha256,
      },
      migrations: state.migrations,
      auditChain: state.auditChain,
      storage: { kind: source.store.kind },
      objects,
      missing: missing.map(({ key, columns }) => ({ key, columns })),
    };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, dir);
    return { dir, manifest };
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}

async function copyObjects(
  store: FileStore,
  named: NamedObject[],
  dir: string,
): Promise<{ objects: ManifestObject[]; missing: NamedObject[] }> {
  const objects: ManifestObject[] = [];
  const missing: NamedObject[] = [];
  let next = 0;
  const worker = async () => {
    while (next < named.length) {
      const item = named[next++];
      const copied = await copyObject(store, item.key, dir);
      if (copied) objects.push({ key: item.key, ...copied, columns: item.columns });
      else missing.push(item);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_COPIES }, worker));
  objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { objects, missing };
}

async function copyObject(store: FileStore, key: string, dir: string): Promise<{ size: number; sha256: string } | undefined> {
  const path = objectPath(dir, key);
  const stream = await store.open(key);
  if (!stream) return undefined;
  await mkdir(dirname(path), { recursive: true });
  const measure = new MeasuringStream();
  await pipeline(stream as Readable, measure, createWriteStream(path, { flags: 'wx' }));
  return { size: measure.size, sha256: measure.digest() };
}
