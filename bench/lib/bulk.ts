import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { BenchServer } from './server.js';

const root = resolve(import.meta.dirname, '../..');

export interface BenchWorker {
  pid: number;
  /** The worker's resident memory now and its high-water mark (kB, from /proc). */
  memory(): { rssKb: number; hwmKb: number };
  /** The CPU time the worker has used so far (user + system, seconds, from /proc). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

function procStatus(pid: number): { rssKb: number; hwmKb: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
}

/**
 * `npm run worker` as its own process beside the bench server (which runs no jobs): the same
 * database, storage folder and secrets; resolves once it has had a few seconds to start its queue.
 */
export async function startBenchWorker(server: BenchServer): Promise<BenchWorker> {
  // BENCH_WORKER_NODE_OPTIONS: e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the worker
  const extra = (process.env.BENCH_WORKER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...extra, '--import', 'tsx', join(root, 'apps/server/src/worker.ts')], {
    cwd: root,
    env: { ...server.env, SERVER_RUNS_JOBS: 'true' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pid = child.pid as number;
  // the worker answers nothing: give it time to connect and subscribe, then let its memory settle
  for (let i = 0; i < 50 && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 200));
  if (child.exitCode !== null) throw new Error('the worker exited during start-up');
  return {
    pid,
    memory: () => procStatus(pid),
    cpuSeconds: () => {
      // fields 14 and 15 of /proc/<pid>/stat (after the command in parentheses): utime and stime in clock ticks (100 a second)
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /s, '')
        .split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Samples a process's VmRSS every `everyMs` until stopped; the peak seen, and VmHWM at the end. */
export function sampleRss(pid: number, everyMs = 50): () => { peakRssKb: number; hwmKb: number } {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, procStatus(pid).rssKb);
    } catch {
      // the process ended
    }
  }, everyMs);
  return () => {
    clearInterval(timer);
    const last = procStatus(pid);
    return { peakRssKb: Math.max(peak, last.rssKb), hwmKb: last.hwmKb };
  };
}

export interface BulkJobState {
  id: number;
  status: string;
  log: string | null;
  rowsCreated: number | null;
  rowsRejected: number | null;
}

/** upload-url, PUT of the zip file (streamed from disk), upload-complete: the job's id, queued. */
export async function uploadZipFile(
  url: string,
  headers: Record<string, string>,
  zipPath: string,
  body: { entity: 'PRODUCT' | 'DOCUMENT'; businessUnitId: number; productTypeId?: number },
): Promise<{ id: number } | { refused: string }> {
  const size = statSync(zipPath).size;
  const start = await fetch(`${url}/api/bulk/upload-url`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, fileName: 'bench.zip', fileSize: size, mode: 'IMPORT', onError: 'ALL_OR_NOTHING' }),
  });
  if (start.status === 400) return { refused: await start.text() };
  if (start.status !== 201) throw new Error(`upload-url: ${start.status} ${await start.text()}`);
  const { id, url: putUrl } = (await start.json()) as { id: number; url: string };
  const put = await fetch(new URL(putUrl, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/zip', 'content-length': String(size) },
    body: Readable.toWeb(createReadStream(zipPath)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (put.status !== 204) throw new Error(`PUT: ${put.status} ${await put.text()}`);
  const done = await fetch(`${url}/api/bulk/upload-complete/${id}`, { method: 'POST', headers });
  if (done.status !== 200) throw new Error(`upload-complete: ${done.status} ${await done.text()}`);
  return { id };
}

/** Polls GET api/bulk/{id} until the job leaves PROCESSING (every 100 ms: the bench's own cost stays small). */
export async function waitForJob(url: string, headers: Record<string, string>, id: number, timeoutMs = 3 * 60 * 60 * 1000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const res = await fetch(`${url}/api/bulk/${id}`, { headers });
    if (!res.ok) throw new Error(`GET api/bulk/${id}: ${res.status} ${await res.text()}`);
    const job = (await res.json()) as BulkJobState;
    if (!['UPLOADING', 'UPLOADED', 'PROCESSING'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`bulk job ${id} still running after ${timeoutMs} ms`);
}

/** The machine's load averages (1, 5, 15 minutes), as RESULTS.md records them. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

export const seconds = (ms: number) => (ms / 1000).toFixed(1);
