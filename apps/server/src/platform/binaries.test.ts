import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipartPlugin from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BinaryKind, byteRange, fileNameForType, type ReceivedBinary, receiveBinary, sendBinary } from './binaries.js';
import { registerErrorHandler } from './errors.js';
import type { FileStore } from './file-store.js';
import { multipart, tinyPng } from './images.fixtures.js';
import { createLocalFileStore } from './storage-local.js';

const KINDS: BinaryKind[] = [
  { mediaType: 'application/pdf', extension: 'pdf' },
  { mediaType: 'image/png', extension: 'png' },
];
const MAX = 64 * 1024;
/** A PDF of `size` bytes (its signature, then filler). */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x41)]);

describe('byteRange', () => {
  it('reads one range, ignores what a server may ignore, and knows an unsatisfiable one', () => {
    expect(byteRange(undefined, 100)).toBeUndefined();
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=95-200', 100)).toEqual({ start: 95, end: 99 });
    expect(byteRange('bytes=0-9,10-19', 100)).toEqual({ start: 0, end: 19 }); // adjacent: one range
    expect(byteRange('bytes=0-9,50-59', 100)).toBeUndefined(); // several: the whole file
    expect(byteRange('items=0-9', 100)).toBeUndefined();
    expect(byteRange('bytes=abc', 100)).toBeUndefined();
    expect(byteRange('bytes=200-300', 100)).toBe('unsatisfiable');
  });
});

