import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPglite } from '../db/client.js';
import { readSnapshotState, type SnapshotState } from './snapshot-state.js';

/** A failure of the backup or the restore, said in one line to the operator (no stack trace). */
export class BackupError extends Error {}

/** A URL without its password, and the password for PGPASSWORD: the password never shows in a process list. */
function splitPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** The URL without its password, for messages. */
export function safeUrl(url: string): string {
  return splitPassword(url).url;
}

/** Runs a PostgreSQL client program found on PATH; rejects with its own error lines. */
function runProgram(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${program} was not found on PATH: install the PostgreSQL client programs of the server's major version`
            : `${program} could not be started: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolveRun()
        : reject(new BackupError(`${program} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`)),
    );
  });
}

/**
 * pg_dump (custom format) of the database at one snapshot: a REPEATABLE READ transaction exports
 * its snapshot, reads the keys, the migration level and the audit chain's head, and stays open
 * while pg_dump dumps with `--snapshot`; everything the backup says is of the same instant.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<SnapshotState> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const state = await readSnapshotState(client);
    const { url, env } = splitPassword(databaseUrl);
    await runProgram('pg_dump', ['--format=custom', `--snapshot=${rows[0].snapshot}`, `--file=${file}`, `--dbname=${url}`], env);
    await client.query('commit');
    return state;
  } finally {
    await client.end();
  }
}

/**
 * The embedded database's data directory as PGlite's own tarball (`dumpDataDir`). PGlite is one
 * session in one process (the server must be stopped for the command line): nothing else writes
 * while the keys are read and the dump taken.
 */
export async function dumpPglite(client: PGlite, file: string): Promise<SnapshotState> {
  await client.waitReady;
  const state = await readSnapshotState(client);
  const dump = await client.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return state;
}

/** The embedded database under DATA_DIR, for the command line; refused when there is none. */
export function openPgliteOf(dataDir: string): PGlite {
  const dir = join(dataDir, 'db');
  if (!existsSync(dir)) throw new BackupError(`there is no embedded database in ${dir}`);
  return createPglite(dir);
}

/** Whether the PostgreSQL database holds any table, view, sequence or type of its own (an empty new database holds none). */
export async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`,
    );
    return Number(rows[0].n) === 0;
  } finally {
    await client.end();
  }
}

/** pg_restore of the dump in one transaction: a failure leaves the database as empty as it was. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = splitPassword(databaseUrl);
  await runProgram(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
    env,
  );
}

/** Whether the embedded database's folder is absent or empty. */
export function pgliteIsEmpty(dataDir: string): boolean {
  const dir = join(dataDir, 'db');
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Creates the embedded database's folder from PGlite's tarball. */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  const client = createPglite(join(dataDir, 'db'), { loadDataDir: new Blob([await readFile(file)]) });
  await client.waitReady;
  await client.close();
}
