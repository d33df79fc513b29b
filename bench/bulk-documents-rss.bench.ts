import { randomFillSync } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Zip, ZipPassThrough } from 'fflate';
import { openDatabase } from '../apps/server/src/db/client.js';
import { makeDocumentType } from '../apps/server/src/factories/document-factories.js';
import { makeBusinessUnit } from '../apps/server/src/factories/organisation-factories.js';
import {
  ALL_LOTS,
  documentHeader,
  type FILE_COLUMNS,
  FILES_FOLDER,
  NO,
  REST_OF_THE_WORLD,
} from '../apps/server/src/modules/bulk/bulk-document-sheet.js';
import { txtLine } from '../apps/server/src/modules/bulk/bulk-sheet.js';
import { DEMO_USERS, seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { loadAverage, sampleRss, seconds, startBenchWorker, uploadZipFile, waitForJob } from './lib/bulk.js';
import { writeSection } from './lib/results.js';
import { signInHeaders, startBenchServer } from './lib/server.js';

/** 20 binaries of 100 MiB of pseudo-random bytes: a zip of about 2 GB that cannot compress (BULK_DOC_FILES for a smaller run). */
const FILES = Number(process.env.BULK_DOC_FILES ?? 20);
const FILE_BYTES = 100 * 2 ** 20;
const CHUNK = 4 * 2 ** 20;
const TYPE_NAME = 'Instructions for use';

/**
 * The zip written to disk as it is made (stored, not deflated): one TXT documents' sheet (one
 * document per binary, each with one file for the rest of the world) and the binaries under
 * `files/<number>/`, each a PDF header and trailer around pseudo-random bytes.
 */
export async function writeDocumentZip(path: string): Promise<number> {
  const out = createWriteStream(path);
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.write(chunk);
  });
  const sheet = [txtLine(documentHeader([]))];
  const names: string[] = [];
  for (let i = 1; i <= FILES; i++) {
    const number = `BENCH-${String(i).padStart(3, '0')}`;
    const binary = `${FILES_FOLDER}/${number}/ifu-${i}.pdf`;
    names.push(binary);
    const file: Record<keyof typeof FILE_COLUMNS, string> = {
      name: `IFU ${i}`,
      countries: REST_OF_THE_WORLD,
      languages: 'en',
      lots: ALL_LOTS,
      versionLabel: '1.0',
      versionDate: '2026-01-15',
      validTo: '',
      publishDate: '',
      archiveDate: '',
      remarks: '',
      remarksActive: NO,
      historical: NO,
      file: binary,
    };
    sheet.push(txtLine([number, `Bench document ${i}`, TYPE_NAME, '', '', ...Object.values(file)]));
  }
  const sheetEntry = new ZipPassThrough('documents.txt');
  zip.add(sheetEntry);
  sheetEntry.push(new TextEncoder().encode(sheet.join('')), true);
  const buf = new Uint8Array(CHUNK);
  for (const name of names) {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(new TextEncoder().encode('%PDF-1.7\n'));
    for (let written = 0; written < FILE_BYTES; written += CHUNK) {
      randomFillSync(buf);
      entry.push(buf.slice());
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    entry.push(new TextEncoder().encode('\n%%EOF\n'), true);
  }
  zip.end();
  out.end();
  await once(out, 'finish');
  return statSync(path).size;
}

/**
 * Issue 21 (2): the worker's memory while it imports a 2 GB zip of documents through the whole
 * path (upload-url, PUT, upload-complete, the queue, `npm run worker` in its own process), its
 * VmRSS sampled every 50 ms from idle to the end. Skipped, and written so, when this build refuses
 * a DOCUMENT upload (the documents' import not available). PostgreSQL only.
 */
