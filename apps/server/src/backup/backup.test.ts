import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import type { FileStore } from '../platform/file-store.js';
import { createFileStore } from '../platform/storage.js';
import { MeasuringStream } from '../platform/storage-stream.js';
import { seedDemoIfEmpty } from '../seed/demo.js';
import { withDatabase } from '../test/global-setup.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createBackup } from './create-backup.js';
import { pgliteIsEmpty, postgresIsEmpty } from './database-dump.js';
import { type Manifest, objectPath } from './manifest.js';
import { objectTarget } from './object-target.js';
import { restoreBackup } from './restore-backup.js';
import { NOT_STORAGE_KEYS, STORAGE_KEY_COLUMNS } from './storage-keys.js';

/**
 * Backup and restore (decision 0069): the demo backed up, restored into a new empty database and an
 * empty store, and compared with the original — the live publications, every file version's bytes,
 * the audit log and its chain; a corrupted backup and a non-empty target refused.
 */

/** Tables compared row for row after a restore: the publications (what the public site serves), files and the audit trail. */
const COMPARED = [
  'publication',
  'publish_state',
  'pub_product',
  'pub_document',
  'pub_file_version',
  'published_object',
  'document',
  'file',
  'file_version',
  'product',
  'audit_log',
  'audit_chain',
];

const dirs: string[] = [];
const tempDir = async (name: string) => {
  const d = await mkdtemp(join(tmpdir(), `vellum-${name}-`));
  dirs.push(d);
  return d;
};
const drops: (() => Promise<void>)[] = [];

/** A new empty target database: a new PostgreSQL database, or a new folder for the embedded one. */
async function emptyDatabase(): Promise<{ databaseUrl?: string; dataDir: string }> {
  const dataDir = await tempDir('restore');
  const url = process.env.DATABASE_URL;
  const template = inject('templateDatabase');
  if (!url || !template) return { dataDir };
  const name = `${template}_r${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  await admin.end();
  drops.push(async () => {
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  });
  return { databaseUrl: withDatabase(url, name), dataDir };
}

const isEmpty = async (t: { databaseUrl?: string; dataDir: string }) =>
  t.databaseUrl ? postgresIsEmpty(t.databaseUrl) : pgliteIsEmpty(t.dataDir);

async function tableRows(db: Database['db'], table: string): Promise<string[]> {
  const rows = await rowsOf<{ j: string }>(db, sql.raw(`select to_jsonb(t)::text as j from ${table} t order by 1`));
  return rows.map((r) => r.j);
}

async function sha256Of(store: FileStore, key: string): Promise<string | undefined> {
  const stream = await store.open(key);
  if (!stream) return undefined;
  const measure = new MeasuringStream();
  for await (const _ of (stream as Readable).pipe(measure));
  return measure.digest();
}

let s3: S3rver | undefined;
let endpoint = '';
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: await tempDir('s3-backup'),
    configureBuckets: [{ name: 'vellum', configs: [] }],
  });
  endpoint = `http://127.0.0.1:${((await s3.run()) as unknown as AddressInfo).port}`;
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
});
afterAll(async () => {
  for (const drop of drops) await drop();
  await s3?.close();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  process.env.AWS_ACCESS_KEY_ID = saved.id;
  process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
});

const s3Url = (prefix: string) => `s3://vellum/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=eu-west-1`;

/** Where the original's objects are (STORAGE_URL), and a new empty place for a restore's (a new prefix of the bucket each time). */
interface Storage {
  storage: string;
  source: () => string | undefined;
  target: () => string | undefined;
}
const STORAGES: Storage[] = [
  { storage: 'the local disk', source: () => undefined, target: () => undefined },
  { storage: 'S3', source: () => s3Url('live'), target: () => s3Url(`restored-${randomBytes(3).toString('hex')}`) },
];

