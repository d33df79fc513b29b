import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

/**
 * Undoes the export's formula neutralisation (decision 0056): one leading `'` before `=`, `+`,
 * `-`, `@`, a tab or a carriage return is dropped; anything else is kept as written.
 */
export function unneutralised(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * The records of a TXT sheet as the export writes it: UTF-8 (a byte-order mark is skipped),
 * tab-separated, a cell holding a tab, quote or line break quoted with its quotes doubled (RFC
 * 4180 with a tab delimiter), CRLF or LF line ends. Read as a stream by csv-parse; every value is
 * text, nothing is evaluated. Blank lines are skipped.
 */
/** The sheet's bytes cannot be read as a TXT sheet (bad quoting, a zip entry that inflates to more than it says). */
export class SheetUnreadable extends Error {}

export async function* txtRecords(source: Readable): AsyncGenerator<string[]> {
  const parser = source.pipe(
    parse({
      delimiter: '\t',
      quote: '"',
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      encoding: 'utf8',
    }),
  );
  source.on('error', (err) => parser.destroy(err));
  try {
    for await (const record of parser) yield (record as string[]).map(unneutralised);
  } catch (err) {
    throw new SheetUnreadable(`The sheet cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
}
