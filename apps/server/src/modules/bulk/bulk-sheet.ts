import type { BulkFileFormat } from '@vellum/contract';
import { Zip, ZipDeflate } from 'fflate';
import * as XLSX from 'xlsx';

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

/** An XLS or ODS workbook of one sheet of text cells (SheetJS builds it whole in memory: decision 0056). */
export function workbookOf(rows: readonly (readonly string[])[], format: Exclude<BulkFileFormat, 'TXT'>, sheetName: string): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((r) => [...r]));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: format === 'XLS' ? 'biff8' : 'ods' }) as Uint8Array;
}

/**
 * A zip of one entry named `name` whose bytes come from `chunks`, deflated as they arrive: the
 * consumer pulls, so no more than a chunk and its deflated bytes are held at a time.
 */
export async function* zipOf(name: string, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else out.push(data);
  });
  const entry = new ZipDeflate(name, { level: 6 });
  zip.add(entry);
  for await (const chunk of chunks) {
    entry.push(chunk);
    if (failure) throw failure;
    yield* out.splice(0);
  }
  entry.push(new Uint8Array(0), true);
  zip.end();
  if (failure) throw failure;
  yield* out.splice(0);
}
