import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Entry, ZipFile } from 'yauzl';
import { attr, countOf, RowAssembler, readXml, SHEET_LIMITS, xmlItems } from './sheet-xml.js';
import { SheetUnreadable } from './txt-rows.js';
import { openCheckedZip, openEntry, ZipRefused } from './zip-sheet.js';

/** The shared strings an XLSX sheet may hold, in number and in characters together; beyond them it is refused. */
export const SHARED_STRINGS_LIMITS = { maxCount: 1_000_000, maxChars: 200 * 1024 * 1024 };

const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** `A` → 0, `Z` → 25, `AA` → 26 … `XFD` → 16,383. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The part of the workbook's first sheet: `xl/workbook.xml`'s first `<sheet>`, resolved through `xl/_rels/workbook.xml.rels`. */
async function firstSheetPart(zip: ZipFile, entries: Map<string, Entry>): Promise<string> {
  const open = async (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new SheetUnreadable(`The XLSX sheet has no ${name}: it is not a workbook.`);
    return openEntry(zip, entry);
  };
  let relId: string | undefined;
  await readXml(await open('xl/workbook.xml'), 'xl/workbook.xml', (p) => {
    p.on('opentag', (node) => {
      if (node.local !== 'sheet' || relId !== undefined) return;
      relId = Object.values(node.attributes).find((a) => a.local === 'id' && a.uri === REL_NS)?.value ?? '';
    });
  });
  if (!relId) throw new SheetUnreadable('The XLSX workbook lists no sheet.');
  let target: string | undefined;
  await readXml(await open('xl/_rels/workbook.xml.rels'), 'xl/_rels/workbook.xml.rels', (p) => {
    p.on('opentag', (node) => {
      if (node.local === 'Relationship' && attr(node, 'Id') === relId && target === undefined) target = attr(node, 'Target') ?? '';
    });
  });
  if (!target) throw new SheetUnreadable("The XLSX workbook's first sheet has no part.");
  return target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join('xl', target));
}

/** `xl/sharedStrings.xml`: each `<si>`'s text, rich text runs (`<r><t>`) joined, phonetic runs (`<rPh>`) left out. */
async function sharedStrings(zip: ZipFile, entry: Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let chars = 0;
  let current: string | null = null;
  let inT = false;
  let phonetic = 0;
  const text = (t: string) => {
    if (current === null || !inT || phonetic > 0) return;
    current += t;
    chars += t.length;
    if (chars > SHARED_STRINGS_LIMITS.maxChars)
      throw new SheetUnreadable(
        `The XLSX sheet's shared strings hold more than ${SHARED_STRINGS_LIMITS.maxChars} characters: it is refused.`,
      );
  };
  await readXml(await openEntry(zip, entry), 'xl/sharedStrings.xml', (p) => {
    p.on('opentag', (node) => {
      if (node.local === 'si') current = '';
      else if (node.local === 'rPh') phonetic++;
      else if (node.local === 't') inT = true;
    });
    p.on('closetag', (node) => {
      if (node.local === 'si' && current !== null) {
        strings.push(current);
        current = null;
        if (strings.length > SHARED_STRINGS_LIMITS.maxCount)
          throw new SheetUnreadable(`The XLSX sheet holds more than ${SHARED_STRINGS_LIMITS.maxCount} shared strings: it is refused.`);
      } else if (node.local === 'rPh') phonetic--;
      else if (node.local === 't') inT = false;
    });
    p.on('text', text);
    p.on('cdata', text);
  });
  return strings;
}

interface Cell {
  col: number;
  type: string;
  v: string;
  inline: string;
}

