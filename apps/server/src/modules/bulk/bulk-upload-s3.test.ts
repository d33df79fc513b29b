import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { sheetOf, zipOf } from './bulk-upload.test-support.js';

/** With S3 storage the zip is PUT straight to the bucket through a presigned URL (decision 0057). */
let ctx: TestContext;
let s3: S3rver;
let dir = '';
let endpoint = '';
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vellum-s3-bulk-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'vellum', configs: [] }] });
  endpoint = `http://127.0.0.1:${((await s3.run()) as unknown as AddressInfo).port}`;
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  ctx = await createTestContext({ STORAGE_URL: `s3://vellum/bulk?endpoint=${encodeURIComponent(endpoint)}&region=eu-west-1` });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
  process.env.AWS_ACCESS_KEY_ID = saved.id;
  process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
});

it('answers a presigned URL of the bucket; upload-complete checks the object is there with its size', async () => {
  const unit = await makeBusinessUnit(ctx.db);
  const type = await makeProductType(ctx.db, unit.id, {}, [{ name: 'Label', slug: 'label' }]);
  const token = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [unit.id])).id);
  const zip = zipOf({
    's.txt': sheetOf([
      ['Key code', 'Label [label]'],
      ['S3-1', 'From the bucket'],
    ]),
  });
  const start = await as(
    ctx.app,
    token,
  )({
    method: 'POST',
    url: '/api/bulk/upload-url',
    payload: { entity: 'PRODUCT', businessUnitId: unit.id, productTypeId: type.id, fileName: 's.zip', fileSize: zip.length },
  });
  expect(start.statusCode, start.body).toBe(201);
  const { id, url, headers } = start.json() as { id: number; url: string; headers: Record<string, string> };
  expect(url.startsWith(`${endpoint}/vellum/bulk/bulk-uploads/`)).toBe(true);
  const complete = () => as(ctx.app, token)({ method: 'POST', url: `/api/bulk/upload-complete/${id}` });
  // nothing in the bucket yet
  const early = await complete();
  expect(early.statusCode).toBe(400);
  expect(early.json()).toMatchObject({ message: 'error.bulk.notUploaded' });
  const put = await fetch(url, { method: 'PUT', headers, body: Buffer.from(zip) });
  expect(put.status, await put.text()).toBe(200);
  const done = await complete();
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json()).toMatchObject({ status: 'PROCESSING' });
  await ctx.app.deps.jobs.drain();
  const job = (await as(ctx.app, token)({ method: 'GET', url: `/api/bulk/${id}` })).json() as { status: string; log: string };
  expect(job, job.log).toMatchObject({ status: 'SUCCESS', rowsCreated: 1 });
});
