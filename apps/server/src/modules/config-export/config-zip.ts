import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CONFIG_DOCUMENT_NAME, ConfigExportErrorKeys } from '@vellum/contract';
import { ZipFile } from 'yazl';
import { AppError } from '../../platform/errors.js';
import { openCheckedZip, openEntry, ZipRefused } from '../bulk/import/zip-sheet.js';

/** The largest config.json an import reads once inflated (bytes). */
const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

export const invalidFile = (reason: string) => new AppError(ConfigExportErrorKeys.invalidFile, 400, { reason });

/** The export's zip: the document as config.json, as a stream. */
export function configZip(document: unknown): Readable {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8'), CONFIG_DOCUMENT_NAME);
  zip.end();
  return zip.outputStream as Readable;
}

/**
 * The JSON an uploaded zip holds as config.json, read within the bulk import's limits (decision
 * 0057: no entry climbing out, at most 10,000 entries, no entry compressed past 100:1, none
 * encrypted) and at most 20 MB inflated; anything else 400 `error.configImport.invalidFile`.
 */
export async function readConfigZip(upload: Buffer): Promise<unknown> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-config-'));
  try {
    const path = join(dir, 'upload.zip');
    await writeFile(path, upload);
    const { zip, entries } = await openCheckedZip(path).catch((err) => {
      throw err instanceof ZipRefused ? invalidFile(err.message) : err;
    });
    try {
      const entry = entries.find((e) => e.fileName === CONFIG_DOCUMENT_NAME);
      if (!entry) throw invalidFile(`The zip holds no ${CONFIG_DOCUMENT_NAME}.`);
      if (entry.uncompressedSize > DOCUMENT_MAX_BYTES) throw invalidFile(`${CONFIG_DOCUMENT_NAME} is larger than 20 MB.`);
      const bytes = await buffer(await openEntry(zip, entry)).catch((err: Error) => {
        throw invalidFile(`${CONFIG_DOCUMENT_NAME} cannot be read: ${err.message}.`);
      });
      try {
        return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        throw invalidFile(`${CONFIG_DOCUMENT_NAME} is not JSON in UTF-8.`);
      }
    } finally {
      zip.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