/** The first sheet's rows, streamed: cells by their `r` reference, values only (a formula's cached `<v>`; never evaluated). */
function sheetRows(source: Readable, part: string, shared: readonly string[]): AsyncGenerator<string[]> {
  return xmlItems<string[]>(source, part, (p, emit) => {
    const rows = new RowAssembler(emit);
    let rowNo = 0;
    let values: string[] | null = null;
    let cell: Cell | null = null;
    let inV = false;
    let inIs = false;
    let inT = false;
    let phonetic = 0;
    p.on('opentag', (node) => {
      switch (node.local) {
        case 'row': {
          const r = attr(node, 'r');
          const n = r === undefined ? rowNo + 1 : countOf(r, SHEET_LIMITS.maxRows, 'row number');
          if (n <= rowNo) throw new SheetUnreadable(`The XLSX sheet's row ${n} comes after row ${rowNo}.`);
          rowNo = n;
          rows.skipTo(n);
          values = [];
          break;
        }
        case 'c': {
          if (!values) break;
          const ref = attr(node, 'r');
          let col = values.length;
          if (ref !== undefined) {
            const m = /^([A-Za-z]{1,3})\d*$/.exec(ref);
            if (!m) throw new SheetUnreadable(`The XLSX sheet has a bad cell reference "${ref.slice(0, 20)}".`);
            col = columnIndex(m[1] as string);
          }
          if (col >= SHEET_LIMITS.maxColumns || col < 0)
            throw new SheetUnreadable(`The XLSX sheet has a cell beyond column ${SHEET_LIMITS.maxColumns}: it is refused.`);
          cell = { col, type: attr(node, 't') ?? 'n', v: '', inline: '' };
          break;
        }
        case 'v':
          inV = cell !== null;
          break;
        case 'is':
          inIs = cell !== null;
          break;
        case 'rPh':
          phonetic++;
          break;
        case 't':
          inT = inIs;
          break;
      }
    });
    const text = (t: string) => {
      if (!cell) return;
      if (inV) cell.v += t;
      else if (inIs && inT && phonetic === 0) cell.inline += t;
    };
    p.on('text', text);
    p.on('cdata', text);
    p.on('closetag', (node) => {
      switch (node.local) {
        case 'v':
          inV = false;
          break;
        case 'is':
          inIs = false;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 't':
          inT = false;
          break;
        case 'c': {
          if (!cell || !values) break;
          let value: string;
          if (cell.type === 's') {
            const index = /^\d+$/.test(cell.v.trim()) ? Number(cell.v.trim()) : -1;
            const found = shared[index];
            if (found === undefined)
              throw new SheetUnreadable(`The XLSX sheet names a shared string "${cell.v.slice(0, 20)}" it does not hold.`);
            value = found;
          } else if (cell.type === 'inlineStr') value = cell.inline;
          else value = cell.v; // numbers, str (a formula's text), b, e: the cached <v> as written
          while (values.length < cell.col) values.push('');
          values[cell.col] = value;
          cell = null;
          break;
        }
        case 'row':
          if (values) rows.row(values);
          values = null;
          break;
      }
    });
  });
}

/**
 * The records of an XLSX sheet (decision 0057), as `txtRecords` yields them: the sheet (a zip
 * itself) is spooled to a temporary file and opened with yauzl within the upload's zip limits, the
 * FIRST sheet of `xl/workbook.xml` is streamed through saxes. Values only: a formula is never
 * evaluated (its cached value is read; without one the cell is empty), a number is its text as
 * written in the file (Excel drops the leading zeros of a number; a text cell keeps them).
 */
export async function* xlsxRecords(source: Readable): AsyncGenerator<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-sheet-'));
  let zip: ZipFile | undefined;
  try {
    const path = join(dir, 'sheet.xlsx');
    await pipeline(source, createWriteStream(path));
    const checked = await openCheckedZip(path).catch((err) => {
      throw new SheetUnreadable(`The XLSX sheet cannot be read as a workbook: ${err instanceof ZipRefused ? err.message : String(err)}`);
    });
    zip = checked.zip;
    const entries = new Map(checked.entries.map((e) => [e.fileName, e]));
    const part = await firstSheetPart(zip, entries);
    const shared = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'));
    const entry = entries.get(part);
    if (!entry) throw new SheetUnreadable(`The XLSX workbook's first sheet (${part}) is missing.`);
    yield* sheetRows(await openEntry(zip, entry), part, shared);
  } catch (err) {
    // anything else (a corrupt entry, the upload's entry inflating to more than it says) is a sheet that cannot be read
    throw err instanceof SheetUnreadable
      ? err
      : new SheetUnreadable(`The XLSX sheet cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    zip?.close();
    await rm(dir, { recursive: true, force: true });
  }
}