describe('fileNameForType', () => {
  it('gives a name the extension of its type: kept when right, replaced when another type, appended otherwise', () => {
    expect(fileNameForType('leaflet.pdf', 'application/pdf')).toBe('leaflet.pdf');
    expect(fileNameForType('LEAFLET.PDF', 'application/pdf')).toBe('LEAFLET.PDF');
    expect(fileNameForType('poly.html', 'application/pdf')).toBe('poly.pdf');
    expect(fileNameForType('setup.exe', 'application/pdf')).toBe('setup.pdf');
    expect(fileNameForType('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(fileNameForType('photo.png', 'image/jpeg')).toBe('photo.jpg');
    expect(fileNameForType('Notice 1.0', 'application/pdf')).toBe('Notice 1.0.pdf');
    expect(fileNameForType('archive', 'application/zip')).toBe('archive.zip');
    expect(fileNameForType('.html', 'application/pdf')).toBe('.html.pdf');
    expect(fileNameForType('x.html', 'APPLICATION/PDF')).toBe('x.pdf');
    // a type without a known extension keeps the name
    expect(fileNameForType('data.bin', 'application/octet-stream')).toBe('data.bin');
    expect(fileNameForType('data.bin', null)).toBe('data.bin');
  });
});

describe('receiveBinary and sendBinary', () => {
  let app: FastifyInstance;
  let files: FileStore;
  let dir: string;
  let last: ReceivedBinary | undefined;
  const sending: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vellum-binaries-'));
    files = createLocalFileStore(dir);
    app = Fastify();
    await app.register(multipartPlugin, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
    registerErrorHandler(app);
    app.post('/upload', async (req) => {
      last = await receiveBinary(req, files, { prefix: 'files/7', maxBytes: MAX, kinds: KINDS });
      return last;
    });
    app.get('/download', (req, reply) => sendBinary(req, reply, files, { ...last!, disposition: 'attachment' }));
    // a store that cannot be reached (an S3 endpoint that refuses connections)
    const unreachable = {
      ...files,
      open: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
      },
      putStream: async (_prefix: string, body: NodeJS.ReadableStream) => {
        body.resume();
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
      },
    } as FileStore;
    app.post('/upload-unreachable', (req) => receiveBinary(req, unreachable, { prefix: 'files/7', maxBytes: MAX, kinds: KINDS }));
    app.get('/unreachable', (req, reply) => sendBinary(req, reply, unreachable, { ...last!, onSending: () => sending.push(req.url) }));
    app.get('/counted', (req, reply) => sendBinary(req, reply, files, { ...last!, onSending: () => sending.push(req.url) }));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const stored = () => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  const upload = (name: string, type: string, data: Buffer, field = 'file') =>
    app.inject({ method: 'POST', url: '/upload', ...multipart(field, name, type, data) });

  it('stores a PDF by its content, with size, SHA-256 and the name the client gave; sends it back as a PDF', async () => {
    const data = pdf(40_000);
    const res = await upload('IFU ‮fdp.exe', 'application/octet-stream', data);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ReceivedBinary;
    expect(body).toMatchObject({ size: 40_000, mediaType: 'application/pdf', extension: 'pdf', fileName: 'IFU fdp.exe' });
    expect(body.key).toMatch(/^files\/7\/.+\.pdf$/);
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
    const back = await app.inject({ method: 'GET', url: '/download' });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(data)).toBe(true);
    expect(back.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': '40000',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      etag: `"${body.sha256}"`,
    });
    // offered back under a name whose extension is its type's (decision 0048)
    expect(back.headers['content-disposition']).toMatch(/^attachment; filename="IFU fdp.pdf"/);
    expect(back.headers['content-security-policy']).toContain('sandbox');
  });

  it('serves byte ranges, 416 beyond the end, and 304 for a known ETag', async () => {
    const data = pdf(10_000);
    expect((await upload('a.pdf', 'application/pdf', data)).statusCode).toBe(200);
    const part = await app.inject({ method: 'GET', url: '/download', headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/10000');
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(data.subarray(100, 200))).toBe(true);
    const beyond = await app.inject({ method: 'GET', url: '/download', headers: { range: 'bytes=20000-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */10000');
    const same = await app.inject({ method: 'GET', url: '/download', headers: { 'if-none-match': `"${last!.sha256}"` } });
    expect(same.statusCode).toBe(304);
    expect(same.headers.etag).toBe(`"${last!.sha256}"`);
  });

  it('answers 503 problem+json, not an attachment, when the store cannot be reached; tells onSending only of bytes sent', async () => {
    expect((await upload('b.pdf', 'application/pdf', pdf(1_000))).statusCode).toBe(200);
    sending.length = 0;
    const down = await app.inject({ method: 'GET', url: '/unreachable' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(down.headers['content-disposition']).toBeUndefined();
    expect(down.headers.etag).toBeUndefined();
    expect(down.json()).toMatchObject({ status: 503, message: 'error.http.503' });
    // an upload the store cannot take is no fault of the client's body
    const refused = await app.inject({
      method: 'POST',
      url: '/upload-unreachable',
      ...multipart('file', 'c.pdf', 'application/pdf', pdf(2_000)),
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ status: 503, message: 'error.http.503' });
    const known = await app.inject({ method: 'GET', url: '/counted', headers: { 'if-none-match': `"${last!.sha256}"` } });
    expect(known.statusCode).toBe(304);
    expect(sending).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/counted' })).statusCode).toBe(200);
    expect(sending).toEqual(['/counted']);
  });

  it('refuses, keeping nothing: a file too large, of another kind, empty, in another field, or not multipart', async () => {
    const before = stored();
    const big = await upload('big.pdf', 'application/pdf', pdf(MAX + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: 'error.fileTooLarge', params: { maxBytes: MAX } });
    const html = await upload('x.pdf', 'application/pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({ message: 'error.unsupportedContentType', params: { allowed: 'PDF, PNG' } });
    const empty = await upload('e.pdf', 'application/pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual([{ objectName: 'multipart', field: 'file', message: 'NotNull' }]);
    const elsewhere = await upload('a.png', 'image/png', tinyPng(), 'image');
    expect(elsewhere.statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/upload', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(stored()).toBe(before);
  });

  it('keeps nothing when the client breaks off half-way', async () => {
    const before = stored();
    const { port } = app.server.address() as AddressInfo;
    const boundary = 'vellum-boundary';
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/upload',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
      req.write(pdf(30_000));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
    // the server notices the broken connection and removes what it started
    await expect.poll(() => stored(), { timeout: 5_000 }).toBe(before);
    const partials = readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.part'));
    expect(partials).toEqual([]);
  });
});
