import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { FILE_BINARY_KINDS } from '../modules/files/file-binaries.service.js';
import { demoPdf } from './demo-pdf.js';

const pdf = demoPdf({
  title: "Vita: Notice d'utilisation (rappel)",
  lines: ['Lisez attentivement cette notice avant utilisation.', 'Größe \\ œ — €'],
  language: 'fr',
});
const text = pdf.toString('latin1');

/** The byte offset at which each `n 0 obj` starts, as the cross-reference table lists them. */
function xrefOffsets(): number[] {
  const at = text.lastIndexOf('\nxref\n') + 1;
  const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(at)) ?? [];
  const entries = text
    .slice(at)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(
    entries.every((e) => e.length === 19 && /^\d{10} \d{5} [fn] $/.test(e)),
    'every entry is 20 bytes with its newline',
  ).toBe(true);
  return entries.slice(1).map((e) => Number(e.slice(0, 10)));
}

describe('the demo PDF', () => {
  it('is what the server takes for a PDF by content, and small', async () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const kind = await fileTypeFromBuffer(pdf);
    expect(FILE_BINARY_KINDS.map((k) => k.mediaType)).toContain(kind?.mime);
    expect(kind?.mime).toBe('application/pdf');
    expect(pdf.length).toBeGreaterThan(300);
    expect(pdf.length).toBeLessThan(4096);
  });

  it('has a cross-reference table that points at each object, and a trailer that points at the table', () => {
    const offsets = xrefOffsets();
    expect(offsets).toHaveLength(7);
    offsets.forEach((offset, i) => {
      expect(text.startsWith(`${i + 1} 0 obj\n`, offset), `object ${i + 1}`).toBe(true);
    });
    const [, startxref] = /startxref\n(\d+)\n%%EOF\n$/.exec(text) ?? [];
    expect(text.startsWith('xref\n', Number(startxref))).toBe(true);
    expect(text).toMatch(/trailer\n<< \/Size 8 \/Root 1 0 R \/Info 7 0 R >>/);
  });

  it("has a content stream of the length it declares, drawing the title and lines in the fonts' encoding", () => {
    const [, length] = /<< \/Length (\d+) >>\nstream\n/.exec(text) ?? [];
    const start = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.indexOf('\nendstream', start)).toBe(start + Number(length));
    const content = pdf.subarray(start, start + Number(length));
    // parentheses and backslashes escaped; WinAnsi bytes for the characters beyond Latin-1
    expect(content.includes(Buffer.from("(Vita: Notice d'utilisation \\(rappel\\)) Tj"))).toBe(true);
    expect(
      content.includes(Buffer.from([0x28, 0x47, 0x72, 0xf6, 0xdf, 0x65, 0x20, 0x5c, 0x5c, 0x20, 0x9c, 0x20, 0x97, 0x20, 0x80, 0x29])),
    ).toBe(true);
  });

  it('names its language and its title (any character) for readers and viewers', () => {
    expect(text).toContain('/Lang (fr)');
    const title = Buffer.from("Vita: Notice d'utilisation (rappel)", 'utf16le').swap16().toString('hex').toUpperCase();
    expect(text).toContain(`/Title <FEFF${title}>`);
  });
});
