import type { Readable } from 'node:stream';
import { odsRecords } from './ods-rows.js';
import { txtRecords } from './txt-rows.js';
import { xlsxRecords } from './xlsx-rows.js';
import { type SheetExtension, ZipRefused } from './zip-sheet.js';

/**
 * The reader of a sheet by its extension (decision 0057): TXT/TSV by csv-parse, XLSX and ODS by
 * our own streaming readers. An XLS (BIFF8) sheet is refused: the only reader we have for it is
 * SheetJS's, which must never read an uploaded file.
 */
export function sheetRecords(sheet: {
  name: string;
  extension: SheetExtension;
  open(): Promise<Readable>;
}): () => Promise<AsyncIterable<string[]>> {
  const reader =
    sheet.extension === 'xlsx' ? xlsxRecords : sheet.extension === 'ods' ? odsRecords : sheet.extension === 'xls' ? undefined : txtRecords;
  if (sheet.extension === 'csv')
    throw new ZipRefused(`The sheet "${sheet.name}" is a CSV file: save it as .xlsx, .ods or tab-separated .txt.`);
  if (!reader)
    throw new ZipRefused(
      `The sheet "${sheet.name}" is an XLS (Excel 97–2003) file, which cannot be imported: save it as .xlsx, .ods or tab-separated .txt.`,
    );
  return async () => reader(await sheet.open());
}
