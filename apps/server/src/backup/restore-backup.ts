import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openDatabase } from '../db/client.js';
import { type ChainVerification, verifyAuditChain } from '../modules/audit-logs/audit-chain.js';
import { chainHead } from '../modules/audit-logs/audit-chain.repo.js';
import { BackupError, pgliteIsEmpty, postgresIsEmpty, restorePglite, restorePostgres, safeUrl } from './database-dump.js';
import { BACKUP_FORMAT, hashFile, MANIFEST_FILE, type Manifest, objectPath } from './manifest.js';
import type { ObjectTarget } from './object-target.js';
import { journalEntries } from './snapshot-state.js';

export interface RestoreTarget {
  /** PostgreSQL; unset: the embedded database under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  objects: ObjectTarget;
}

export interface RestoreResult {
  manifest: Manifest;
  objects: number;
  auditChain: ChainVerification;
}

/** Reads and checks a backup's manifest (its format and every entry's shape). */
export async function readManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
  } catch (err) {
    throw new BackupError(`${join(dir, MANIFEST_FILE)} cannot be read: ${(err as Error).message}`);
  }
  if (
    manifest?.format !== BACKUP_FORMAT ||
    !Array.isArray(manifest.objects) ||
    typeof manifest.database?.sha256 !== 'string' ||
    !/^[\w.-]+$/.test(String(manifest.database.file)) ||
    !manifest.migrations
  ) {
    throw new BackupError(`${join(dir, MANIFEST_FILE)} is not a Vellum backup manifest (${BACKUP_FORMAT})`);
  }
  return manifest;
}

/**
 * Every file of the backup against the manifest, before anything is written: the dump and each
 * object must have the manifest's size and SHA-256. The first that does not is named.
 */
export async function verifyBackup(dir: string, manifest: Manifest): Promise<void> {
  const check = async (what: string, path: string, expected: { size: number; sha256: string }) => {
    let actual: { size: number; sha256: string };
    try {
      actual = await hashFile(path);
    } catch {
      throw new BackupError(`the backup is incomplete: ${what} is missing`);
    }
    if (actual.sha256 !== expected.sha256 || actual.size !== expected.size) {
      throw new BackupError(`the backup is corrupted: ${what} does not match its SHA-256 in the manifest`);
    }
  };
  await check(`the database dump ${manifest.database.file}`, join(dir, manifest.database.file), manifest.database);
  for (const o of manifest.objects) await check(`object ${o.key}`, objectPath(dir, o.key), o);
}

/**
 * Restores a backup into an empty database and an empty file store (decision 0069): refuses
 * anything else, verifies every SHA-256 first, loads the dump, writes the objects under their keys,
 * then recomputes the audit chain and compares its head with the one the manifest kept.
 */
export async function restoreBackup(backupDir: string, target: RestoreTarget): Promise<RestoreResult> {
  const dir = resolve(backupDir);
  const manifest = await readManifest(dir);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      `this backup is of ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'the embedded database'}; restore it into the same kind of database`,
    );
  }
  const shipped = journalEntries().at(-1)?.when ?? 0;
  if ((manifest.migrations.lastCreatedAt ?? 0) > shipped) {
    throw new BackupError(
      `this backup was made by a newer version (migration ${manifest.migrations.lastTag}); restore it with that version or a later one`,
    );
  }
  if (target.databaseUrl ? !(await postgresIsEmpty(target.databaseUrl)) : !pgliteIsEmpty(target.dataDir)) {
    throw new BackupError(
      `the target database is not empty (${target.databaseUrl ? safeUrl(target.databaseUrl) : join(target.dataDir, 'db')}): restore only into a new, empty database`,
    );
  }
  if (await target.objects.hasObjects()) {
    throw new BackupError(`the target file store is not empty (${target.objects.where}): restore only into an empty folder or bucket`);
  }
  await verifyBackup(dir, manifest);

  const dump = join(dir, manifest.database.file);
  if (target.databaseUrl) await restorePostgres(target.databaseUrl, dump);
  else await restorePglite(target.dataDir, dump);
  for (const o of manifest.objects) await target.objects.write(o.key, () => createReadStream(objectPath(dir, o.key)), o.size);

  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    let auditChain = await verifyAuditChain(database.db);
    // the head kept in the manifest, outside the database: the restored chain must end exactly there
    const head = await chainHead(database.db);
    const kept = manifest.auditChain;
    if (auditChain.valid && (kept?.seq !== head?.seq || kept?.hash !== head?.hash)) {
      auditChain = { valid: false, checked: auditChain.checked, firstInvalid: { id: null, seq: (head?.seq ?? 0) + 1, reason: 'head' } };
    }
    return { manifest, objects: manifest.objects.length, auditChain };
  } finally {
    await database.close();
  }
}
