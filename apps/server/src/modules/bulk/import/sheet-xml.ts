import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { SheetUnreadable, unneutralised } from './txt-rows.js';

/** The sheet a spreadsheet app can hold at most; beyond it an XLSX or ODS sheet is refused (decision 0057). */
export const SHEET_LIMITS = {
  maxColumns: 16_384,
  maxRows: 1_048_576,
  /** Cells of every row together, once repeats are expanded (a sheet of repeated rows and columns is a bomb). */
  maxCells: 50_000_000,
};

export type XmlParser = SaxesParser<{ xmlns: true }>;

/**
 * Streams an XML part of a sheet through saxes (namespaces resolved, nothing expanded: a DOCTYPE is
 * refused outright, so no entity can be declared and an undeclared one is an error) and yields
 * what `listen` emits, a chunk at a time.
 */
export async function* xmlItems<T>(
  source: Readable,
  part: string,
  listen: (parser: XmlParser, emit: (item: T) => void) => void,
): AsyncGenerator<T> {
  const parser: XmlParser = new SaxesParser({ xmlns: true });
  const out: T[] = [];
  parser.on('doctype', () => {
    throw new SheetUnreadable(`The sheet's ${part} declares a DOCTYPE; a sheet with one is refused.`);
  });
  listen(parser, (item) => out.push(item));
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const unreadable = (err: unknown) =>
    err instanceof SheetUnreadable
      ? err
      : new SheetUnreadable(`The sheet's ${part} cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  let chunks: AsyncIterator<unknown>;
  try {
    chunks = source[Symbol.asyncIterator]();
  } catch (err) {
    throw unreadable(err);
  }
  try {
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await chunks.next();
        if (next.done) parser.write(decoder.decode()).close();
        else parser.write(decoder.decode(next.value as Uint8Array, { stream: true }));
      } catch (err) {
        throw unreadable(err);
      }
      yield* out.splice(0);
      if (next.done) return;
    }
  } finally {
    source.destroy();
  }
}

/** Reads a whole XML part for what `listen` gathers (small parts: the workbook, its relationships, the shared strings). */
export async function readXml(source: Readable, part: string, listen: (parser: XmlParser) => void): Promise<void> {
  for await (const _ of xmlItems<never>(source, part, listen));
}

/** An attribute's value by its local name (`table:number-columns-repeated` → `number-columns-repeated`). */
export function attr(node: { attributes: Record<string, { local: string; value: string }> }, local: string): string | undefined {
  for (const a of Object.values(node.attributes)) if (a.local === local) return a.value;
  return undefined;
}

/** A repeat count or a reference number: a whole number from 1 to `max`, else the sheet is refused. */
export function countOf(value: string | undefined, max: number, what: string): number {
  if (value === undefined) return 1;
  const n = /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isInteger(n) || n < 1) throw new SheetUnreadable(`The sheet has a bad ${what} "${value.slice(0, 20)}".`);
  if (n > max) throw new SheetUnreadable(`The sheet has a ${what} of ${n}, more than ${max}: it is refused.`);
  return n;
}

/**
 * Turns a sheet's rows (numbered, possibly sparse or repeated) into records as the TXT reader
 * yields them: one string array per row, the export's formula neutralisation undone, trailing
 * empty cells dropped, a gap or an empty row in the middle yielded as an empty record (so row
 * numbers stay those of the spreadsheet), trailing empty rows dropped, the limits enforced.
 */
export class RowAssembler {
  private emitted = 0;
  private pendingEmpty = 0;
  private cells = 0;

  constructor(private readonly emit: (record: string[]) => void) {}

  /** Rows before `rowNo` (1-based) not given are empty. */
  skipTo(rowNo: number) {
    const gap = rowNo - 1 - this.emitted - this.pendingEmpty;
    if (gap > 0) this.pendingEmpty += gap;
  }

  row(values: string[], repeat = 1) {
    let end = values.length;
    while (end > 0 && values[end - 1] === '') end--;
    if (end === 0) {
      this.pendingEmpty += repeat;
      return;
    }
    const record = values.slice(0, end).map(unneutralised);
    if (this.emitted + this.pendingEmpty + repeat > SHEET_LIMITS.maxRows)
      throw new SheetUnreadable(`The sheet has more than ${SHEET_LIMITS.maxRows} rows: it is refused.`);
    this.cells += record.length * (repeat + this.pendingEmpty);
    if (this.cells > SHEET_LIMITS.maxCells)
      throw new SheetUnreadable(`The sheet has more than ${SHEET_LIMITS.maxCells} cells: it is refused.`);
    for (; this.pendingEmpty > 0; this.pendingEmpty--, this.emitted++) this.emit([]);
    for (let i = 0; i < repeat; i++, this.emitted++) this.emit([...record]);
  }
}
