import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ROOT, SERVER_DIST } from './paths.js';

/** A compiled server or worker run as a child process, its output kept to explain a failure. */
export interface VellumProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

export interface ProcessEnv {
  databaseUrl: string;
  dataDir: string;
  port: number;
  storageUrl?: string;
  extra?: Record<string, string>;
}

const TOKEN_SECRET = randomBytes(48).toString('base64url');
const SSO_SECRET_KEY = randomBytes(32).toString('base64');

function environment(env: ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    TOKEN_SECRET,
    SSO_SECRET_KEY,
    DATABASE_URL: env.databaseUrl,
    DATA_DIR: env.dataDir,
    PORT: String(env.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${env.port}`,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // the searches of a load from one address are not what this suite measures
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ...(env.storageUrl ? { STORAGE_URL: env.storageUrl, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } : {}),
    ...env.extra,
  };
}

function launch(entry: 'main.js' | 'worker.js', env: ProcessEnv): VellumProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', join(SERVER_DIST, entry)], {
    cwd: ROOT,
    env: environment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, output: () => output, exited };
}

/** Starts the compiled server and waits until `/management/ready` answers 200. */
export async function startServer(env: ProcessEnv, timeoutMs = 120_000): Promise<VellumProcess> {
  const server = launch('main.js', env);
  const deadline = Date.now() + timeoutMs;
  let ended: number | string | undefined;
  void server.exited.then((code) => {
    ended = code;
  });
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`the server exited (${ended}) before it was ready:\n${server.output()}`);
    const ready = await fetch(`http://127.0.0.1:${env.port}/management/ready`).catch(() => undefined);
    if (ready?.status === 200) return server;
    await sleep(250);
  }
  server.child.kill('SIGKILL');
  throw new Error(`the server was not ready within ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * Starts the compiled worker (it needs the server to have migrated the database first) and waits
 * for its start line: a worker that loses its database while it starts exits non-zero for its
 * supervisor to restart it, so a case that takes the database away waits for the start to end.
 */
export async function startWorker(env: ProcessEnv, timeoutMs = 120_000): Promise<VellumProcess> {
  const worker = launch('worker.js', { ...env, extra: { LOG_LEVEL: 'info', ...env.extra } });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (worker.child.exitCode !== null)
      throw new Error(`the worker exited (${worker.child.exitCode}) before it started:\n${worker.output()}`);
    if (worker.output().includes('worker on the PostgreSQL queue')) return worker;
    await sleep(100);
  }
  worker.child.kill('SIGKILL');
  throw new Error(`the worker did not start within ${timeoutMs} ms:\n${worker.output()}`);
}

/** `kill -9`: the process ends at once, whatever it was doing. */
export async function killHard(p: VellumProcess): Promise<void> {
  p.child.kill('SIGKILL');
  await p.exited;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
