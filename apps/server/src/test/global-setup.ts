import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { createJobQueue } from '../platform/jobs.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    pgliteDump: string;
  }
}

/**
 * Migrates once: into a template database on PostgreSQL when DATABASE_URL is set, otherwise into
 * a PGlite whose data directory is dumped for every test file to load.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `vellum_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const tplUrl = withDatabase(url, name);
    const database = await openDatabase({ databaseUrl: tplUrl });
    await migrate(database);
    await installJobSchema(database);
    await database.close();
    project.provide('templateDatabase', name);
    project.provide('pgliteDump', '');
    return async () => {
      const dbs = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}%`]);
      for (const { datname } of dbs.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'vellum-pglite-'));
  const client = createPglite();
  const database = await openDatabase({ pglite: client });
  await migrate(database);
  await installJobSchema(database);
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('templateDatabase', '');
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The job queue's own schema, installed once in the template rather than by every test file's app. */
async function installJobSchema(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  const jobs = createJobQueue(database, { error: (m) => console.error(m) });
  await jobs.start({ work: false });
  await jobs.stop();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
