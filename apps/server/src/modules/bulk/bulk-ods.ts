import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * An ODS spreadsheet of text cells written as a stream (decision 0067): `content.xml` is made row
 * by row from pages of rows as they are read and deflated as it goes, so an export of 100,000
 * products never holds its sheet whole. The package is written by yazl: `mimetype` first, stored,
 * with its size and CRC in its local header and no extra field (ODF 1.2 part 3 §3.3; LibreOffice
 * 24.8 and later refuse a stored entry followed by a data descriptor, which fflate's streaming
 * `Zip` always writes), then the manifest, `meta.xml`, `styles.xml` and `content.xml`.
 */

/** A sheet's name as XLS and ODS allow it: at most 31 characters, none of \\ / ? * [ ] :. */
export const sheetNameOf = (name: string) => name.slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'Sheet1';

/** Rows of text cells, a page at a time. */
export type RowPages = AsyncIterable<readonly (readonly string[])[]> | Iterable<readonly (readonly string[])[]>;

/** One sheet of the workbook: its name and its rows, the header first. */
export interface StreamedSheet {
  name: string;
  pages: RowPages;
}

/** The header row, then the pages of rows. */
export async function* withHeader(header: readonly string[], pages: RowPages): AsyncGenerator<readonly (readonly string[])[]> {
  yield [header];
  yield* pages;
}

const MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const OFFICE = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"';

const MANIFEST = `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
 <manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="${MIMETYPE}"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
`;

const META = `${XML}<office:document-meta ${OFFICE} xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" office:version="1.2"><office:meta><meta:generator>Vellum</meta:generator></office:meta></office:document-meta>
`;

const STYLES = `${XML}<office:document-styles ${OFFICE} office:version="1.2"/>
`;

const CONTENT_START = `${XML}<office:document-content ${OFFICE} xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet>`;
const CONTENT_END = '</office:spreadsheet></office:body></office:document-content>\n';

/** Characters XML 1.0 cannot hold (control characters but tab, line feed and carriage return; U+FFFE, U+FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being replaced
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const escapeXml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replace(NOT_XML, '\uFFFD');

const spaces = (n: number) => (n === 1 ? '<text:s/>' : `<text:s text:c="${n}"/>`);

/**
 * One line of a cell as a `text:p`. ODF collapses white space in a paragraph, so a run of spaces
 * (or one at either end) is a `text:s` with its count, a tab `text:tab`; a carriage return is a
 * character reference, so that the importer reads it back as it was.
 */
function paragraph(line: string): string {
  const body = escapeXml(line)
    .replace(/ {2,}|^ +| +$/g, (run) => spaces(run.length))
    .replaceAll('\t', '<text:tab/>')
    .replaceAll('\r', '&#13;');
  return `<text:p>${body}</text:p>`;
}

/** A cell: empty, or a string whose lines are paragraphs (the importer joins them with a line break). */
function cell(value: string): string {
  if (value === '') return '<table:table-cell/>';
  return `<table:table-cell office:value-type="string">${value.split('\n').map(paragraph).join('')}</table:table-cell>`;
}

/** A row; an empty one still holds a cell (ODF wants one). */
const row = (cells: readonly string[]) =>
  `<table:table-row>${cells.length === 0 ? '<table:table-cell/>' : cells.map(cell).join('')}</table:table-row>`;

/** `content.xml` a page of rows at a time. */
async function* contentXml(sheets: readonly StreamedSheet[]): AsyncGenerator<Buffer> {
  yield Buffer.from(CONTENT_START);
  for (const sheet of sheets) {
    let head = `<table:table table:name="${escapeXml(sheetNameOf(sheet.name))}">`;
    let columns = false;
    for await (const page of sheet.pages) {
      if (page.length === 0) continue;
      if (!columns) {
        // ODF wants the columns declared before the rows: as many as the first row (the header) has
        head += `<table:table-column table:number-columns-repeated="${Math.max(1, page[0]?.length ?? 1)}"/>`;
        columns = true;
      }
      yield Buffer.from(head + page.map(row).join(''));
      head = '';
    }
    if (!columns) head += '<table:table-column/>';
    yield Buffer.from(`${head}</table:table>`);
  }
  yield Buffer.from(CONTENT_END);
}

/**
 * The bytes of an ODS workbook of the sheets, in order, as they are written. The rows are pulled
 * as the consumer pulls the bytes (yazl's streams apply back-pressure), so at most a page of rows
 * and the compressor's window are held at a time. An error while reading the rows ends the
 * stream with that error.
 */
export async function* odsOf(sheets: readonly StreamedSheet[]): AsyncGenerator<Uint8Array> {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const content = Readable.from(contentXml(sheets), { objectMode: false });
  const fail = (err: unknown) => output.destroy(err instanceof Error ? err : new Error(String(err)));
  content.on('error', fail);
  zip.on('error', fail);
  const mtime = new Date();
  zip.addBuffer(Buffer.from(MIMETYPE), 'mimetype', { compress: false, forceDosTimestamp: true, mtime });
  zip.addBuffer(Buffer.from(MANIFEST), 'META-INF/manifest.xml', { forceDosTimestamp: true, mtime });
  zip.addBuffer(Buffer.from(META), 'meta.xml', { forceDosTimestamp: true, mtime });
  zip.addBuffer(Buffer.from(STYLES), 'styles.xml', { forceDosTimestamp: true, mtime });
  zip.addReadStream(content, 'content.xml', { forceDosTimestamp: true, mtime });
  zip.end();
  try {
    for await (const chunk of output) yield chunk as Buffer;
  } finally {
    // the consumer stopped early or the rows failed: stop reading them
    content.destroy();
    output.destroy();
  }
}

/** The whole of an ODS workbook (small sheets: templates, rejected rows, tests). */
export async function odsBytesOf(sheets: readonly StreamedSheet[]): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of odsOf(sheets)) parts.push(part);
  return Buffer.concat(parts);
}
