import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { odsBytesOf, odsOf, withHeader } from './bulk-ods.js';
import { neutralised } from './bulk-sheet.js';
import { readWorkbook } from './bulk-sheet.test-support.js';
import { odsRecords } from './import/ods-rows.js';
import { readAll } from './import/sheet-test-support.js';

/** The streamed ODS writer of the exports (decision 0067). */
describe('odsOf', () => {
  const ROWS = [
    ['Key code', 'Label [label]', 'Notes [notes]'],
    ['000123', 'say "hello", "world"', 'Ωμέγα 日本語 Привет'],
    ['C-rtl', 'שלום עולם مرحبا', 'two\nlines'],
    ['-D', '=HYPERLINK("http://evil.example","x")', 'a  b   c'],
    ['E', '', "tab\there & <tag> 'quoted'"],
    [' lead', 'trail  ', 'cr\r\nlf\r'],
    ['+1 555', '@SUM(A1)', '   '],
  ];

  it('writes cells the importer reads back as written, formula-like cells neutralised as in every export', async () => {
    const bytes = await odsBytesOf([
      { name: 'Products', pages: [ROWS.slice(0, 3).map((r) => r.map(neutralised)), ROWS.slice(3).map((r) => r.map(neutralised))] },
    ]);
    expect(await readAll(odsRecords, bytes)).toEqual(ROWS);
    // neutralised in the file itself: a spreadsheet shows the leading '
    const content = strFromU8(unzipSync(bytes)['content.xml'] as Uint8Array);
    expect(content).toContain("<text:p>'=HYPERLINK(&quot;http://evil.example&quot;,&quot;x&quot;)</text:p>");
    expect(content).toContain("<text:p>'-D</text:p>");
  });

  it('is a package a spreadsheet application opens: mimetype first, stored, sizes in its header, no extra field; a manifest', async () => {
    const bytes = await odsBytesOf([{ name: 'Products', pages: [ROWS] }]);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(6, true) & 0x08).toBe(0); // no data descriptor (LibreOffice refuses one on a stored entry)
    expect(view.getUint16(8, true)).toBe(0); // stored
    expect(view.getUint32(18, true)).toBe(46); // compressed size, known
    expect(view.getUint16(28, true)).toBe(0); // no extra field
    expect(strFromU8(bytes.subarray(30, 38))).toBe('mimetype');
    expect(strFromU8(bytes.subarray(38, 84))).toBe('application/vnd.oasis.opendocument.spreadsheet');
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(['mimetype', 'META-INF/manifest.xml', 'meta.xml', 'styles.xml', 'content.xml']);
    for (const name of ['content.xml', 'styles.xml', 'meta.xml']) {
      expect(strFromU8(files['META-INF/manifest.xml'] as Uint8Array)).toContain(`manifest:full-path="${name}"`);
    }
  });

  it('writes several sheets that another reader (SheetJS) reads too, control characters XML cannot hold replaced', async () => {
    const bytes = await odsBytesOf([
      { name: 'Documents: all [1]', pages: withHeader(['A', 'B'], [[['007', 'x\u0001y']], [['', 'z']]]) },
      { name: 'Columns', pages: [[['Column', 'Explanation']]] },
      { name: 'Empty', pages: [] },
    ]);
    const { names, sheets } = readWorkbook(bytes);
    expect(names).toEqual(['Documents_ all _1_', 'Columns', 'Empty']);
    expect(sheets['Documents_ all _1_']).toEqual([
      ['A', 'B'],
      ['007', 'x\uFFFDy'],
      ['', 'z'],
    ]);
    expect(sheets.Columns).toEqual([['Column', 'Explanation']]);
  });

  it('pulls the rows as its bytes are read, and stops reading them when its reader stops', async () => {
    let pulled = 0;
    let closed = false;
    async function* pages() {
      try {
        for (let p = 0; p < 1_000; p++) {
          pulled++;
          yield Array.from({ length: 100 }, (_, i) => [`P-${p}-${i}`, `${Math.random()}`, 'x'.repeat(40)]);
        }
      } finally {
        closed = true;
      }
    }
    for await (const chunk of odsOf([{ name: 'Big', pages: pages() }])) {
      expect(chunk.length).toBeGreaterThan(0);
      if (pulled > 20) break;
    }
    expect(pulled).toBeLessThan(100);
    await new Promise((r) => setTimeout(r, 10));
    expect(closed).toBe(true);
  });

  it('ends with the error of the rows it reads', async () => {
    async function* pages() {
      yield [['a']];
      throw new Error('the database went away');
    }
    await expect(odsBytesOf([{ name: 'Broken', pages: pages() }])).rejects.toThrow('the database went away');
  });
});