describe.each(STORAGES)('a backup of the demo with its files on $storage', ({ source, target }) => {
  let ctx: TestContext;
  let backupDir = '';
  let manifest: Manifest;
  let restored: Database;
  let restoredStore: FileStore;
  let chain: Awaited<ReturnType<typeof restoreBackup>>['auditChain'];
  let targetStorage: string | undefined;
  let restoredInto: { databaseUrl?: string; dataDir: string };

  beforeAll(async () => {
    const storageUrl = source();
    ctx = await createTestContext(storageUrl ? { STORAGE_URL: storageUrl } : {});
    await seedDemoIfEmpty(ctx.db, ctx.config.publicUrl, ctx.app.deps.files);
    ({ dir: backupDir, manifest } = await createBackup(
      { connection: ctx.connection, store: ctx.app.deps.files, appVersion: ctx.config.version },
      await tempDir('backups'),
    ));
    const into = await emptyDatabase();
    restoredInto = into;
    targetStorage = target();
    const result = await restoreBackup(backupDir, { ...into, objects: objectTarget(targetStorage, into.dataDir) });
    chain = result.auditChain;
    restored = await openDatabase({ databaseUrl: into.databaseUrl, dataDir: into.dataDir });
    restoredStore = createFileStore(targetStorage, into.dataDir);
  }, 240_000);
  afterAll(async () => {
    await restored?.close();
    await ctx?.close();
  });

  it('names every stored object with its size and SHA-256, the dump, the migration level and the audit head', async () => {
    const keys = await rowsOf<{ binary_key: string }>(ctx.db, sql`select binary_key from file_version where binary_key is not null`);
    expect(keys.length).toBeGreaterThan(5);
    const listed = new Set(manifest.objects.map((o) => o.key));
    for (const { binary_key } of keys) expect(listed.has(binary_key), binary_key).toBe(true);
    for (const o of manifest.objects) expect(o.sha256).toBe(await sha256Of(ctx.app.deps.files, o.key));
    expect(manifest.database.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.migrations.applied).toBeGreaterThan(30);
    expect(manifest.migrations.lastTag).toMatch(/^\d{4}_/);
    const [head] = await rowsOf<{ seq: string; hash: string }>(ctx.db, sql`select seq, hash from audit_chain`);
    expect(manifest.auditChain).toEqual({ seq: Number(head.seq), hash: head.hash });
    expect(manifest.storage.kind).toBe(ctx.app.deps.files.kind);
    expect(manifest.missing).toEqual([]);
  });

  it('restores the live publications, the files and the audit log equal to the original, its chain intact', async () => {
    for (const table of COMPARED) {
      const original = await tableRows(ctx.db, table);
      expect(await tableRows(restored.db, table), table).toEqual(original);
    }
    expect((await tableRows(restored.db, 'pub_file_version')).length).toBeGreaterThan(0);
    expect(chain.valid).toBe(true);
    expect(chain.checked).toBe(manifest.auditChain?.seq);
  });

  it("restores every file version's bytes (SHA-256) under its key", async () => {
    const versions = await rowsOf<{ binary_key: string; sha256: string | null }>(
      restored.db,
      sql`select binary_key, sha256 from file_version where binary_key is not null`,
    );
    for (const v of versions) {
      const restoredHash = await sha256Of(restoredStore, v.binary_key);
      expect(restoredHash, v.binary_key).toBe(await sha256Of(ctx.app.deps.files, v.binary_key));
      if (v.sha256) expect(restoredHash).toBe(v.sha256);
    }
  });

  it('refuses a corrupted backup before writing anything, naming the object', async () => {
    const victim = manifest.objects[0];
    const path = objectPath(backupDir, victim.key);
    const good = await readFile(path);
    const bad = Buffer.from(good);
    bad[bad.length >> 1] ^= 0x01;
    await writeFile(path, bad);
    try {
      const into = await emptyDatabase();
      const objects = objectTarget(target(), into.dataDir);
      await expect(restoreBackup(backupDir, { ...into, objects })).rejects.toThrow(
        `the backup is corrupted: object ${victim.key} does not match its SHA-256 in the manifest`,
      );
      expect(await isEmpty(into)).toBe(true);
      expect(await objects.hasObjects()).toBe(false);
    } finally {
      await writeFile(path, good);
    }
  });

  it('refuses a target database or file store that is not empty, and changes neither', async () => {
    const fresh = await emptyDatabase();
    await expect(restoreBackup(backupDir, { ...restoredInto, objects: objectTarget(target(), fresh.dataDir) })).rejects.toThrow(
      /^the target database is not empty/,
    );
    expect(await objectTarget(target(), fresh.dataDir).hasObjects()).toBe(false);
    await expect(restoreBackup(backupDir, { ...fresh, objects: objectTarget(targetStorage, restoredInto.dataDir) })).rejects.toThrow(
      /^the target file store is not empty/,
    );
    expect(await isEmpty(fresh)).toBe(true);
  });
});

describe('the columns that hold file store keys', () => {
  it('are every text column named *_key(s), except the few listed as something else', async () => {
    const ctx = await createTestContext();
    try {
      const rows = await rowsOf<{ name: string }>(
        ctx.db,
        sql`select table_name || '.' || column_name as name from information_schema.columns
             where table_schema = 'public' and (column_name like '%\_key' or column_name like '%\_keys')
               and (data_type = 'text' or udt_name = '_text')`,
      );
      const known = [...STORAGE_KEY_COLUMNS.map((c) => `${c.table}.${c.column}`), ...NOT_STORAGE_KEYS].sort();
      expect(rows.map((r) => r.name).sort()).toEqual(known);
    } finally {
      await ctx.close();
    }
  });
});
