import type { Readable } from 'node:stream';
import { odsRecords } from './ods-rows.js';
import { txtRecords } from './txt-rows.js';
import { xlsRecords } from './xls-rows.js';
import { xlsxRecords } from './xlsx-rows.js';
import { type SheetExtension, ZipRefused } from './zip-sheet.js';

/** A comment line of the template (decision 0058): its first cell starts with #. */
export const isComment = (cells: string[]) => cells[0]?.startsWith('#') === true;
/** A row without a value in any cell. */
export const isEmpty = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * The reader of a sheet by its extension (decision 0057): TXT/TSV by csv-parse, XLSX and ODS by
 * our own streaming readers, XLS (BIFF8) by SheetJS 0.20.3, read whole within its bound (decision
 * 0061). CSV is refused (its separator and encoding would be guesses).
 */
export function sheetRecords(sheet: {
  name: string;
  extension: SheetExtension;
  open(): Promise<Readable>;
}): () => Promise<AsyncIterable<string[]>> {
  const reader =
    sheet.extension === 'xlsx' ? xlsxRecords : sheet.extension === 'ods' ? odsRecords : sheet.extension === 'xls' ? xlsRecords : txtRecords;
  if (sheet.extension === 'csv')
    throw new ZipRefused(`The sheet "${sheet.name}" is a CSV file: save it as .xls, .xlsx, .ods or tab-separated .txt.`);
  return async () => reader(await sheet.open());
}
