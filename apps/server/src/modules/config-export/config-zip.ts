import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CONFIG_DOCUMENT_NAME, ConfigExportErrorKeys } from '@vellum/contract';
import { ZipFile } from 'yazl';
import { AppError } from '../../platform/errors.js';
import { openCheckedZip, openEntry, ZipRefused } from '../bulk/import/zip-sheet.js';

/** The largest config.json an import reads once inflated (bytes). */
const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

export const invalidFile = (reason: string) => new AppError(ConfigExportErrorKeys.invalidFile, 400, { reason });

/** A binary the export's zip carries: its bytes, or a function that opens them as a stream when the zip reaches it. */
export type ZipSource = Buffer | (() => Promise<NodeJS.ReadableStream>);

/**
 * The export's zip: the document as config.json and each binary at its path beside it, as a stream;
 * a binary given as an opener is read only when the zip writes it, one at a time, so the export
 * never holds more than one binary in memory.
 */
export function configZip(document: unknown, binaries: ReadonlyMap<string, ZipSource> = new Map()): Readable {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8'), CONFIG_DOCUMENT_NAME);
  for (const [path, source] of binaries) {
    if (Buffer.isBuffer(source)) zip.addBuffer(source, path);
    else
      zip.addReadStreamLazy(path, {}, (done) => {
        source().then(
          (stream) => done(null, stream),
          (err: Error) => done(err, undefined as never),
        );
      });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  // an object storage has lost since it was hashed breaks the download off instead of the process
  zip.on('error', (err: Error) => output.destroy(err));
  return output;
}

/** Reads an entry of the uploaded zip by its exact path, whole; it must hold `size` bytes (400 invalidFile otherwise). */
export type ZipEntryReader = (path: string, size: number) => Promise<Buffer>;

/**
 * Hands the JSON an uploaded zip holds as config.json, and a reader of its other entries, to `use`;
 * the zip read within the bulk import's limits (decision 0057: no entry climbing out, at most
 * 10,000 entries, no entry compressed past 100:1, none encrypted) and config.json at most 20 MB
 * inflated; anything else 400 `error.configImport.invalidFile`. The zip is closed once `use` is done.
 */
export async function withConfigZip<T>(path: string, use: (json: unknown, read: ZipEntryReader) => Promise<T>): Promise<T> {
  const { zip, entries } = await openCheckedZip(path).catch((err) => {
    throw err instanceof ZipRefused ? invalidFile(err.message) : err;
  });
  try {
    const byName = new Map(entries.map((e) => [e.fileName, e]));
    const read: ZipEntryReader = async (name, size) => {
      const entry = byName.get(name);
      if (!entry) throw invalidFile(`The zip holds no ${name}.`);
      if (entry.uncompressedSize !== size) throw invalidFile(`${name} holds ${entry.uncompressedSize} bytes, not ${size}.`);
      return buffer(await openEntry(zip, entry)).catch((err: Error) => {
        throw invalidFile(`${name} cannot be read: ${err.message}.`);
      });
    };
    const entry = byName.get(CONFIG_DOCUMENT_NAME);
    if (!entry) throw invalidFile(`The zip holds no ${CONFIG_DOCUMENT_NAME}.`);
    if (entry.uncompressedSize > DOCUMENT_MAX_BYTES) throw invalidFile(`${CONFIG_DOCUMENT_NAME} is larger than 20 MB.`);
    const bytes = await read(CONFIG_DOCUMENT_NAME, entry.uncompressedSize);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      throw invalidFile(`${CONFIG_DOCUMENT_NAME} is not JSON in UTF-8.`);
    }
    return await use(json, read);
  } finally {
    zip.close();
  }
}
