import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from './file-store.js';
import { createFileStore, parseStorageUrl } from './storage.js';
import { createS3FileStore } from './storage-s3.js';
import { ObjectTooLarge } from './storage-stream.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const text = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};
/** A stream of `size` pseudo-random bytes in 64 kB chunks. */
const bytes = (size: number) => {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i++) data[i] = (i * 31 + (i >> 8)) & 0xff;
  return data;
};
const chunked = (data: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += 65_536) yield data.subarray(i, i + 65_536);
    })(),
  );

interface Driver {
  name: string;
  store: () => FileStore;
  /** Every object (and partial object) the store holds. */
  objects: () => Promise<string[]>;
}

const dirs: string[] = [];
let s3server: S3rver | undefined;
let s3dir = '';
let localDir = '';
let endpoint = '';

beforeAll(async () => {
  localDir = await mkdtemp(join(tmpdir(), 'vellum-store-'));
  s3dir = await mkdtemp(join(tmpdir(), 'vellum-s3-'));
  dirs.push(localDir, s3dir);
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: 'vellum', configs: [] }],
  });
  const address = (await s3server.run()) as unknown as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await s3server?.close();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const drivers: Driver[] = [
  {
    name: 'local disk',
    store: () => createFileStore(undefined, localDir),
    objects: () => filesUnder(join(localDir, 'files')).catch(() => []),
  },
  {
    name: 'S3 (s3rver)',
    store: () =>
      createS3FileStore({
        ...parseStorageUrl(`s3://vellum/install-1?endpoint=${encodeURIComponent(endpoint)}&region=eu-west-1`),
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
    // s3rver keeps each object as a folder of files: count the object files only
    objects: async () => (await filesUnder(join(s3dir, 'vellum')).catch(() => [])).filter((f) => f.endsWith('._S3rver_object')),
  },
];

describe.each(drivers)('FileStore on $name', (driver) => {
  it('keeps a buffer, gives it back, and forgets it', async () => {
    const store = driver.store();
    const key = await store.put('images/3', Buffer.from('<svg/>'), 'svg');
    expect(key).toMatch(/^images\/3\/[0-9a-f-]{36}\.svg$/);
    expect((await store.get(key))?.toString()).toBe('<svg/>');
    expect(await store.stat(key)).toEqual({ size: 6 });
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    expect(await store.stat(key)).toBeUndefined();
    expect(await store.open(key)).toBeUndefined();
    await store.delete(key); // absent: no error
  });

  it('streams a large object in, with its size and SHA-256, and out whole or by range', async () => {
    const store = driver.store();
    const data = bytes(12 * 1024 * 1024 + 123); // more than two 5 MB parts on S3
    const stored = await store.putStream('files/9', chunked(data), 'pdf', { maxBytes: 20 * 1024 * 1024, contentType: 'application/pdf' });
    expect(stored.size).toBe(data.length);
    expect(stored.sha256).toBe(sha256(data));
    expect(await store.stat(stored.key)).toEqual({ size: data.length });
    const whole = await store.open(stored.key);
    expect(sha256(await text(whole!))).toBe(stored.sha256);
    const part = await store.open(stored.key, { start: 5_000_000, end: 5_000_099 });
    expect((await text(part!)).equals(data.subarray(5_000_000, 5_000_100))).toBe(true);
    await store.delete(stored.key);
  });

  it('lists the objects under a prefix with their size and date, and nothing of another prefix', async () => {
    const store = driver.store();
    const before = Date.now() - 60_000;
    const a = await store.put('files/list/1', Buffer.from('one'), 'pdf');
    const b = await store.put('files/list/2', Buffer.from('three'), 'pdf');
    const other = await store.put('files/listed-not/1', Buffer.from('x'), 'pdf');
    const listed = [];
    for await (const o of store.list('files/list/')) listed.push(o);
    expect(listed.map((o) => o.key).sort()).toEqual([a, b].sort());
    expect(listed.find((o) => o.key === b)?.size).toBe(5);
    for (const o of listed) expect(o.modifiedAt.getTime()).toBeGreaterThan(before);
    const none = [];
    for await (const o of store.list('files/absent/')) none.push(o);
    expect(none).toEqual([]);
    for (const key of [a, b, other]) await store.delete(key);
  });

  it('keeps nothing of a stream that passes the size limit', async () => {
    const store = driver.store();
    const before = await driver.objects();
    await expect(store.putStream('files/9', chunked(bytes(6 * 1024 * 1024)), 'pdf', { maxBytes: 1024 * 1024 })).rejects.toBeInstanceOf(
      ObjectTooLarge,
    );
    await expect(store.putStream('files/9', chunked(bytes(200_000)), 'pdf', { maxBytes: 100_000 })).rejects.toBeInstanceOf(ObjectTooLarge);
    expect(await driver.objects()).toEqual(before);
  });

  it('keeps nothing of a stream that fails half-way (a client that disconnects)', async () => {
    const store = driver.store();
    const before = await driver.objects();
    const source = new PassThrough();
    const writing = store.putStream('files/9', source, 'pdf');
    source.write(bytes(6 * 1024 * 1024));
    setTimeout(() => source.destroy(new Error('client went away')), 50);
    await expect(writing).rejects.toThrow('client went away');
    expect(await driver.objects()).toEqual(before);
  });

  it('never reads or writes outside its own place', async () => {
    const store = driver.store();
    const key = await store.put('../../etc', Buffer.from('x'), '../txt');
    expect(key.startsWith('etc/')).toBe(true);
    expect(key.endsWith('.txt')).toBe(true);
    await store.delete(key);
    if (store.kind === 'local') await expect(store.get('../../../etc/passwd')).resolves.toBeUndefined();
  });
});

describe('S3 presigned download', () => {
  it('gives a time-limited address that downloads the object with its file name', async () => {
    const store = drivers[1].store();
    const key = await store.put('files/1', Buffer.from('%PDF-1.7 hello'), 'pdf');
    const url = await store.presignedUrl!(key, { expiresInSeconds: 60, fileName: 'IFU é.pdf', contentType: 'application/pdf' });
    expect(url).toContain('X-Amz-Expires=60');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.7 hello');
    await store.delete(key);
  });
});

describe('STORAGE_URL', () => {
  it('names a bucket, a prefix inside it and the endpoint of an S3-compatible server', () => {
    expect(parseStorageUrl('s3://docs/prod?endpoint=http%3A%2F%2Fminio%3A9000&region=eu-central-1')).toEqual({
      bucket: 'docs',
      prefix: 'prod',
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://docs').forcePathStyle).toBe(false);
    expect(() => parseStorageUrl('https://docs')).toThrow(/STORAGE_URL/);
  });
});
