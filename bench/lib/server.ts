import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrate } from '../../apps/server/src/db/migrate.js';

const root = resolve(import.meta.dirname, '../..');

export interface BenchServer {
  url: string;
  databaseUrl?: string;
  dataDir: string;
  /** The server process (its memory is read from /proc by the files bench). */
  pid?: number;
  /** The environment the server process was started with (a worker beside it uses the same). */
  env: Record<string, string | undefined>;
  stop(): Promise<void>;
}

/**
 * A fresh database (PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL names a server, else the
 * embedded one), migrated and filled by `seed`, then the real server started as its own process
 * so that the load generator does not share its event loop.
 */
export async function startBenchServer(
  seed: (databaseUrl: string | undefined, dataDir: string) => Promise<void>,
  opts: { captureSqlTo?: string; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vellum-bench-'));
  const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDb = async () => {};
  if (base) {
    const name = `vellum_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  await migrate(database);
  await database.close();
  await seed(databaseUrl, dataDir);

  const port = 18000 + Math.floor(Math.random() * 1000);
  // captureSqlTo: the server appends every statement it sends to that file (lib/capture-sql.ts)
  const capture = opts.captureSqlTo ? ['--import', join(root, 'bench/lib/capture-sql.ts')] : [];
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SSO_SECRET_KEY: 'q1XzV8b3N0c7K2m5L9p4R6t8W0y2A4d6F8h0J2k4M6o=',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    BENCH_SQL_CAPTURE: opts.captureSqlTo ?? '',
    ...opts.env,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...capture, join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      const r = await fetch(`${url}/management/health`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    databaseUrl,
    dataDir,
    pid: child.pid,
    env,
    async stop() {
      // let the load generator's last requests finish before the server closes its pool
      await new Promise((r) => setTimeout(r, 1000));
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a user in on the bench server; the headers that authenticate its calls. */
export async function signInHeaders(url: string, user: { login: string; password: string }): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.login, password: user.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { id_token: string }).id_token}` };
}
