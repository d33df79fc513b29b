import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AccessRight, FILE_BINARY_MAX_BYTES } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, fileVersion } from '../../db/schema/index.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeFile } from '../../factories/file-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { multipart, tinyPng } from '../../platform/images.fixtures.js';
import { parseStorageUrl } from '../../platform/storage.js';
import { createS3FileStore } from '../../platform/storage-s3.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { streamedPdf } from '../../test/streamed-upload.js';
import { FILE_BINARY_ROUTE_LIMIT } from './files.routes.js';

/** A PDF of `size` bytes (its signature, then filler that differs with `seed`). */
const pdf = (size: number, seed = 0x41) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, seed)]);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

let s3server: S3rver | undefined;
let s3dir = '';
let spoolDir = '';
let endpoint = '';
beforeAll(async () => {
  s3dir = await mkdtemp(join(tmpdir(), 'vellum-files-s3-'));
  spoolDir = await mkdtemp(join(tmpdir(), 'vellum-files-spool-'));
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: 'vellum', configs: [] }],
  });
  endpoint = `http://127.0.0.1:${((await s3server.run()) as unknown as AddressInfo).port}`;
});
afterAll(async () => {
  await s3server?.close();
  await rm(s3dir, { recursive: true, force: true });
  await rm(spoolDir, { recursive: true, force: true });
});

it('declares the spec’s 150 MB limit on the upload route', () => {
  expect(FILE_BINARY_ROUTE_LIMIT).toBe(150 * 1024 * 1024);
  expect(FILE_BINARY_MAX_BYTES).toBe(157_286_400);
});

interface Driver {
  name: string;
  /** Points the app's store at the driver (the disk store is the app's own). */
  use(ctx: TestContext): void;
  /** Every object the store holds (and, for S3, every spooled upload in progress). */
  objects(ctx: TestContext): Promise<string[]>;
}

const drivers: Driver[] = [
  {
    name: 'local disk',
    use: () => {},
    objects: (ctx) => filesUnder(join(ctx.config.dataDir, 'files')),
  },
  {
    name: 'S3 (s3rver)',
    use: (ctx) => {
      ctx.app.deps.files = createS3FileStore({
        ...parseStorageUrl(`s3://vellum/files-test?endpoint=${encodeURIComponent(endpoint)}&region=eu-west-1`),
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        spoolDir,
      });
    },
    objects: async () => [
      ...(await filesUnder(join(s3dir, 'vellum'))).filter((f) => f.endsWith('._S3rver_object')),
      ...(await filesUnder(spoolDir)),
    ],
  },
];

