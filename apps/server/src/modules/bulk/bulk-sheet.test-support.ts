import * as XLSX from '@e965/xlsx';

/**
 * Test-only readers of the sheets the server writes (decision 0056: SheetJS 0.18.5 reads only
 * files the server wrote, in tests; never an uploaded file).
 */

/** The rows and cells of our TXT: tab-separated, RFC 4180 quoting, CRLF line ends. */
export function parseTxt(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === '\t') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/** Each sheet of an XLS or ODS workbook by name, as rows of text cells. */
export function readWorkbook(bytes: Uint8Array): { names: string[]; sheets: Record<string, string[][]> } {
  const book = XLSX.read(bytes, { type: 'array' });
  const sheets: Record<string, string[][]> = {};
  for (const name of book.SheetNames) {
    const sheet = book.Sheets[name];
    if (sheet) sheets[name] = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
  }
  return { names: book.SheetNames, sheets };
}