export async function bulkDocumentsRssBench(): Promise<void> {
  if (!(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)) {
    console.log('bench: bulk-documents-rss skipped (needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL)');
    return;
  }
  let unitId = 0;
  const server = await startBenchServer(
    async (databaseUrl, dataDir) => {
      const database = await openDatabase({ databaseUrl, dataDir });
      await seedDemoIfEmpty(database.db);
      const unit = await makeBusinessUnit(database.db, {
        slug: 'bench-documents',
        displayName: 'Bench documents',
        documentLanguages: ['en'],
      });
      await makeDocumentType(database.db, unit.id, { name: TYPE_NAME });
      unitId = unit.id;
      await database.close();
    },
    { env: { SERVER_RUNS_JOBS: 'false' } },
  );
  const zipPath = join(tmpdir(), `vellum-bench-documents-${Date.now()}.zip`);
  const worker = await startBenchWorker(server);
  const title = 'Worker memory importing a 2 GB zip of documents (PostgreSQL)';
  try {
    const headers = await signInHeaders(server.url, DEMO_USERS.admin);
    // does this build take a DOCUMENT upload at all?
    const probe = await fetch(`${server.url}/api/bulk/upload-url`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        entity: 'DOCUMENT',
        businessUnitId: unitId,
        fileName: 'probe.zip',
        fileSize: 1,
        mode: 'CHECK',
        onError: 'ALL_OR_NOTHING',
      }),
    });
    if (probe.status !== 201) {
      console.log(`bench: bulk-documents-rss skipped: documents' import not available (${probe.status})`);
      writeSection(
        'bulk-documents-rss',
        title,
        `skipped: documents' import not available (\`POST api/bulk/upload-url\` with entity DOCUMENT answered ${probe.status}).`,
      );
      return;
    }
    const built = performance.now();
    const zipBytes = await writeDocumentZip(zipPath);
    console.log(`bench: wrote a ${(zipBytes / 2 ** 30).toFixed(2)} GiB zip in ${seconds(performance.now() - built)} s`);
    const load = loadAverage();
    // idle: the worker started, its queue polled, nothing run yet
    const idle = worker.memory();
    const stopSampling = sampleRss(worker.pid);
    const t0 = performance.now();
    const started = await uploadZipFile(server.url, headers, zipPath, { entity: 'DOCUMENT', businessUnitId: unitId });
    if ('refused' in started) throw new Error(`upload refused: ${started.refused}`);
    const t1 = performance.now();
    const job = await waitForJob(server.url, headers, started.id);
    const t2 = performance.now();
    const rss = stopSampling();
    const mb = (kb: number) => (kb / 1024).toFixed(0);
    const above = (rss.peakRssKb - idle.rssKb) / 1024;
    console.log(`bench: bulk-documents-rss ${job.status}: worker RSS ${mb(idle.rssKb)} → ${mb(rss.peakRssKb)} MB`);
    writeSection(
      'bulk-documents-rss',
      title,
      [
        `A ${(zipBytes / 2 ** 30).toFixed(2)} GiB zip (stored, not deflated) of one TXT documents' sheet and ${FILES} binaries of ` +
          `${FILE_BYTES / 2 ** 20} MiB of pseudo-random bytes, written to /tmp and removed after; through upload-url, PUT, upload-complete, ` +
          "the queue and `npm run worker` in its own process (the server runs no jobs). The worker's VmRSS is sampled every 50 ms from " +
          `before the upload to the job's end; VmHWM read at the end. Load average (1/5/15 min) at the start: ${load}.`,
        '',
        '| job status | upload (s) | queue → end (s) | worker RSS idle (MB) | peak VmRSS (MB) | VmHWM (MB) | peak above idle (MB) |',
        '|---|---:|---:|---:|---:|---:|---:|',
        `| ${job.status} | ${seconds(t1 - t0)} | ${seconds(t2 - t1)} | ${mb(idle.rssKb)} | ${mb(rss.peakRssKb)} | ${mb(rss.hwmKb)} | ${above.toFixed(0)} |`,
        '',
        `Goal: ≤ 300 MB above idle. ${job.status === 'SUCCESS' ? '' : `The job's log: ${(job.log ?? '').replace(/\n/g, ' ')}`}`,
      ].join('\n'),
    );
  } finally {
    rmSync(zipPath, { force: true });
    await worker.stop();
    await server.stop();
  }
}
