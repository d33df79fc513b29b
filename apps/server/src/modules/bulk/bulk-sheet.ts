import * as XLSX from '@e965/xlsx';
import type { BulkFileFormat } from '@vellum/contract';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

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

/** A sheet's name as XLS and ODS allow it: at most 31 characters, none of \\ / ? * [ ] :. */
const sheetNameOf = (name: string) => name.slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'Sheet1';

/**
 * An XLS or ODS workbook of text cells, its sheets in order (SheetJS builds it whole in memory:
 * decision 0056). XLS text goes to the shared string table (`bookSST`): a LABEL record would cut a
 * cell at 255 characters, a shared string holds up to 32,767.
 */
export function workbookOfSheets(sheets: readonly WorkbookSheet[], format: Exclude<BulkFileFormat, 'TXT'>): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const s of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(s.rows.map((r) => [...r])), sheetNameOf(s.name));
  return XLSX.write(book, { type: 'buffer', bookType: format === 'XLS' ? 'biff8' : 'ods', bookSST: format === 'XLS' }) as Uint8Array;
}

/** An XLS or ODS workbook of one sheet of text cells. */
export function workbookOf(rows: readonly (readonly string[])[], format: Exclude<BulkFileFormat, 'TXT'>, sheetName: string): Uint8Array {
  return workbookOfSheets([{ name: sheetName, rows }], format);
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
