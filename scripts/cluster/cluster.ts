import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { nginxConfig } from './nginx-config.js';

/**
 * The production topology on this machine, without containers (decision 0079): nginx (generated
 * configuration, a temporary prefix, a child process in the foreground) in front of two replicas
 * of the production build (`node apps/server/dist/main.js`) and one worker
 * (`apps/server/dist/worker.js`), against one PostgreSQL database and one storage shared by every
 * process (the same DATA_DIR, so the same `files` folder, or STORAGE_URL). `npm run build` first.
 */

const root = resolve(import.meta.dirname, '../..');
const SERVER = join(root, 'apps/server/dist/main.js');
const WORKER = join(root, 'apps/server/dist/worker.js');
/** Debian's nginx (in /usr/sbin, not always on a user's PATH), or NGINX. */
const NGINX = process.env.NGINX || (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

export interface ClusterOptions {
  /** A PostgreSQL URL: the database the processes use, or (createDatabase) the server a new one is created on. */
  databaseUrl: string;
  /** Create a fresh database `vellum_cluster_<time>` on databaseUrl's server, dropped by stop(). */
  createDatabase?: boolean;
  /** The proxy's port; the replicas take the next two, the balancer the third. Default 8090. */
  port?: number;
  /** The folder every process shares (files, mail outbox); default a new temporary folder, removed by stop(). */
  dataDir?: string;
  /** S3-compatible storage for every process instead of DATA_DIR/files. */
  storageUrl?: string;
  /** Seed the demo into an empty database (the first replica does, before the others start). */
  seedDemo?: boolean;
  /** The proxy revalidates every cached page by ETag (default), or keeps it for its max-age. */
  revalidate?: boolean;
  /** How long a replica drains on SIGTERM (SHUTDOWN_TIMEOUT_MS); default 30 s. */
  shutdownTimeoutMs?: number;
  /** More environment for every process (METRICS_TOKEN, SMTP_URL, …). */
  env?: Record<string, string>;
  /** Where the processes' output goes: a folder (default: the cluster's work folder). */
  logDir?: string;
  /** Progress lines (default: none). */
  onStep?: (line: string) => void;
}

export interface Replica {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
}

export interface Cluster {
  /** The proxy's address, what visitors use. */
  url: string;
  databaseUrl: string;
  dataDir: string;
  /** Temporary files, logs and nginx's prefix. */
  workDir: string;
  logDir: string;
  replicas: Replica[];
  worker: ChildProcess;
  nginx: ChildProcess;
  /** The environment the replicas and the worker run with. */
  env: Record<string, string>;
  /** Starts a replica's process again (after it exited) on its port; rollingRestart() uses it. */
  startReplica(replica: Replica): ChildProcess;
  /** Switches the proxy's revalidation on every request on or off (nginx reloads its configuration). */
  revalidate(on: boolean): Promise<void>;
  stop(): Promise<void>;
}

export async function pgQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseNamed(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((r) => child.once('exit', (code) => r(code)));
}

function tail(file: string, lines = 25): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Polls `/management/ready` until it answers 200; fails when the process exits first or after `timeoutMs`. */
export async function waitReady(url: string, child: ChildProcess, log: string, timeoutMs = 240_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the process behind ${url} exited (${child.exitCode ?? child.signalCode}):\n${tail(log)}`);
    }
    const ok = await fetch(`${url}/management/ready`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${url} was not ready after ${timeoutMs} ms:\n${tail(log)}`);
}

function startProcess(script: string, env: Record<string, string>, log: string): ChildProcess {
  const out = openSync(log, 'a');
  // its own process group: a Ctrl-C in the terminal reaches the cluster, which stops each process once
  return spawn(process.execPath, ['--enable-source-maps', script], { cwd: root, env, stdio: ['ignore', out, out], detached: true });
}

