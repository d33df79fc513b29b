import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { neutralised } from '../bulk-sheet.js';
import { LAUGHS, readAll, spoiled, zipParts } from './sheet-test-support.js';
import { SheetUnreadable } from './txt-rows.js';
import { columnIndex, xlsxRecords } from './xlsx-rows.js';

/** XLSX sheets read by our own streaming reader (decision 0057): values only, the first sheet, within limits. */
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A hand-written workbook: two sheets, the first one (by the workbook's order) in `sheet2.xml`. */
function workbook(sheetData: string, sharedStrings?: string, prolog = '') {
  const parts: Record<string, string> = {
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?>${prolog}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="First" sheetId="2" r:id="rId7"/><sheet name="Second" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="x" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="x" Target="/xl/worksheets/sheet2.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>WRONG SHEET</t></is></c></row></sheetData></worksheet>`,
    'xl/worksheets/sheet2.xml': `<?xml version="1.0"?>${prolog}<worksheet xmlns="${MAIN}"><sheetData>${sheetData}</sheetData></worksheet>`,
  };
  if (sharedStrings !== undefined)
    parts['xl/sharedStrings.xml'] = `<?xml version="1.0"?>${prolog}<sst xmlns="${MAIN}">${sharedStrings}</sst>`;
  return zipParts(parts);
}

const written = (rows: string[][], bookSST: boolean) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Products');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['other']]), 'Help');
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST }) as Buffer);
};

describe('xlsxRecords', () => {
  it.each([true, false])('reads a sheet written by SheetJS cell for cell (shared strings: %s)', async (bookSST) => {
    const rows = [
      ['Key code', 'Label [label]', 'Notes [notes]'],
      ['000123', 'say "hello", "world"', 'Ωμέγα 日本語 Привет'],
      ['C-rtl', 'שלום עולם مرحبا', 'two\nlines'],
      ['-D', '=HYPERLINK("http://evil.example","x")', '  spaced  '],
      ['E', '', 'tab\there & <tag>'],
    ];
    expect(
      await readAll(
        xlsxRecords,
        written(
          rows.map((r) => r.map(neutralised)),
          bookSST,
        ),
      ),
    ).toEqual(rows.map((r) => (r.at(-1) === '' ? r.slice(0, -1) : r)));
  });

  it('joins rich text runs, leaves phonetic runs out, fills sparse cells and rows, takes cached formula values', async () => {
    const shared =
      '<si><t>plain</t></si><si><r><rPr><b/></rPr><t xml:space="preserve">rich </t></r><r><t>text</t></r><rPh><t>ふりがな</t></rPh></si><si><t>0042</t></si>';
    const data = [
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>',
      '<row r="3"><c r="B3" t="s"><v>2</v></c><c r="D3"><v>0042</v></c></row>',
      '<row r="4"><c r="A4"><f>1+1</f><v>2</v></c><c r="B4" t="str"><f>A1&amp;"x"</f><v>plainx</v></c><c r="C4"><f>NOW()</f></c><c r="D4" t="b"><v>1</v></c><c r="E4" t="e"><v>#DIV/0!</v></c></row>',
      '<row r="5"><c r="A5" t="inlineStr"><is><r><t>in</t></r><r><t>line</t></r></is></c><c r="AA5" t="inlineStr"><is><t>far</t></is></c></row>',
      '<row r="6"><c r="A6" s="1"/></row><row r="9"/>',
    ].join('');
    const rows = await readAll(xlsxRecords, workbook(data, shared), 13);
    expect(rows).toEqual([
      ['plain', '', 'rich text'],
      [],
      ['', '0042', '', '0042'],
      ['2', 'plainx', '', '1', '#DIV/0!'],
      ['inline', ...Array(25).fill(''), 'far'],
    ]);
  });

  it('column letters to indexes', () => {
    expect([columnIndex('A'), columnIndex('Z'), columnIndex('AA'), columnIndex('XFD')]).toEqual([0, 25, 26, 16_383]);
  });

  it.each([
    ['a DOCTYPE', workbook('<row r="1"><c r="A1"><v>1</v></c></row>', undefined, '<!DOCTYPE worksheet>'), /DOCTYPE/],
    ['a billion-laughs attempt', workbook('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', '<si><t>&lol3;</t></si>', LAUGHS), /DOCTYPE/],
    ['an undeclared entity', workbook('<row r="1"><c r="A1" t="inlineStr"><is><t>&lol;</t></is></c></row>'), /cannot be read/],
    ['a shared string it does not hold', workbook('<row r="1"><c r="A1" t="s"><v>5</v></c></row>', '<si><t>a</t></si>'), /shared string/],
    ['a cell beyond column XFD', workbook('<row r="1"><c r="XFE1"><v>1</v></c></row>'), /beyond column/],
    ['a row beyond the last', workbook('<row r="1048577"><c><v>1</v></c></row>'), /more than 1048576/],
    ['rows out of order', workbook('<row r="2"><c><v>1</v></c></row><row r="1"><c><v>1</v></c></row>'), /comes after/],
    ['not a zip', new TextEncoder().encode('not a zip'), /cannot be read as a workbook/],
    ['a zip without a workbook', zipParts({ 'a.xml': '<a/>' }), /no xl\/workbook.xml/],
    ['a bomb inside the sheet', zipParts({ 'xl/workbook.xml': new Uint8Array(8 * 1024 * 1024) }), /100:1/],
    [
      'a corrupt part',
      spoiled({ 'xl/workbook.xml': `<workbook xmlns="${MAIN}">${'<sheets/>'.repeat(200)}</workbook>` }, 'xl/workbook.xml'),
      /cannot be read/,
    ],
  ])('refuses %s', async (_name, bytes, reason) => {
    const read = readAll(xlsxRecords, bytes);
    await expect(read).rejects.toBeInstanceOf(SheetUnreadable);
    await expect(read).rejects.toThrow(reason);
  });
});
