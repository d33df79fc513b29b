import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { neutralised, workbookOf, workbookOfSheets } from '../bulk-sheet.js';
import { readAll } from './sheet-test-support.js';
import { SheetUnreadable } from './txt-rows.js';
import { XLS_LIMITS, xlsRecords } from './xls-rows.js';
import { xlsxRecords } from './xlsx-rows.js';

/** XLS (BIFF8) sheets read by SheetJS 0.20.3 for their values (decision 0061). */

/** A one-sheet workbook of the given cells, written as `bookType`. */
function bookOf(cells: Record<string, XLSX.CellObject>, ref: string, bookType: 'biff8' | 'xlsx'): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, { ...cells, '!ref': ref } as XLSX.WorkSheet, 'Sheet');
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType, bookSST: true }) as Buffer);
}

const origin = XLS_LIMITS.maxBytes;
afterEach(() => {
  XLS_LIMITS.maxBytes = origin;
});

describe('xlsRecords', () => {
  it("reads the export's XLS cell for cell: leading zeros, tabs, quotes, line breaks, non-Latin and RTL text, long cells", async () => {
    const rows = [
      ['Key code', 'Label [label]', 'Notes [notes]'],
      ['000123', 'say "hello", "world"', 'Ωμέγα 日本語 Привет'],
      ['C-rtl', 'שלום עולם مرحبا', 'two\nlines\r\nthree'],
      ['-D', '=HYPERLINK("http://evil.example","x")', 'tab\there & <tag>'],
      ['E', '', 'x'.repeat(1000)],
    ];
    const bytes = workbookOf(
      rows.map((r) => r.map(neutralised)),
      'XLS',
      'Products',
    );
    expect(await readAll(xlsRecords, bytes)).toEqual(rows);
  });

  it('reads back every row the export writes, neutralised cells included (the TXT and ODS property, in XLS)', async () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }).filter((c) => !/^'[=+\-@\t\r]/.test(c)),
      fc.constantFrom('before\tafter', 'say "hi"', 'a\nb\r\nc', '=1+2', '-5', '+x', '@y', '000123', 'שלום', 'مرحبا'),
    );
    const row = fc.tuple(fc.stringMatching(/^[A-Za-z0-9-]{1,8}$/), fc.array(cell, { maxLength: 4 })).map(([k, rest]) => [k, ...rest]);
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 5 }), async (rows) => {
        const bytes = workbookOf(
          rows.map((r) => r.map(neutralised)),
          'XLS',
          'Products',
        );
        // trailing empty cells are dropped, as every reader does
        const expected = rows.map((r) => {
          const out = [...r];
          while (out.length > 0 && out[out.length - 1] === '') out.pop();
          return out;
        });
        expect(await readAll(xlsRecords, bytes, 4096)).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('gives the same strings as the XLSX reader for the same cells: text, numbers, dates, booleans, errors, gaps', async () => {
    const cells: Record<string, XLSX.CellObject> = {
      A1: { t: 's', v: '0042' },
      B1: { t: 'n', v: 42 },
      C1: { t: 'n', v: 1.5 },
      D1: { t: 'n', v: 45000, z: 'yyyy-mm-dd' },
      E1: { t: 'b', v: true },
      F1: { t: 'b', v: false },
      G1: { t: 'e', v: 0x2a },
      H1: { t: 'n', v: -0.25 },
      B3: { t: 's', v: 'after a gap' },
    };
    const xls = await readAll(xlsRecords, bookOf(cells, 'A1:H3', 'biff8'));
    const xlsx = await readAll(xlsxRecords, bookOf(cells, 'A1:H3', 'xlsx'));
    expect(xls).toEqual([['0042', '42', '1.5', '45000', '1', '0', '#N/A', '-0.25'], [], ['', 'after a gap']]);
    expect(xls).toEqual(xlsx);
  });

  it("takes a formula's cached value and never evaluates it", async () => {
    // =1+2 (its CellParsedFormula: cce 7, then PtgInt 1, PtgInt 2, PtgAdd) whose cached value is 99: evaluating it would give 3
    const formula = { t: 'n', v: 99, bf: [7, 0, 0x1e, 1, 0, 0x1e, 2, 0, 0x03] } as unknown as XLSX.CellObject;
    const bytes = bookOf({ A1: { t: 's', v: 'F-1' }, B1: formula }, 'A1:B1', 'biff8');
    // the file does hold a formula there
    const parsed = XLSX.read(bytes, { type: 'array', cellFormula: true });
    expect(parsed.Sheets.Sheet?.B1?.f).toBe('1+2');
    expect(await readAll(xlsRecords, bytes)).toEqual([['F-1', '99']]);
  });

  it('reads the first sheet only (a template\'s "Columns" sheet is left alone)', async () => {
    const bytes = workbookOfSheets(
      [
        { name: 'Products', rows: [['Key code'], ['P-1']] },
        { name: 'Columns', rows: [['Column', 'Mandatory', 'Explanation']] },
      ],
      'XLS',
    );
    expect(await readAll(xlsRecords, bytes)).toEqual([['Key code'], ['P-1']]);
  });

  it.each([
    [
      'a file that is not a compound file (an HTML page named .xls)',
      new TextEncoder().encode('<table><tr><td>x</td></tr></table>'),
      /not an Excel 97–2003 workbook/,
    ],
    ['an empty file', new Uint8Array(0), /not an Excel 97–2003 workbook/],
    [
      'a corrupt compound file',
      (() => {
        const bytes = workbookOf([['Key code'], ['P-1']], 'XLS', 'Products');
        bytes.fill(0xff, 8, 1024);
        return bytes;
      })(),
      /cannot be read/,
    ],
  ])('refuses %s', async (_name, bytes, reason) => {
    const read = readAll(xlsRecords, bytes);
    await expect(read).rejects.toBeInstanceOf(SheetUnreadable);
    await expect(read).rejects.toThrow(reason);
  });

  it('refuses a sheet above its size limit before parsing it', async () => {
    const bytes = workbookOf([['Key code'], ...Array.from({ length: 200 }, (_, i) => [`P-${i}`])], 'XLS', 'Products');
    XLS_LIMITS.maxBytes = 4096;
    expect(bytes.length).toBeGreaterThan(4096);
    const read = readAll(xlsRecords, bytes);
    await expect(read).rejects.toBeInstanceOf(SheetUnreadable);
    await expect(read).rejects.toThrow(/The XLS sheet is larger than/);
  });
});
