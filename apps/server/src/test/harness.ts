import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createPglite, type Database, type Db, openDatabase } from '../db/client.js';
import { DEFAULT_PASSWORD } from '../factories/organisation-factories.js';
import { withDatabase } from './global-setup.js';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  /** The database's connection (PostgreSQL's URL or the embedded client), for tools that work beside the app (backup). */
  connection: Database['connection'];
  config: Config;
  /** The PostgreSQL database of this context (undefined on the embedded database), for a second app over it. */
  databaseUrl?: string;
  /** Every mail the app sent, newest last, as raw .eml text. */
  mails(): string[];
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated template, and an app built over it. */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: { logStream?: { write(line: string): void } } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vellum-test-'));
  // sign-in limits out of the way unless a test sets them (rate-limit and lockout tests do)
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    LOGIN_THROTTLE_FREE_FAILURES: '1000',
    ...env,
  });
  let database: Database;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  const template = inject('templateDatabase');
  if (template && process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    const name = `${template}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    databaseUrl = withDatabase(url, name);
    database = await openDatabase({ databaseUrl });
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    const dump = await readFile(inject('pgliteDump'));
    const client = createPglite(undefined, { loadDataDir: new Blob([dump]) });
    database = await openDatabase({ pglite: client });
  }
  // the log is read only by tests that ask for it (at the LOG_LEVEL they set)
  const app = await buildApp({
    config: { ...config },
    database,
    serveAdmin: false,
    logger: opts.logStream !== undefined,
    logStream: opts.logStream,
  });
  await app.ready();
  const outbox = join(dataDir, 'outbox');
  return {
    app,
    db: database.db,
    connection: database.connection,
    config,
    databaseUrl,
    mails() {
      try {
        return readdirSync(outbox)
          .sort()
          .map((f) => readFileSync(join(outbox, f), 'utf8'));
      } catch {
        return [];
      }
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app over the context's PostgreSQL database with its own connections, as a second
 * server process would be (caches, listeners); PostgreSQL only.
 */
export async function secondServer(ctx: TestContext): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  if (!ctx.databaseUrl) throw new Error('a second server needs PostgreSQL');
  const database = await openDatabase({ databaseUrl: ctx.databaseUrl });
  const app = await buildApp({ config: ctx.config, database, serveAdmin: false, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(app: FastifyInstance, username: string, password = DEFAULT_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().id_token;
}

/** inject() with a bearer token. */
export function as(app: FastifyInstance, token: string | undefined) {
  return (opts: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

/** Decodes a quoted-printable .eml body enough to find links in it. */
export function mailText(eml: string): string {
  return eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** A token for a user without going through sign-in (fast; sign-in itself is tested in account). */
export async function tokenFor(ctx: TestContext, userId: number): Promise<string> {
  const { randomUUID } = await import('node:crypto');
  const { createSession } = await import('../platform/session.repo.js');
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
  await createSession(ctx.db, { id, userId, expiresAt, rememberMe: false });
  return ctx.app.deps.tokens.sign({ userId, sessionId: id }, expiresAt);
}
