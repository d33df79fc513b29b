import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findSitePaths, type SitePaths } from '../scripts/cluster/site-load.js';
import { uploadGenerated } from './support/api.js';
import { checkIntegrity, readState } from './support/integrity.js';
import { PORTS } from './support/paths.js';
import { openWorld, type World } from './support/suite.js';

/**
 * The storage unavailable (issue 22, decision 0080): the server runs on S3-compatible storage (a
 * test S3 server on the suite's port) which is stopped. Meanwhile the public site's pages still
 * render (they come from the database), a download answers the site's own 503 page (not the
 * binary's headers, not a 500), readiness says the storage is down, and an upload is refused with
 * problem+json 503 leaving nothing marked uploaded. Once the storage is back, the same download
 * gives the same bytes and the upload succeeds; nothing is lost or half-written.
 */
const BUCKET = 'vellum';
const STORAGE_URL = `s3://${BUCKET}?endpoint=http://127.0.0.1:${PORTS.s3}`;

let s3dir: string;
let s3: S3rver | undefined;
let world: World;
let paths: SitePaths;
let base: string;

async function startS3() {
  s3 = new S3rver({
    port: PORTS.s3,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
}

async function stopS3() {
  await s3?.close();
  s3 = undefined;
}

const sha256 = async (res: Response) =>
  createHash('sha256')
    .update(Buffer.from(await res.arrayBuffer()))
    .digest('hex');

beforeAll(async () => {
  // the suite's own reads of the store (the integrity check) use the same credentials as the server
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  s3dir = mkdtempSync(join(tmpdir(), 'vellum-faults-s3-'));
  await startS3();
  world = await openWorld({ storageUrl: STORAGE_URL });
  base = `http://127.0.0.1:${world.env.port}`;
  paths = await findSitePaths(base, world.env.databaseUrl);
});

afterAll(async () => {
  await world?.close();
  await stopS3();
  if (s3dir) rmSync(s3dir, { recursive: true, force: true });
});

it('renders pages, answers downloads and uploads with a clear 503 while the storage is down, and loses nothing', async () => {
  const fileId = Number(paths.download.match(/\/files\/(\d+)\//)?.[1]);
  const first = await fetch(`${base}${paths.download}`);
  expect(first.status).toBe(200);
  const bytes = await sha256(first);
  // a new, unpublished version of the same file, to upload to while the storage is down
  const added = await world.api.call('POST', `/api/files/${fileId}/versions`, {
    versionLabel: 'storage-outage',
    date: new Date().toISOString().slice(0, 10),
  });
  expect(added.status, added.text).toBe(201);
  const versionId = Number(world.pg.sql(`select id from file_version where file_id = ${fileId} and label = 'storage-outage'`));
  const before = await readState(world.env.databaseUrl);

  await stopS3();
  // the pages come from the database
  for (const path of [`/site/${paths.slug}`, paths.product, paths.download.replace('/download?', '?')]) {
    const page = await fetch(`${base}${path}`);
    expect(page.status, path).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  }
  // a download: the site's own 503 page, to try again shortly, never stored by a cache
  const down = await fetch(`${base}${paths.download}`);
  const body = await down.text();
  expect(down.status).toBe(503);
  expect(down.headers.get('content-type')).toMatch(/^text\/html/);
  expect(down.headers.get('content-disposition')).toBeNull();
  expect(down.headers.get('retry-after')).toBeTruthy();
  expect(down.headers.get('cache-control')).toContain('no-store');
  expect(body).toContain('Temporarily unavailable');
  expect(body).not.toMatch(/\bat \S+\.js:\d+/);
  // readiness names the storage; the process stays up
  const ready = await fetch(`${base}/management/ready`);
  expect(ready.status).toBe(503);
  expect(((await ready.json()) as { checks: { storage: { status: string } } }).checks.storage.status).toBe('DOWN');
  // an upload is refused as unavailable, and nothing is marked uploaded
  const refused = await uploadGenerated(world.api, `/api/files/${fileId}/binary`, 1024 * 1024);
  expect(refused.status, refused.body ?? String(refused.error)).toBe(503);
  expect(JSON.parse(refused.body ?? '{}')).toMatchObject({ status: 503, message: 'error.http.503' });
  expect(
    world.pg.sql(`select coalesce(binary_key, '-') || ' ' || (binary_uploaded_date is null) from file_version where id = ${versionId}`),
  ).toBe('- true');
  expect(await readState(world.env.databaseUrl)).toEqual(before);
  expect(world.server.child.exitCode).toBeNull();

  await startS3();
  const again = await fetch(`${base}${paths.download}`);
  expect(again.status).toBe(200);
  expect(await sha256(again)).toBe(bytes);
  expect((await fetch(`${base}/management/ready`)).status).toBe(200);
  const uploaded = await uploadGenerated(world.api, `/api/files/${fileId}/binary`, 1024 * 1024);
  expect(uploaded.status, uploaded.body).toBe(200);
  expect(world.pg.sql(`select binary_uploaded_date is not null from file_version where id = ${versionId}`)).toBe('t');
  expect(await checkIntegrity({ databaseUrl: world.env.databaseUrl, dataDir: world.env.dataDir, storageUrl: STORAGE_URL })).toEqual([]);
});
