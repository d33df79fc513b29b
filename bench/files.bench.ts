import { createReadStream, createWriteStream, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../apps/server/src/db/client.js';
import { makeDocument, makeDocumentType } from '../apps/server/src/factories/document-factories.js';
import { makeFile } from '../apps/server/src/factories/file-factories.js';
import { makeBusinessUnit } from '../apps/server/src/factories/organisation-factories.js';
import { DEMO_USERS, seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { writeSection } from './lib/results.js';
import { signInHeaders, startBenchServer } from './lib/server.js';

const MB = 1024 * 1024;
const SIZE = 100 * MB;
const RUNS = Number(process.env.BENCH_FILE_RUNS) || 3;

/** A file of `size` bytes that sniffs as a PDF (its signature, then varied filler), written as a stream. */
async function writeTestFile(path: string, size: number): Promise<void> {
  const chunk = Buffer.alloc(MB);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + (i >> 9)) & 0xff;
  async function* bytes() {
    yield Buffer.from('%PDF-1.7\n');
    for (let left = size - 9; left > 0; left -= chunk.length) yield chunk.subarray(0, Math.min(left, chunk.length));
  }
  await pipeline(bytes, createWriteStream(path));
}

/** The server's resident memory (VmRSS) and its peak so far (VmHWM), in MB, from /proc. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Runs `work` while sampling the server's RSS every 20 ms; the peak RSS seen during it. */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; seconds: number; peakRss: number; startRss: number }> {
  const startRss = memoryOf(pid).rss;
  let peakRss = startRss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(pid).rss);
  }, 20);
  const started = process.hrtime.bigint();
  try {
    const result = await work();
    return { result, seconds: Number(process.hrtime.bigint() - started) / 1e9, peakRss: Math.max(peakRss, memoryOf(pid).rss), startRss };
  } finally {
    clearInterval(timer);
  }
}

/** Streams the file as the `file` part of a multipart POST (known length), resolving with the status. */
function upload(url: string, headers: Record<string, string>, path: string): Promise<number> {
  const boundary = '----vellum-bench-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(path).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.write(head);
    const body = createReadStream(path, { highWaterMark: MB });
    body.on('error', reject);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

/** Downloads the binary, counting its bytes (nothing kept), resolving with the byte count. */
function download(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`download: ${res.statusCode}`))));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const mbps = (bytes: number, seconds: number) => (bytes / MB / seconds).toFixed(0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A 100 MB binary uploaded (POST api/files/{id}/binary, multipart, streamed to the store with its
 * SHA-256) and downloaded (GET, streamed) through the API, beside copying the same bytes with the
 * filesystem in the same run; the server process's resident memory sampled during both (streaming
 * keeps it flat: the peak stays near the idle RSS, far below the file size).
 */
export async function filesBench(): Promise<void> {
  let fileId = 0;
  const server = await startBenchServer(async (databaseUrl, dataDir) => {
    const database = await openDatabase({ databaseUrl, dataDir });
    await seedDemoIfEmpty(database.db);
    const unit = await makeBusinessUnit(database.db, { slug: 'bench-files', displayName: 'Bench files', documentLanguages: ['en'] });
    const doc = await makeDocument(database.db, unit.id, (await makeDocumentType(database.db, unit.id)).id);
    fileId = (await makeFile(database.db, doc)).id;
    await database.close();
  });
  const source = join(tmpdir(), `vellum-bench-file-${process.pid}.pdf`);
  const copy = `${source}.copy`;
  try {
    if (!server.pid) throw new Error('no server process');
    const pid = server.pid;
    const headers = await signInHeaders(server.url, DEMO_USERS.admin);
    await writeTestFile(source, SIZE);
    const idle = memoryOf(pid);
    const runs: { fs: number; up: number; down: number; upPeak: number; downPeak: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const fsStarted = process.hrtime.bigint();
      await pipeline(createReadStream(source, { highWaterMark: MB }), createWriteStream(copy));
      const fsSeconds = Number(process.hrtime.bigint() - fsStarted) / 1e9;
      await rm(copy, { force: true });

      const up = await sampled(pid, () => upload(`${server.url}/api/files/${fileId}/binary`, headers, source));
      if (up.result !== 200) throw new Error(`upload answered ${up.result}`);
      const down = await sampled(pid, () => download(`${server.url}/api/files/${fileId}/binary`, headers));
      if (down.result !== SIZE) throw new Error(`download gave ${down.result} bytes`);
      runs.push({ fs: fsSeconds, up: up.seconds, down: down.seconds, upPeak: up.peakRss, downPeak: down.peakRss });
      console.log(
        `bench: files run ${i + 1}: fs ${mbps(SIZE, fsSeconds)} MB/s, upload ${mbps(SIZE, up.seconds)} MB/s (peak RSS ${up.peakRss.toFixed(0)} MB), ` +
          `download ${mbps(SIZE, down.seconds)} MB/s (peak RSS ${down.peakRss.toFixed(0)} MB)`,
      );
    }
    const end = memoryOf(pid);
    const fs = median(runs.map((r) => r.fs));
    const up = median(runs.map((r) => r.up));
    const down = median(runs.map((r) => r.down));
    const upPeak = Math.max(...runs.map((r) => r.upPeak));
    const downPeak = Math.max(...runs.map((r) => r.downPeak));
    const store = server.databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
    const body = [
      `A ${SIZE / MB} MB PDF through the API on loopback, ${RUNS} runs (median), local-disk store, ${store}. The filesystem copy streams the same bytes`,
      'from file to file in this process (1 MB chunks). Server RSS sampled every 20 ms from /proc/<pid>/status (VmRSS); VmHWM is the',
      "process's lifetime peak.",
      '',
      '| operation | MB/s | seconds | × filesystem copy | server peak RSS MB |',
      '|---|---:|---:|---:|---:|',
      `| filesystem copy (read + write) | ${mbps(SIZE, fs)} | ${fs.toFixed(2)} | 1.00 | — |`,
      `| upload (POST multipart, streamed, SHA-256, stored) | ${mbps(SIZE, up)} | ${up.toFixed(2)} | ${(fs / up).toFixed(2)} | ${upPeak.toFixed(0)} |`,
      `| download (GET, streamed) | ${mbps(SIZE, down)} | ${down.toFixed(2)} | ${(fs / down).toFixed(2)} | ${downPeak.toFixed(0)} |`,
      '',
      `Server RSS idle before the runs ${idle.rss.toFixed(0)} MB (VmHWM ${idle.hwm.toFixed(0)} MB); after them ${end.rss.toFixed(0)} MB ` +
        `(VmHWM ${end.hwm.toFixed(0)} MB). Growth of the peak over idle: ${(end.hwm - idle.hwm).toFixed(0)} MB for a ${SIZE / MB} MB file.`,
    ].join('\n');
    writeSection('files', 'File binaries: 100 MB upload and download', body);
    console.log(body);
  } finally {
    await rm(source, { force: true });
    await rm(copy, { force: true });
    await server.stop();
  }
}