/** Starts the cluster and resolves once the proxy answers with both replicas ready and the worker started. */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  for (const f of [SERVER, WORKER]) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` first`);
  }
  const step = o.onStep ?? (() => {});
  const port = o.port ?? 8090;
  const workDir = mkdtempSync(join(tmpdir(), 'vellum-cluster-'));
  // nginx's workers (an unprivileged user when started by root) read the prefix
  chmodSync(workDir, 0o755);
  const logDir = o.logDir ?? workDir;
  mkdirSync(logDir, { recursive: true });
  const ownDataDir = !o.dataDir;
  const dataDir = o.dataDir ? resolve(o.dataDir) : join(workDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  let databaseUrl = o.databaseUrl;
  let dropDatabase: (() => Promise<void>) | null = null;
  const children: ChildProcess[] = [];

  const cleanup = async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(children.map(exited));
    if (dropDatabase) await dropDatabase().catch(() => {});
    if (ownDataDir || !o.logDir) rmSync(workDir, { recursive: true, force: true });
  };

  try {
    if (o.createDatabase) {
      const name = `vellum_cluster_${Date.now()}_${process.pid}`;
      await pgQuery(o.databaseUrl, `CREATE DATABASE ${name}`);
      databaseUrl = databaseNamed(o.databaseUrl, name);
      dropDatabase = () => pgQuery(o.databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      step(`database ${name} created`);
    }
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TOKEN_SECRET: process.env.TOKEN_SECRET || randomBytes(48).toString('base64url'),
      SSO_SECRET_KEY: process.env.SSO_SECRET_KEY || randomBytes(32).toString('base64'),
      SEED_DEMO: o.seedDemo ? 'true' : 'false',
      // the worker runs the jobs, the replicas serve
      SERVER_RUNS_JOBS: 'false',
      // the proxy on loopback sets X-Forwarded-For to the visitor's address
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}`,
      SHUTDOWN_TIMEOUT_MS: String(o.shutdownTimeoutMs ?? 30_000),
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      ...(o.storageUrl ? { STORAGE_URL: o.storageUrl } : {}),
      ...o.env,
    };
    const replicas: Replica[] = [1, 2].map((n) => ({
      name: `replica-${n}`,
      port: port + n,
      url: `http://127.0.0.1:${port + n}`,
      process: undefined as unknown as ChildProcess,
    }));
    const startReplica = (r: Replica) => {
      r.process = startProcess(SERVER, { ...env, PORT: String(r.port) }, join(logDir, `${r.name}.log`));
      children.push(r.process);
      return r.process;
    };
    // the first replica migrates (and seeds), then the others start against a current database
    step(`starting ${replicas[0].name} on ${replicas[0].url}`);
    startReplica(replicas[0]);
    await waitReady(replicas[0].url, replicas[0].process, join(logDir, `${replicas[0].name}.log`));
    step(`starting ${replicas[1].name} on ${replicas[1].url} and a worker`);
    startReplica(replicas[1]);
    // the worker says at info level that it started
    const worker = startProcess(WORKER, { ...env, LOG_LEVEL: o.env?.LOG_LEVEL ?? 'info' }, join(logDir, 'worker.log'));
    children.push(worker);
    await waitReady(replicas[1].url, replicas[1].process, join(logDir, `${replicas[1].name}.log`));

    const prefix = join(workDir, 'nginx');
    mkdirSync(prefix, { recursive: true });
    chmodSync(prefix, 0o755);
    const conf = join(prefix, 'nginx.conf');
    const writeConf = (revalidate: boolean | undefined) =>
      writeFileSync(
        conf,
        nginxConfig({
          port,
          innerPort: port + 3,
          replicas: replicas.map((r) => `127.0.0.1:${r.port}`),
          prefix,
          revalidate,
          listen: '127.0.0.1',
          accessLog: join(logDir, 'nginx-access.log'),
          errorLog: 'stderr',
          user: process.getuid?.() === 0 ? 'nobody nogroup' : undefined,
        }),
      );
    writeConf(o.revalidate);
    const nginxLog = join(logDir, 'nginx.log');
    const nginx = spawn(NGINX, ['-c', conf, '-p', prefix, '-e', 'stderr'], {
      detached: true,
      stdio: ['ignore', openSync(nginxLog, 'a'), openSync(nginxLog, 'a')],
    });
    children.push(nginx);
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url, nginx, nginxLog, 30_000);
    await waitWorker(worker, join(logDir, 'worker.log'));
    step(`proxy on ${url}`);

    return {
      url,
      databaseUrl,
      dataDir,
      workDir,
      logDir,
      replicas,
      worker,
      nginx,
      env,
      startReplica,
      revalidate: async (on: boolean) => {
        // nginx reloads its configuration on SIGHUP: new workers take it, the old ones finish their requests
        writeConf(on);
        nginx.kill('SIGHUP');
        await sleep(2_000);
      },
      stop: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function waitWorker(worker: ChildProcess, log: string): Promise<void> {
  for (let i = 0; i < 480; i++) {
    if (readFileSync(log, 'utf8').includes('worker on the PostgreSQL queue')) return;
    if (worker.exitCode !== null) throw new Error(`the worker exited (${worker.exitCode}):\n${tail(log)}`);
    await sleep(250);
  }
  throw new Error(`the worker did not start:\n${tail(log)}`);
}

export interface RestartStep {
  replica: string;
  /** SIGTERM until the process exited. */
  drainMs: number;
  exitCode: number | null;
  /** Spawn until `/management/ready` answered 200. */
  startMs: number;
}

/**
 * A rolling restart: each replica in turn gets SIGTERM, drains and exits (decision 0068), is
 * started again and waited for until ready, before the next one. The proxy sends what arrives
 * meanwhile to the other replica.
 */
export async function rollingRestart(cluster: Cluster): Promise<RestartStep[]> {
  const steps: RestartStep[] = [];
  for (const r of cluster.replicas) {
    const t0 = performance.now();
    const old = r.process;
    old.kill('SIGTERM');
    const exitCode = await exited(old);
    const t1 = performance.now();
    cluster.startReplica(r);
    await waitReady(r.url, r.process, join(cluster.logDir, `${r.name}.log`));
    steps.push({ replica: r.name, drainMs: Math.round(t1 - t0), exitCode, startMs: Math.round(performance.now() - t1) });
  }
  return steps;
}
