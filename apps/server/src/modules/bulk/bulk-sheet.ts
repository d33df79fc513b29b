import * as XLSX from '@e965/xlsx';
import type { BulkFileFormat } from '@vellum/contract';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
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
 * The most bytes a zip may reach: fflate writes no Zip64, so every offset and size must stay under
 * 4 GiB; the margin leaves room for the central directory.
 */
export const ZIP_MAX_BYTES = 4 * 1024 ** 3 - 64 * 1024 ** 2;

/**
 * A zip of the entries, one after the other, each entry's bytes deflated (or stored) as they
 * arrive: the consumer pulls, so no more than a chunk and its zipped bytes are held at a time,
 * whatever the entries' sizes. Past `maxBytes` it fails rather than write a zip no reader opens.
 */
export async function* zipEntries(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  maxBytes = ZIP_MAX_BYTES,
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  let written = 0;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else out.push(data);
  });
  function* flush(): Generator<Uint8Array> {
    if (failure) throw failure;
    for (const part of out.splice(0)) {
      written += part.length;
      if (written > maxBytes) {
        throw new Error(`The zip would pass ${Math.floor(maxBytes / 1024 ** 2)} MB, the most a zip can hold here; export fewer files.`);
      }
      yield part;
    }
  }
  for await (const e of entries) {
    const entry = e.stored ? new ZipPassThrough(e.name) : new ZipDeflate(e.name, { level: 6 });
    zip.add(entry);
    for await (const chunk of e.chunks) {
      entry.push(chunk);
      yield* flush();
    }
    entry.push(new Uint8Array(0), true);
    yield* flush();
  }
  zip.end();
  yield* flush();
}

/** A zip of one entry named `name` whose bytes come from `chunks`, deflated as they arrive. */
export function zipOf(name: string, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  return zipEntries([{ name, chunks }]);
}
