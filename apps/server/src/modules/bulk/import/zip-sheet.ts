import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** A zip the import refuses, with the reason its log gives. */
export class ZipRefused extends Error {}

/** The limits a bulk zip is read within (decision 0057): beyond them it is refused, nothing read. */
export const ZIP_LIMITS = {
  /** Entries in the central directory. */
  maxEntries: 10_000,
  /** Uncompressed bytes of every entry together. */
  maxTotalBytes: 4 * 1024 * 1024 * 1024,
  /** Uncompressed to compressed bytes of one entry, checked for entries above 1 MB. */
  maxRatio: 100,
};
const RATIO_FROM_BYTES = 1024 * 1024;

/** The sheet formats an import recognises by extension; TXT, XLS, XLSX and ODS are read, CSV is refused (decisions 0057, 0061). */
const SHEET_EXTENSIONS = ['txt', 'tsv', 'csv', 'xls', 'xlsx', 'ods'] as const;
export type SheetExtension = (typeof SHEET_EXTENSIONS)[number];

export interface ZipSheet {
  name: string;
  extension: SheetExtension;
  /** The sheet's bytes, inflated as they are read (yauzl checks they are as many as the directory says). */
  open(): Promise<Readable>;
  /**
   * Another entry of the zip by its exact path (a document's binary, decision 0062): its size as
   * the zip's directory gives it and a stream of its bytes; undefined when the zip has no such file.
   */
  entry(path: string): { size: number; open(): Promise<Readable> } | undefined;
  close(): Promise<void>;
}

const isJunk = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(name);

/** A name that climbs out of the zip or is absolute (yauzl refuses these too; checked again here, explicitly). */
export function unsafeEntryName(name: string): boolean {
  return name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.includes('\\') || name.split('/').some((part) => part === '..');
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true }, (err, zip) => {
      if (err || !zip) reject(new ZipRefused(`The file is not a readable zip (${err?.message ?? 'no entries'}).`));
      else resolve(zip);
    });
  });
}

function entriesOf(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > ZIP_LIMITS.maxEntries) {
        reject(new ZipRefused(`The zip holds more than ${ZIP_LIMITS.maxEntries} entries.`));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (err: Error) => reject(new ZipRefused(`The zip cannot be read: ${err.message}.`)));
    zip.readEntry();
  });
}

/**
 * Opens a zip file with yauzl and reads its directory, refusing before any entry is read: an
 * entry that climbs out (`..`, absolute), too many entries, more than 4 GB uncompressed, a ratio
 * past 100:1 (a zip bomb), an encrypted entry. Used for the uploaded zip and for the zip an XLSX or
 * ODS sheet is (a bomb inside the sheet).
 */
export async function openCheckedZip(path: string): Promise<{ zip: ZipFile; entries: Entry[] }> {
  const zip = await openZip(path);
  try {
    const entries = await entriesOf(zip).catch((err) => {
      throw err instanceof ZipRefused ? err : new ZipRefused(`The zip cannot be read: ${(err as Error).message}.`);
    });
    let total = 0;
    for (const e of entries) {
      if (unsafeEntryName(e.fileName)) throw new ZipRefused(`The zip's entry "${e.fileName}" has a path outside the zip.`);
      if (e.isEncrypted()) throw new ZipRefused(`The zip's entry "${e.fileName}" is encrypted.`);
      total += e.uncompressedSize;
      if (total > ZIP_LIMITS.maxTotalBytes) throw new ZipRefused('The zip holds more than 4 GB once uncompressed.');
      if (e.uncompressedSize > RATIO_FROM_BYTES && e.uncompressedSize > ZIP_LIMITS.maxRatio * Math.max(e.compressedSize, 1)) {
        throw new ZipRefused(`The zip's entry "${e.fileName}" is compressed more than ${ZIP_LIMITS.maxRatio}:1 (a zip bomb?).`);
      }
    }
    return { zip, entries };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/** Opens an entry of an open zip as a stream (yauzl checks it inflates to as many bytes as the directory says). */
export function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err || !stream ? reject(err ?? new Error('no stream')) : resolve(stream)));
  });
}

/**
 * Copies a stored zip to a temporary file (the zip's directory is at its end, and S3 objects are
 * read as streams) and opens it with yauzl, refusing before any sheet is read: an entry that climbs
 * out (`..`, absolute), too many entries, more than 4 GB uncompressed, a ratio past 100:1 (a zip
 * bomb), an encrypted entry, and zero or several sheets. Answers the one sheet.
 */
export async function openZipSheet(source: NodeJS.ReadableStream): Promise<ZipSheet> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-import-'));
  let zip: ZipFile | undefined;
  const close = async () => {
    zip?.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const path = join(dir, 'upload.zip');
    await pipeline(source, createWriteStream(path));
    const checked = await openCheckedZip(path);
    zip = checked.zip;
    const sheets: Entry[] = [];
    for (const e of checked.entries) {
      if (isJunk(e.fileName)) continue;
      const extension = e.fileName.split('.').pop()?.toLowerCase() ?? '';
      if ((SHEET_EXTENSIONS as readonly string[]).includes(extension)) sheets.push(e);
    }
    if (sheets.length === 0) throw new ZipRefused('The zip holds no sheet (a .txt, .xls, .xlsx or .ods file).');
    if (sheets.length > 1)
      throw new ZipRefused(`The zip holds ${sheets.length} sheets (${sheets.map((s) => s.fileName).join(', ')}); it must hold one.`);
    const sheet = sheets[0] as Entry;
    const opened = zip;
    const files = new Map(checked.entries.filter((e) => !e.fileName.endsWith('/') && e !== sheet).map((e) => [e.fileName, e]));
    return {
      name: sheet.fileName,
      extension: sheet.fileName.split('.').pop()?.toLowerCase() as SheetExtension,
      open: () => openEntry(opened, sheet),
      entry: (path) => {
        const found = files.get(path);
        return found ? { size: found.uncompressedSize, open: () => openEntry(opened, found) } : undefined;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
