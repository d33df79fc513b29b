import type { DocumentDownload } from '@vellum/contract';
import { saveBlob } from '../../api/saveBlob';

/** The CSV columns: header and value of each record. */
const COLUMNS: [string, (d: DocumentDownload) => string | number | null][] = [
  ['timestamp', (d) => d.at],
  ['country', (d) => d.country],
  ['language', (d) => d.language],
  ['audience', (d) => d.audience],
  ['product type', (d) => d.productTypeName],
  ['key code', (d) => d.keyCode],
  ['document number', (d) => d.documentNumber],
  ['document name', (d) => d.documentName],
  ['file number', (d) => d.fileId],
  ['file name', (d) => d.fileName],
  ['version', (d) => d.version],
  ['version date', (d) => d.versionDate],
  ['publication', (d) => d.publicationNumber],
];

/**
 * One cell: quoted when it holds a separator, a quote or a line break (RFC 4180); a text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is prefixed with a
 * quote mark, since key codes and names come from the manufacturer's data.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The records as CSV text: a header line, one line per record, CRLF line ends. */
export function downloadsCsv(records: DocumentDownload[]): string {
  const lines = [COLUMNS.map(([h]) => h).join(',')];
  for (const r of records) lines.push(COLUMNS.map(([, value]) => csvCell(value(r))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a file download. */
export function saveCsv(text: string, fileName: string): void {
  // the byte order mark lets spreadsheet programs read the names as UTF-8
  saveBlob(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), fileName);
}
