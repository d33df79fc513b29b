import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import type { BulkFileFormat } from '@vellum/contract';
import { ZipFile } from 'yazl';
import { odsBytesOf, odsOf, sheetNameOf, withHeader } from './bulk-ods.js';

/**
 * The sheets of bulk exports (decision 0056). Every cell is text, written as stored (leading
 * zeros, non-Latin and right-to-left text kept), except that a cell a spreadsheet would read as a
 * formula or a command — one starting with `=`, `+`, `-`, `@`, a tab or a carriage return — gets
 * a leading `'` (OWASP's CSV-injection advice), in every format.
 */
export function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * One TXT line: cells separated by tabs, a cell holding a tab, a quote, a carriage return or a
 * line feed enclosed in double quotes with its quotes doubled (RFC 4180's rules with a tab for
 * the comma), lines ended by CRLF; UTF-8 without a byte-order mark.
 */
export function txtLine(cells: readonly string[]): string {
  return `${cells.map((c) => (/[\t"\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join('\t')}\r\n`;
}

/** The most rows an XLS (BIFF8) sheet holds, the header included. */
export const XLS_MAX_ROWS = 65_536;

/** One sheet of a workbook: its name and its rows of text cells. */
export interface WorkbookSheet {
  name: string;
  rows: readonly (readonly string[])[];
}

/**
 * An XLS or ODS workbook of text cells, its sheets in order (SheetJS builds it whole in memory:
 * decision 0056). The server writes its ODS files with its own streamed writer (`bulk-ods.ts`,
 * decision 0067); SheetJS's ODS stands for another application's file in tests. XLS text goes to the shared string table (`bookSST`): a LABEL record would cut a
 * cell at 255 characters, a shared string holds up to 32,767.
 */
export function workbookOfSheets(sheets: readonly WorkbookSheet[], format: Exclude<BulkFileFormat, 'TXT'>): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const s of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(s.rows.map((r) => [...r])), sheetNameOf(s.name));
  return XLSX.write(book, { type: 'buffer', bookType: format === 'XLS' ? 'biff8' : 'ods', bookSST: format === 'XLS' }) as Uint8Array;
}

/**
 * The file of a workbook the server writes whole (a template, a rejected-rows file): XLS by SheetJS,
 * ODS by the exports' streamed writer (decision 0067).
 */
export async function workbookFile(sheets: readonly WorkbookSheet[], format: Exclude<BulkFileFormat, 'TXT'>): Promise<Uint8Array> {
  if (format === 'XLS') return workbookOfSheets(sheets, 'XLS');
  return odsBytesOf(sheets.map((s) => ({ name: s.name, pages: [s.rows] })));
}

/** An XLS or ODS workbook of one sheet of text cells. */
export function workbookOf(rows: readonly (readonly string[])[], format: Exclude<BulkFileFormat, 'TXT'>, sheetName: string): Uint8Array {
  return workbookOfSheets([{ name: sheetName, rows }], format);
}

const encoder = new TextEncoder();

/**
 * An export's sheet in its format from its header and its rows a page at a time (decisions 0056,
 * 0067): TXT and ODS written as the pages come, XLS built whole (at most 65,535 rows, `noun`
 * names them in the refusal). The cells come neutralised.
 */
export async function* sheetBytes(
  format: BulkFileFormat,
  sheet: { name: string; header: readonly string[]; pages: AsyncIterable<readonly (readonly string[])[]>; noun: string },
): AsyncGenerator<Uint8Array> {
  if (format === 'TXT') {
    yield encoder.encode(txtLine(sheet.header));
    for await (const page of sheet.pages) yield encoder.encode(page.map(txtLine).join(''));
    return;
  }
  if (format === 'ODS') {
    yield* odsOf([{ name: sheet.name, pages: withHeader(sheet.header, sheet.pages) }]);
    return;
  }
  const all: (readonly string[])[] = [sheet.header];
  for await (const page of sheet.pages) {
    if (all.length + page.length > XLS_MAX_ROWS)
      throw new Error(`An XLS sheet holds at most ${XLS_MAX_ROWS - 1} ${sheet.noun}; export as TXT or ODS.`);
    all.push(...page);
  }
  yield workbookOf(all, 'XLS', sheet.name);
}

/** An entry of a zip: its path and its bytes as they come; `stored` entries are not compressed (binaries, decision 0058). */
export interface ZipEntry {
  name: string;
  chunks: AsyncIterable<Uint8Array>;
  stored?: boolean;
}

/**
 * A zip of the entries, one after the other, each entry's bytes deflated (or stored) as they
 * arrive: the consumer pulls (yazl's streams apply back-pressure), so no more than a chunk and its
 * zipped bytes are held at a time, whatever the entries' sizes. yazl writes Zip64 records where an
 * entry or an offset passes 4 GiB, so an export of many binaries has no size limit of the format
 * (decision 0058's 4 GiB limit is gone). The next entry is taken from `entries` only once the bytes
 * of the one before are read, so a storage stream is opened when its bytes are wanted. An error in
 * `entries` or in an entry's bytes ends the zip with that error.
 */
export async function* zipEntries(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const opened: Readable[] = [];
  const fail = (err: unknown) => output.destroy(err instanceof Error ? err : new Error(String(err)));
  zip.on('error', fail);
  const mtime = new Date();
  // adds the entries one at a time: the next is taken once the bytes of the one before are read
  // (an export's sheet names the binaries that follow it while it is written)
  const adding = (async () => {
    for await (const e of entries) {
      await new Promise<void>((read) => {
        zip.addReadStreamLazy(
          e.name,
          e.stored ? { compress: false, mtime, forceDosTimestamp: true } : { compressionLevel: 6, mtime, forceDosTimestamp: true },
          (give) => {
            const bytes = Readable.from(e.chunks, { objectMode: false });
            bytes.on('error', fail);
            bytes.on('close', () => read());
            opened.push(bytes);
            give(null, bytes);
          },
        );
      });
    }
    zip.end();
  })();
  adding.catch(fail);
  try {
    for await (const chunk of output) yield chunk as Buffer;
    await adding;
  } finally {
    // the consumer stopped early or an entry failed: stop reading the entries
    for (const bytes of opened) bytes.destroy();
    output.destroy();
  }
}

/** A zip of one entry named `name` whose bytes come from `chunks`, deflated as they arrive. */
export function zipOf(name: string, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  return zipEntries([{ name, chunks }]);
}
