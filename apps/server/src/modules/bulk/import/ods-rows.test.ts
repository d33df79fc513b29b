import { describe, expect, it } from 'vitest';
import { neutralised, workbookOf } from '../bulk-sheet.js';
import { odsRecords } from './ods-rows.js';
import { LAUGHS, readAll, spoiled, zipParts } from './sheet-test-support.js';
import { SheetUnreadable } from './txt-rows.js';

/** ODS sheets read by our own streaming reader (decision 0057): displayed text, the first table, repeats within limits. */
const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';
const ods = (tables: string, prolog = '') =>
  zipParts({
    mimetype: 'application/vnd.oasis.opendocument.spreadsheet',
    'content.xml': `<?xml version="1.0" encoding="UTF-8"?>${prolog}<office:document-content ${NS}><office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`,
  });
const table = (rows: string) => `<table:table table:name="T">${rows}</table:table>`;
const cell = (text: string, attrs = '') =>
  `<table:table-cell office:value-type="string"${attrs}><text:p>${text}</text:p></table:table-cell>`;

describe('odsRecords', () => {
  it("reads the export's ODS cell for cell", async () => {
    const rows = [
      ['Key code', 'Label [label]', 'Notes [notes]'],
      ['000123', 'say "hello", "world"', 'Ωμέγα 日本語 Привет'],
      ['C-rtl', 'שלום עולם مرحبا', 'two\nlines'],
      ['-D', '=HYPERLINK("http://evil.example","x")', 'a  b   c'],
      ['E', '', 'tab\there & <tag>'],
    ];
    const bytes = workbookOf(
      rows.map((r) => r.map(neutralised)),
      'ODS',
      'Products',
    );
    expect(await readAll(odsRecords, bytes)).toEqual(rows);
  });

  it('expands repeated columns and rows, drops trailing repeats, reads spaces, tabs, line breaks and paragraphs, leaves comments out', async () => {
    const rows = [
      `<table:table-row>${cell('A', ' table:number-columns-repeated="2"')}<table:table-cell table:number-columns-repeated="2"/>${cell('B')}<table:table-cell table:number-columns-repeated="16000"/></table:table-row>`,
      '<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>',
      `<table:table-row table:number-rows-repeated="2">${cell('x<text:s/>y<text:s text:c="3"/>z<text:tab/>t<text:line-break/>u')}<table:table-cell><text:p>one</text:p><text:p>two</text:p><office:annotation><text:p>a comment</text:p></office:annotation></table:table-cell></table:table-row>`,
      `<table:table-row><table:table-cell office:value-type="float" office:value="42" table:formula="of:=40+2"><text:p>0042</text:p></table:table-cell><table:covered-table-cell/>${cell('<text:span>sp</text:span>an')}</table:table-row>`,
      '<table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>',
    ].join('');
    const records = await readAll(odsRecords, ods(table(rows) + table(`<table:table-row>${cell('other table')}</table:table-row>`)), 31);
    expect(records).toEqual([
      ['A', 'A', '', '', 'B'],
      [],
      [],
      ['x y   z\tt\nu', 'one\ntwo'],
      ['x y   z\tt\nu', 'one\ntwo'],
      ['0042', '', 'span'],
    ]);
  });

  it.each([
    ['a DOCTYPE', ods(table(`<table:table-row>${cell('a')}</table:table-row>`), '<!DOCTYPE x>'), /DOCTYPE/],
    ['a billion-laughs attempt', ods(table(`<table:table-row>${cell('&lol3;')}</table:table-row>`), LAUGHS), /DOCTYPE/],
    [
      'a column repeat past 16,384',
      ods(table(`<table:table-row>${cell('a', ' table:number-columns-repeated="16385"')}</table:table-row>`)),
      /more than 16384/,
    ],
    [
      'a row repeat past 1,048,576',
      ods(table(`<table:table-row table:number-rows-repeated="2000000">${cell('a')}</table:table-row>`)),
      /more than 1048576/,
    ],
    [
      'a repeat bomb (a full row repeated a million times)',
      ods(
        table(
          `<table:table-row table:number-rows-repeated="1000000">${cell('a', ' table:number-columns-repeated="16384"')}</table:table-row>`,
        ),
      ),
      /more than 50000000 cells/,
    ],
    ['a bad repeat', ods(table(`<table:table-row table:number-rows-repeated="-1">${cell('a')}</table:table-row>`)), /bad row repeat/],
    ['no content.xml', zipParts({ mimetype: 'x' }), /no content.xml/],
    ['a bomb inside the sheet', zipParts({ 'content.xml': new Uint8Array(8 * 1024 * 1024) }), /100:1/],
    ['a corrupt content.xml', spoiled({ 'content.xml': `<x>${'<y/>'.repeat(500)}</x>` }, 'content.xml'), /cannot be read/],
  ])('refuses %s', async (_name, bytes, reason) => {
    const read = readAll(odsRecords, bytes);
    await expect(read).rejects.toBeInstanceOf(SheetUnreadable);
    await expect(read).rejects.toThrow(reason);
  });
});
