import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipartPlugin from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.js';
import type { FileStore } from './file-store.js';
import { HOSTILE_SVG, multipart, tinyJpeg, tinyPng } from './images.fixtures.js';
import { checkImage, imageVersion, readImageUpload, replaceImage, sanitizeSvg, sendImage } from './images.js';
import { createLocalFileStore } from './storage-local.js';

const expectNotAnImage = async (data: Buffer) => {
  await expect(checkImage(data)).rejects.toMatchObject({ key: 'error.notAnImage', status: 400 });
};

describe('checkImage', () => {
  it('accepts PNG and JPEG by their content', async () => {
    expect(await checkImage(tinyPng())).toMatchObject({ ext: 'png', contentType: 'image/png' });
    expect(await checkImage(tinyJpeg())).toMatchObject({ ext: 'jpg', contentType: 'image/jpeg' });
  });

  it('refuses text, HTML, other image formats, non-SVG XML and empty files', async () => {
    await expectNotAnImage(Buffer.from('just some text pretending to be a png'));
    await expectNotAnImage(Buffer.from('<html><body><script>alert(1)</script></body></html>'));
    await expectNotAnImage(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    await expectNotAnImage(Buffer.from('<?xml version="1.0"?><note><to>x</to></note>'));
    await expectNotAnImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')); // not well-formed
    await expectNotAnImage(Buffer.alloc(0));
  });

  it('sanitises SVG: no script, event handler or external reference survives', async () => {
    const image = await checkImage(Buffer.from(HOSTILE_SVG));
    expect(image).toMatchObject({ ext: 'svg', contentType: 'image/svg+xml' });
    const out = image.buffer.toString('utf8');
    expect(out.startsWith('<svg')).toBe(true);
    expect(out).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(out).not.toMatch(/<script|onload|onclick|javascript:|evil\.example|@import|foreignObject/i);
    expect(out).toContain('<rect');
    expect(out).toContain('url(#g)');
  });

  it('adds the SVG namespace when the source leaves it out', () => {
    const out = sanitizeSvg('<svg width="1" height="1"><rect width="1" height="1"/></svg>');
    expect(out).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('does not expand entities or read external ones', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&c;</text></svg>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>`;
    for (const svg of [laughs, xxe]) {
      const result = await checkImage(Buffer.from(svg)).catch((e: { key: string }) => e.key);
      if (typeof result === 'string') expect(result).toBe('error.notAnImage');
      else expect(result.buffer.toString()).not.toMatch(/root:|lollollol/);
    }
  });
});

describe('readImageUpload, replaceImage and sendImage', () => {
  let app: FastifyInstance;
  let files: FileStore;
  let dir: string;
  let current: string | null = null;
  const MAX = 1024;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vellum-images-'));
    files = createLocalFileStore(dir);
    app = Fastify();
    await app.register(multipartPlugin, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
    registerErrorHandler(app);
    app.post('/upload', async (req) => {
      const image = await readImageUpload(req, 'logo', MAX);
      const key = await replaceImage(files, 'test/logo', image, async (k) => {
        const previous = current;
        current = k;
        return previous;
      });
      return { key, version: imageVersion(key) };
    });
    app.post('/upload-failing', async (req) => {
      const image = await readImageUpload(req, 'logo', MAX);
      return replaceImage(files, 'test/failing', image, async () => {
        throw new Error('database down');
      });
    });
    app.get('/image', (req, reply) => sendImage(req, reply, files, current, 'logo'));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (url: string, field: string, name: string, type: string, data: Buffer) =>
    app.inject({ method: 'POST', url, ...multipart(field, name, type, data) });

  it('answers 404 while no image is stored', async () => {
    const res = await app.inject({ method: 'GET', url: '/image' });
    expect(res.statusCode).toBe(404);
  });

  it('stores a PNG, serves it with its type and nosniff, and deletes it when replaced', async () => {
    const first = await upload('/upload', 'logo', 'logo.png', 'image/png', tinyPng());
    expect(first.statusCode).toBe(200);
    const firstKey = first.json().key as string;
    expect(firstKey).toMatch(/^test\/logo\/.+\.png$/);
    const got = await app.inject({ method: 'GET', url: '/image' });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(tinyPng())).toBe(true);
    const again = await app.inject({ method: 'GET', url: '/image', headers: { 'if-none-match': String(got.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const second = await upload('/upload', 'logo', 'photo.jpeg', 'image/jpeg', tinyJpeg());
    expect(second.statusCode).toBe(200);
    expect(second.json().version).not.toBe(first.json().version);
    expect(await files.get(firstKey)).toBeUndefined();
    const jpeg = await app.inject({ method: 'GET', url: '/image' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
  });

  it('serves SVG with a restrictive Content-Security-Policy', async () => {
    const res = await upload('/upload', 'logo', 'logo.svg', 'image/svg+xml', Buffer.from(HOSTILE_SVG));
    expect(res.statusCode).toBe(200);
    const got = await app.inject({ method: 'GET', url: '/image' });
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(got.body).not.toMatch(/script|onload|evil\.example/);
  });

  it('refuses a text file named .png, a missing field, an oversized file and a non-multipart body', async () => {
    const text = await upload('/upload', 'logo', 'logo.png', 'image/png', Buffer.from('hello, I am text'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('error.notAnImage');

    const wrongField = await upload('/upload', 'file', 'logo.png', 'image/png', tinyPng());
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ message: 'error.validation', fieldErrors: [{ field: 'logo' }] });

    const big = Buffer.concat([tinyPng(), Buffer.alloc(MAX * 2)]);
    const tooLarge = await upload('/upload', 'logo', 'big.png', 'image/png', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('error.fileTooLarge');

    const json = await app.inject({ method: 'POST', url: '/upload', payload: { logo: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('deletes the new object when recording it fails', async () => {
    const res = await upload('/upload-failing', 'logo', 'logo.png', 'image/png', tinyPng());
    expect(res.statusCode).toBe(500);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(join(dir, 'test/failing'))).toEqual([]);
  });
});
