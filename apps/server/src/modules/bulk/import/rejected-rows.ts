import { neutralised, txtLine, workbookFile } from '../bulk-sheet.js';
import type { RowErrorValues } from '../bulk-upload.repo.js';
import type { SheetImportOutcome } from './import-job.js';

/** The most of a cell's value an error keeps. */
export const VALUE_MAX = 200;

/** A row's error on a column of the sheet's header (its value kept, its params flattened to text and numbers). */
export function cellError(
  header: readonly string[],
  row: number,
  cells: readonly string[],
  column: number | null,
  message: string,
  params?: Record<string, unknown>,
): RowErrorValues {
  const flat: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {})) {
    if (typeof v === 'string' || typeof v === 'number') flat[k] = v;
    else if (v !== undefined && v !== null) flat[k] = JSON.stringify(v);
  }
  return {
    row,
    column: column === null || column < 0 ? null : (header[column] ?? null),
    message,
    params: Object.keys(flat).length > 0 ? flat : undefined,
    value: column === null || column < 0 ? null : (cells[column] ?? '').slice(0, VALUE_MAX),
  };
}

/** Counts a row as rejected, with its errors and its cells for the rejected-rows file. */
export function rejectRow(out: SheetImportOutcome, row: number, cells: string[], errors: RowErrorValues[]): void {
  out.rejected++;
  out.errors.push(...errors);
  out.rejectedRows.push({ cells, messages: errors.map((e) => `${e.column ?? `Row ${row}`}: ${e.message}`) });
}

/** The rejected rows as a sheet of the upload's format: the header and the rows as read, with an Error column. */
export async function rejectedRowsSheet(
  header: readonly string[],
  out: SheetImportOutcome,
  format: 'TXT' | 'XLS' | 'ODS',
): Promise<Buffer> {
  const rows = [[...header, 'Error'].map(neutralised)];
  for (const r of out.rejectedRows) {
    const cells = Array.from({ length: header.length }, (_, i) => r.cells[i] ?? '');
    rows.push([...cells, r.messages.join('\n')].map(neutralised));
  }
  if (format !== 'TXT') return Buffer.from(await workbookFile([{ name: 'Rejected rows', rows }], format));
  return Buffer.from(rows.map(txtLine).join(''), 'utf8');
}
