import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ZipFile } from 'yauzl';
import { attr, countOf, RowAssembler, SHEET_LIMITS, xmlItems } from './sheet-xml.js';
import { SheetUnreadable } from './txt-rows.js';
import { openCheckedZip, openEntry, ZipRefused } from './zip-sheet.js';

const TABLE_NS = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
const TEXT_NS = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
const OFFICE_NS = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
/** The most spaces one `text:s` may stand for. */
const MAX_SPACES = 10_000;

/** `content.xml`'s first `table:table`, streamed: each cell's displayed text, repeats expanded within the limits. */
function contentRows(source: Readable): AsyncGenerator<string[]> {
  return xmlItems<string[]>(source, 'content.xml', (p, emit) => {
    const rows = new RowAssembler(emit);
    /** 0 before the first table, 1 inside it (deeper inside a table nested in a cell), -1 after it. */
    let tableDepth = 0;
    let values: string[] | null = null;
    let rowRepeat = 1;
    let emptyCells = 0;
    let cell: { repeat: number; paragraphs: string[] } | null = null;
    let paragraph: string | null = null;
    let skipped = 0;
    p.on('opentag', (node) => {
      if (tableDepth < 0) return;
      if (node.uri === TABLE_NS && node.local === 'table') {
        tableDepth++;
        return;
      }
      if (tableDepth !== 1 && !(tableDepth > 1 && cell)) return;
      if (skipped > 0 || (node.uri === OFFICE_NS && node.local === 'annotation')) {
        skipped++;
        return;
      }
      if (node.uri === TABLE_NS) {
        if (node.local === 'table-row' && tableDepth === 1) {
          rowRepeat = countOf(attr(node, 'number-rows-repeated'), SHEET_LIMITS.maxRows, 'row repeat');
          values = [];
          emptyCells = 0;
        } else if ((node.local === 'table-cell' || node.local === 'covered-table-cell') && tableDepth === 1 && values) {
          cell = { repeat: countOf(attr(node, 'number-columns-repeated'), SHEET_LIMITS.maxColumns, 'column repeat'), paragraphs: [] };
        }
        return;
      }
      if (node.uri !== TEXT_NS || !cell) return;
      if ((node.local === 'p' || node.local === 'h') && paragraph === null) paragraph = '';
      else if (paragraph === null) return;
      else if (node.local === 's') paragraph += ' '.repeat(countOf(attr(node, 'c'), MAX_SPACES, 'run of spaces'));
      else if (node.local === 'tab') paragraph += '\t';
      else if (node.local === 'line-break') paragraph += '\n';
    });
    const text = (t: string) => {
      if (tableDepth >= 1 && skipped === 0 && paragraph !== null) paragraph += t;
    };
    p.on('text', text);
    p.on('cdata', text);
    p.on('closetag', (node) => {
      if (tableDepth < 0) return;
      if (node.uri === TABLE_NS && node.local === 'table') {
        tableDepth--;
        if (tableDepth === 0) tableDepth = -1; // the first table is read; the others are not
        return;
      }
      if (skipped > 0) {
        skipped--;
        return;
      }
      if (node.uri === TEXT_NS && (node.local === 'p' || node.local === 'h') && paragraph !== null && cell) {
        cell.paragraphs.push(paragraph);
        paragraph = null;
        return;
      }
      if (node.uri !== TABLE_NS || tableDepth !== 1) return;
      if ((node.local === 'table-cell' || node.local === 'covered-table-cell') && cell && values) {
        const value = cell.paragraphs.join('\n');
        if (value === '') emptyCells += cell.repeat;
        else {
          if (values.length + emptyCells + cell.repeat > SHEET_LIMITS.maxColumns)
            throw new SheetUnreadable(`The ODS sheet has a row of more than ${SHEET_LIMITS.maxColumns} columns: it is refused.`);
          for (; emptyCells > 0; emptyCells--) values.push('');
          for (let i = 0; i < cell.repeat; i++) values.push(value);
        }
        cell = null;
      } else if (node.local === 'table-row' && values) {
        rows.row(values, rowRepeat);
        values = null;
      }
    });
  });
}

/**
 * The records of an ODS sheet (decision 0057), as `txtRecords` yields them: the sheet (a zip) is
 * spooled to a temporary file and opened with yauzl within the upload's zip limits, the first table
 * of `content.xml` is streamed through saxes. A cell is its displayed text (`text:p` paragraphs
 * joined by line breaks, `text:s`, `text:tab`, `text:line-break`), never `office:value` and never
 * a formula's result computed here; comments are left out.
 */
export async function* odsRecords(source: Readable): AsyncGenerator<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-sheet-'));
  let zip: ZipFile | undefined;
  try {
    const path = join(dir, 'sheet.ods');
    await pipeline(source, createWriteStream(path));
    const checked = await openCheckedZip(path).catch((err) => {
      throw new SheetUnreadable(`The ODS sheet cannot be read as a spreadsheet: ${err instanceof ZipRefused ? err.message : String(err)}`);
    });
    zip = checked.zip;
    const content = checked.entries.find((e) => e.fileName === 'content.xml');
    if (!content) throw new SheetUnreadable('The ODS sheet has no content.xml: it is not a spreadsheet.');
    yield* contentRows(await openEntry(zip, content));
  } catch (err) {
    // anything else (a corrupt entry, the upload's entry inflating to more than it says) is a sheet that cannot be read
    throw err instanceof SheetUnreadable
      ? err
      : new SheetUnreadable(`The ODS sheet cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    zip?.close();
    await rm(dir, { recursive: true, force: true });
  }
}
