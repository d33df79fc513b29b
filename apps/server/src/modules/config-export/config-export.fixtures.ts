import { buffer } from 'node:stream/consumers';
import type { ConfigImportPreview } from '@vellum/contract';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { makeSuperAdmin } from '../../factories/organisation-factories.js';
import { multipart } from '../../platform/images.fixtures.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

/** The configuration export's test helpers: zips built in memory, the document inside one, the three calls. */
type Client = ReturnType<typeof as>;

/** A zip of the given entries, built in memory. */
export async function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(typeof data === 'string' ? Buffer.from(data) : data, name);
  zip.end();
  return buffer(zip.outputStream);
}

/** The JSON document of an export's zip. */
export async function documentOf(zip: Buffer): Promise<Record<string, unknown>> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, z) => (err || !z ? reject(err) : resolve(z))),
  );
  return new Promise((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName !== 'config.json') return file.readEntry();
      file.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err);
        buffer(stream).then((b) => resolve(JSON.parse(b.toString('utf8'))), reject);
      });
    });
    file.readEntry();
  });
}

/** Every entry of a zip by name, its bytes. */
export async function entriesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, z) => (err || !z ? reject(err) : resolve(z))),
  );
  const result = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    file.on('end', () => resolve(result));
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err);
        buffer(stream).then((b) => {
          result.set(entry.fileName, b);
          file.readEntry();
        }, reject);
      });
    });
    file.readEntry();
  });
}

/** A document as a zip to upload. */
export const zipOfDocument = (doc: unknown) => zipOf({ 'config.json': JSON.stringify(doc) });

export const exportZip = async (client: Client) => {
  const res = await client({ method: 'GET', url: '/api/config-export' });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};
export const upload = (client: Client, url: string, zip: Buffer, name = 'config.zip') =>
  client({ method: 'POST', url, ...multipart('file', name, 'application/zip', zip) });
export const preview = async (client: Client, zip: Buffer) => {
  const res = await upload(client, '/api/config-export/preview', zip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConfigImportPreview;
};
export const partOf = (p: ConfigImportPreview, part: string) => p.parts.find((x) => x.part === part);
/** The document without what differs between two exports of the same configuration. */
export const volatile = ({ exportedAt: _at, ...rest }: Record<string, unknown>) => rest;

/** Two exports hold the same configuration: equal documents but for the time of export, and equal binaries. */
export async function expectSameExport(actual: Buffer, expected: Buffer) {
  expect(volatile(await documentOf(actual))).toEqual(volatile(await documentOf(expected)));
  const [a, b] = [await entriesOf(actual), await entriesOf(expected)];
  a.delete('config.json');
  b.delete('config.json');
  expect(a).toEqual(b);
}

/**
 * Runs `use` against a new, empty instance (a database of its own) with a super administrator
 * signed in, and closes the instance afterwards, however `use` ends.
 */
export async function inEmptyInstance<T>(use: (target: Client, instance: TestContext) => Promise<T>): Promise<T> {
  const instance = await createTestContext();
  try {
    return await use(as(instance.app, await tokenFor(instance, (await makeSuperAdmin(instance.db)).id)), instance);
  } finally {
    await instance.close();
  }
}