describe.each(drivers)('file binaries on the $name store', (driver) => {
  let ctx: TestContext;
  let doc: { id: number; businessUnitId: number };
  let otherDoc: { id: number; businessUnitId: number };
  let manager: ReturnType<typeof as>;
  let reader: ReturnType<typeof as>;
  let elsewhere: ReturnType<typeof as>;
  const client = async (rights: AccessRight[], units: number[]) =>
    as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

  beforeAll(async () => {
    ctx = await createTestContext();
    driver.use(ctx);
    const unit = await makeBusinessUnit(ctx.db, { documentLanguages: ['en'] });
    const other = await makeBusinessUnit(ctx.db, { documentLanguages: ['en'] });
    doc = await makeDocument(ctx.db, unit.id, (await makeDocumentType(ctx.db, unit.id)).id);
    otherDoc = await makeDocument(ctx.db, other.id, (await makeDocumentType(ctx.db, other.id)).id);
    manager = await client(['DOCUMENT_MANAGE', 'DOCUMENT_DELETE'], [unit.id]);
    reader = await client(['DOCUMENT_READ'], [unit.id]);
    elsewhere = await client(['DOCUMENT_MANAGE', 'DOCUMENT_READ'], [other.id]);
  });
  afterAll(() => ctx.close());

  const objects = () => driver.objects(ctx);
  const versionRow = async (id: number) => (await ctx.db.select().from(fileVersion).where(eq(fileVersion.id, id)))[0];
  const upload = (fileId: number, data: Buffer, name = 'IFU.pdf', type = 'application/pdf', query = '') =>
    manager({ method: 'POST', url: `/api/files/${fileId}/binary${query}`, ...multipart('file', name, type, data) });
  /** What must stay as it was after a refused upload: the version row and the stored objects. */
  const snapshot = async (versionId: number) => ({ row: await versionRow(versionId), objects: (await objects()).sort() });

  it('answers 401, 403 (no right, another unit, a file of another unit), 404 and 415, storing nothing', async () => {
    const f = await makeFile(ctx.db, doc);
    const foreign = await makeFile(ctx.db, otherDoc);
    const before = await snapshot(f.versionId);
    const body = multipart('file', 'a.pdf', 'application/pdf', pdf(1000));
    expect((await as(ctx.app, undefined)({ method: 'POST', url: `/api/files/${f.id}/binary`, ...body })).statusCode).toBe(401);
    for (const c of [reader, elsewhere])
      expect((await c({ method: 'POST', url: `/api/files/${f.id}/binary`, ...body })).statusCode).toBe(403);
    expect((await manager({ method: 'POST', url: `/api/files/${foreign.id}/binary`, ...body })).statusCode).toBe(403);
    expect((await manager({ method: 'POST', url: '/api/files/999999/binary', ...body })).statusCode).toBe(404);
    expect((await manager({ method: 'POST', url: `/api/files/${f.id}/binary?file-version=999999`, ...body })).statusCode).toBe(404);
    expect((await manager({ method: 'POST', url: `/api/files/${f.id}/binary`, payload: { file: 'x' } })).statusCode).toBe(415);
    for (const url of [`/api/files/${f.id}/binary`, `/api/files/${foreign.id}/binary`]) {
      expect((await as(ctx.app, undefined)({ method: 'GET', url })).statusCode).toBe(401);
      expect((await elsewhere({ method: 'GET', url: `/api/files/${f.id}/binary` })).statusCode).toBe(403);
    }
    expect((await reader({ method: 'DELETE', url: `/api/files/${f.id}/binary` })).statusCode).toBe(403);
    expect(await snapshot(f.versionId)).toEqual(before);
  });

  it('uploads a binary streamed, by its content, with size and SHA-256, audited; downloads it whole, by range, 416 and 304', async () => {
    const f = await makeFile(ctx.db, doc);
    const data = pdf(200_000);
    const before = (await objects()).length;
    const res = await upload(f.id, data, 'IFU ‮fdp.exe', 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    expect(res.json().binary).toMatchObject({ name: 'IFU fdp.exe', size: 200_000, mediaType: 'application/pdf', sha256: sha256(data) });
    expect(res.json().version).toBe(1);
    expect((await objects()).length).toBe(before + 1);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'file'), eq(auditLog.entityId, String(f.id))))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: 'UPDATE', changes: { versionLabel: '1.0', binary: { from: null, to: { size: 200_000 } } } });

    const url = `/api/files/${f.id}/binary`;
    const whole = await reader({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    expect(whole.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-length': '200000', etag: `"${sha256(data)}"` });
    // saved as what its content is, whatever it was called (decision 0048)
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename="IFU fdp.pdf"/);
    const part = await reader({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/200000');
    expect(part.rawPayload.equals(data.subarray(1000, 2000))).toBe(true);
    expect((await reader({ method: 'GET', url, headers: { range: 'bytes=300000-' } })).statusCode).toBe(416);
    expect((await reader({ method: 'GET', url, headers: { 'if-none-match': `"${sha256(data)}"` } })).statusCode).toBe(304);
    const inline = await reader({ method: 'GET', url: `${url}?disposition=inline` });
    expect(inline.headers['content-disposition']).toMatch(/^inline/);
  });

  it('replaces the binary of an unpublished version and removes the old object after the commit; images preview inline', async () => {
    const f = await makeFile(ctx.db, doc);
    await upload(f.id, pdf(5000));
    const count = (await objects()).length;
    const png = tinyPng();
    const res = await upload(f.id, png, 'photo.png', 'image/png');
    expect(res.json().binary).toMatchObject({ mediaType: 'image/png', size: png.length });
    expect((await objects()).length).toBe(count);
    const preview = await reader({ method: 'GET', url: `/api/files/${f.id}/binary?disposition=inline` });
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.equals(png)).toBe(true);
  });

  it('keeps earlier versions downloadable (file-version), only of the same file', async () => {
    const f = await makeFile(ctx.db, doc);
    const first = pdf(3000, 0x31);
    await upload(f.id, first);
    const added = await manager({
      method: 'POST',
      url: `/api/files/${f.id}/versions`,
      payload: { versionLabel: '2.0', date: '2026-08-01' },
    });
    expect(added.statusCode).toBe(201);
    const second = pdf(4000, 0x32);
    await upload(f.id, second);
    expect((await reader({ method: 'GET', url: `/api/files/${f.id}/binary` })).rawPayload.equals(second)).toBe(true);
    const old = await reader({ method: 'GET', url: `/api/files/${f.id}/binary?file-version=${f.versionId}` });
    expect(old.rawPayload.equals(first)).toBe(true);
    const other = await makeFile(ctx.db, doc);
    expect((await reader({ method: 'GET', url: `/api/files/${other.id}/binary?file-version=${f.versionId}` })).statusCode).toBe(404);
    const none = await reader({ method: 'GET', url: `/api/files/${other.id}/binary` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('error.file.noBinary');
  });

  it('refuses an over-limit upload (the real 150 MB) with 413, leaving no row change and no object', async () => {
    const f = await makeFile(ctx.db, doc);
    const before = await snapshot(f.versionId);
    const res = await manager({ method: 'POST', url: `/api/files/${f.id}/binary`, ...streamedPdf(FILE_BINARY_MAX_BYTES + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'error.fileTooLarge', params: { maxBytes: FILE_BINARY_MAX_BYTES } });
    expect(await snapshot(f.versionId)).toEqual(before);
  }, 60_000);

  it('refuses a truncated upload, HTML, plain text and an empty file, leaving nothing', async () => {
    const f = await makeFile(ctx.db, doc);
    const before = await snapshot(f.versionId);
    const full = multipart('file', 'a.pdf', 'application/pdf', pdf(50_000));
    const truncated = await manager({
      method: 'POST',
      url: `/api/files/${f.id}/binary`,
      headers: full.headers,
      payload: full.payload.subarray(0, 30_000),
    });
    expect(truncated.statusCode).toBe(400);
    for (const [data, type] of [
      [Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'text/html'],
      [Buffer.from('just some words\n'.repeat(100)), 'text/plain'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
    ] as const) {
      const res = await upload(f.id, data, 'x.pdf', type);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'error.unsupportedContentType', params: { allowed: 'PDF, PNG, JPG, GIF, WEBP, ZIP' } });
    }
    expect((await upload(f.id, Buffer.alloc(0))).statusCode).toBe(400);
    expect(await snapshot(f.versionId)).toEqual(before);
  });

  it('keeps nothing when the client disconnects mid-upload', async () => {
    const f = await makeFile(ctx.db, doc);
    const before = await snapshot(f.versionId);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const token = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['DOCUMENT_MANAGE'], [doc.businessUnitId])).id);
    const boundary = 'vellum-broken';
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/files/${f.id}/binary`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
      req.write(pdf(300_000));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await expect.poll(async () => (await objects()).sort(), { timeout: 10_000 }).toEqual(before.objects);
    expect(await versionRow(f.versionId)).toEqual(before.row);
  });

  it('keeps a published or scheduled version’s binary; deletes an unpublished one’s (404 when none), object after the commit', async () => {
    const f = await makeFile(ctx.db, doc);
    await upload(f.id, pdf(2000));
    const count = (await objects()).length;
    await ctx.db
      .update(fileVersion)
      .set({ publishDate: new Date(Date.now() + 3_600_000) })
      .where(eq(fileVersion.id, f.versionId));
    const frozen = await snapshot(f.versionId);
    const refused = await upload(f.id, pdf(3000));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('error.file.versionPublished');
    expect((await manager({ method: 'DELETE', url: `/api/files/${f.id}/binary` })).json().message).toBe('error.file.versionPublished');
    expect(await snapshot(f.versionId)).toEqual(frozen);

    await ctx.db.update(fileVersion).set({ publishDate: null }).where(eq(fileVersion.id, f.versionId));
    const removed = await manager({ method: 'DELETE', url: `/api/files/${f.id}/binary` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().binary).toBeNull();
    expect((await objects()).length).toBe(count - 1);
    const again = await manager({ method: 'DELETE', url: `/api/files/${f.id}/binary` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('error.file.noBinary');
  });

  it('removes every binary of a deleted file from the store', async () => {
    const f = await makeFile(ctx.db, doc);
    const count = (await objects()).length;
    await upload(f.id, pdf(2000));
    await manager({ method: 'POST', url: `/api/files/${f.id}/versions`, payload: { versionLabel: '2.0', date: '2026-09-01' } });
    await upload(f.id, pdf(2500));
    expect((await objects()).length).toBe(count + 2);
    expect((await manager({ method: 'DELETE', url: `/api/files/${f.id}` })).statusCode).toBe(204);
    expect((await objects()).length).toBe(count);
  });
});
