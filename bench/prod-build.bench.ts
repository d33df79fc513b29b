import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { writeSection } from './lib/results.js';

/**
 * The server started from its sources through tsx (as before decision 0064) beside the production
 * build run by plain node: the time from spawn until `/management/health` answers, and the
 * process's resident memory once up and after a few requests. The database is migrated
 * beforehand, so neither start migrates; each start alternates with the other, three of each.
 */

const root = resolve(import.meta.dirname, '..');
const RUNS = 3;

const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

interface Start {
  ms: number;
  rssUp: number;
  rssWarm: number;
}

async function startOnce(args: string[], env: Record<string, string>): Promise<Start> {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      const ok = await fetch(`${url}/management/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    const pid = child.pid ?? 0;
    const rssUp = rssMiB(pid);
    for (let i = 0; i < 20; i++) {
      for (const path of ['/management/ready', '/site', '/api/account', '/management/info'])
        await (await fetch(`${url}${path}`)).arrayBuffer();
    }
    return { ms, rssUp, rssWarm: rssMiB(pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function prodBuildBench(): Promise<void> {
  const build = spawnSync('npm', ['run', 'build', '-w', '@vellum/server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'vellum-bench-prod-'));
  const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  const name = `vellum_bench_prod_${Date.now()}`;
  if (base) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  await migrate(database);
  await database.close();
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    TOKEN_SECRET: 'bench-secret-Q7xK2mV9pL4wN8rT1yB6cF0hD5sG3',
    SSO_SECRET_KEY: 'q1XzV8b3N0c7K2m5L9p4R6t8W0y2A4d6F8h0J2k4M6o=',
  };
  const variants = {
    'tsx (sources), before': ['--import', 'tsx', 'apps/server/src/main.ts'],
    'node (apps/server/dist), after': ['apps/server/dist/main.js'],
  };
  const results: Record<string, Start[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  try {
    // one start of each first, untimed: tsx's transform cache and the OS's file cache warm
    for (const args of Object.values(variants)) await startOnce(args, env);
    for (let i = 0; i < RUNS; i++) {
      for (const [label, args] of Object.entries(variants)) results[label].push(await startOnce(args, env));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (base && databaseUrl) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  const lines = [
    `Server start on ${databaseUrl ? 'PostgreSQL' : 'the embedded database'}, already migrated, no demo: spawn until`,
    '`/management/health` answers (the islands are bundled in the background, as in both), then the',
    "process's resident memory (VmRSS) once up and after 20 rounds of ready, `/site`, `/api/account`",
    `and info. Median of ${RUNS} alternating starts after one untimed start of each.`,
    '',
    '| server | start (ms) | RSS up (MiB) | RSS after requests (MiB) |',
    '|---|---:|---:|---:|',
  ];
  for (const [label, runs] of Object.entries(results)) {
    const f = (xs: number[]) => Math.round(median(xs));
    lines.push(`| ${label} | ${f(runs.map((r) => r.ms))} | ${f(runs.map((r) => r.rssUp))} | ${f(runs.map((r) => r.rssWarm))} |`);
    console.log(`${label}: ${runs.map((r) => `${Math.round(r.ms)} ms / ${Math.round(r.rssUp)} MiB`).join(', ')}`);
  }
  writeSection('production-build', 'Production build', lines.join('\n'));
}
