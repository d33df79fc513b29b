import type { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { XLS_MAX_ROWS } from '../bulk-sheet.js';
import { RowAssembler } from './sheet-xml.js';
import { SheetUnreadable } from './txt-rows.js';

/**
 * The bounds of an XLS sheet (decision 0061): it is read whole in memory (its compound file needs
 * random access), so an `.xls` above `maxBytes` is refused; BIFF8 itself holds at most 65,536 rows.
 */
export const XLS_LIMITS = { maxBytes: 64 * 1024 * 1024, maxRows: XLS_MAX_ROWS };

/** The first bytes of an OLE compound file, the container of every Excel 97–2003 workbook. */
const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** BIFF8's error codes as Excel shows them (an XLSX sheet holds that text in its `<v>`). */
const ERRORS: Record<number, string> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
  43: '#GETTING_DATA',
};

/**
 * A cell's value as the XLSX reader gives the same cell: text as it is, a number as its decimal
 * text (no format applied: a date is its serial number), a boolean `1` or `0`, an error its code.
 */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v);
    case 'n':
      return typeof cell.v === 'number' && Number.isFinite(cell.v) ? String(cell.v) : '';
    case 'b':
      return cell.v ? '1' : '0';
    case 'e':
      return typeof cell.v === 'number' ? (ERRORS[cell.v] ?? '#N/A') : String(cell.v);
    default:
      return ''; // 'z' (blank), and 'd' is never made (cellDates is off)
  }
}

/** The sheet's bytes, refused as soon as they pass the limit. */
async function bytesOf(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      size += (chunk as Buffer).length;
      if (size > XLS_LIMITS.maxBytes)
        throw new SheetUnreadable(
          `The XLS sheet is larger than ${XLS_LIMITS.maxBytes / (1024 * 1024)} MB, the most an XLS sheet is read to: save it as .xlsx, .ods or tab-separated .txt.`,
        );
      chunks.push(chunk as Buffer);
    }
  } finally {
    source.destroy();
  }
  return Buffer.concat(chunks, size);
}

/**
 * The records of an XLS (BIFF8, Excel 97–2003) sheet (decision 0061), as `txtRecords` and
 * `xlsxRecords` yield them, read by SheetJS (0.20.3, the build with its reading advisories
 * fixed). The file is read whole (at most 64 MB) and must be a compound file (a `.xls` that is an
 * HTML page or text is refused rather than guessed at); only the FIRST sheet is parsed (the
 * template's second sheet `Columns` is not read). Values only: a formula's cached value is taken,
 * never evaluated; no number format is applied, so a number reads as its decimal text and a date as
 * its serial number, as in XLSX; a text cell keeps its leading zeros.
 */
export async function* xlsRecords(source: Readable): AsyncGenerator<string[]> {
  const bytes = await bytesOf(source);
  if (bytes.length < CFB_SIGNATURE.length || !bytes.subarray(0, CFB_SIGNATURE.length).equals(CFB_SIGNATURE))
    throw new SheetUnreadable('The XLS sheet is not an Excel 97–2003 workbook: save it as .xlsx, .ods or tab-separated .txt.');
  let sheet: XLSX.WorkSheet | undefined;
  try {
    const book = XLSX.read(bytes, {
      type: 'buffer',
      sheets: 0,
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellNF: false,
      cellDates: false,
      cellStyles: false,
      bookVBA: false,
      bookDeps: false,
      sheetStubs: false,
      WTF: false,
    });
    const name = book.SheetNames[0];
    sheet = name === undefined ? undefined : book.Sheets[name];
  } catch (err) {
    throw new SheetUnreadable(`The XLS sheet cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!sheet) throw new SheetUnreadable('The XLS workbook holds no sheet.');
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  if (data.length > XLS_LIMITS.maxRows) throw new SheetUnreadable(`The XLS sheet has more than ${XLS_LIMITS.maxRows} rows: it is refused.`);
  const out: string[][] = [];
  const rows = new RowAssembler((record) => out.push(record));
  for (let r = 0; r < data.length; r++) {
    const cells = data[r];
    if (!cells) continue;
    rows.skipTo(r + 1);
    const values: string[] = [];
    for (let c = 0; c < cells.length; c++) values.push(cellText(cells[c]));
    rows.row(values);
    yield* out.splice(0);
  }
}
