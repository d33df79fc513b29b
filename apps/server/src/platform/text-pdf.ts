/**
 * A plain PDF 1.4 file of text pages (A4, standard Helvetica fonts, nothing embedded): the title in
 * bold on the first page, then the lines at 9 pt, as many pages as they take. Lines are not wrapped:
 * the caller cuts them. Used for the validation records (decision 0077); its pieces also write the demo PDFs.
 */

/** The characters of Windows-1252 that are not Latin-1 at the same code (the fonts' WinAnsiEncoding). */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '›': 0x9b,
  Œ: 0x8c,
  œ: 0x9c,
};

/** A PDF literal string of the text in WinAnsiEncoding (what the standard fonts draw); a character it lacks becomes `?`. */
export function winAnsiLiteral(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f;
    const byte = WIN_ANSI[ch] ?? (code >= 0x20 && code <= 0xff && (code < 0x7f || code >= 0xa0) ? code : 0x3f);
    // the literal string's own delimiters and escape character are escaped
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) bytes.push(0x5c);
    bytes.push(byte);
  }
  return Buffer.concat([Buffer.from('('), Buffer.from(bytes), Buffer.from(')')]);
}

/** A text string of the document's metadata: UTF-16BE with its byte-order mark, written in hex (any character). */
export const utf16Hex = (text: string) => `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

/** A content stream object of these bytes. */
export const streamObject = (content: Buffer) =>
  Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]);

/**
 * The bytes of a PDF 1.4 file of these objects (numbered from 1 in order; object 1 the catalogue),
 * with a valid cross-reference table; `info` is the number of the document information object.
 */
export function pdfFile(objects: readonly Buffer[], info: number): Buffer {
  // the header's second line holds bytes above 127: the file is binary to every tool that looks
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    chunks.push(object);
    offset += object.length;
  }
  // each cross-reference entry is exactly 20 bytes: ten digits, space, five digits, space, type, space, newline
  const entry = (n: number, generation: string, type: 'f' | 'n') => `${String(n).padStart(10, '0')} ${generation} ${type} \n`;
  const xref = [`xref\n0 ${objects.length + 1}\n`, entry(0, '65535', 'f'), ...offsets.map((o) => entry(o, '00000', 'n'))].join('');
  chunks.push(
    Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${offset}\n%%EOF\n`),
  );
  return Buffer.concat(chunks);
}

const LINES_PER_PAGE = 64;

export interface TextPdf {
  title: string;
  lines: string[];
  /** Written into the document information's Subject (e.g. a signature). */
  subject?: string;
}

export function textPdf(doc: TextPdf): Buffer {
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(doc.lines.length, 1); i += LINES_PER_PAGE) pages.push(doc.lines.slice(i, i + LINES_PER_PAGE));
  // objects: 1 catalog, 2 pages, 3 bold font, 4 font, 5 info, then per page: page, contents
  const pageObject = (i: number) => 6 + i * 2;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R /Lang (en) >>'),
    Buffer.from(`<< /Type /Pages /Kids [${pages.map((_, i) => `${pageObject(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.from(`<< /Title ${utf16Hex(doc.title)}${doc.subject ? ` /Subject ${utf16Hex(doc.subject)}` : ''} /Producer (Vellum) >>`),
  ];
  for (const [i, lines] of pages.entries()) {
    const parts: Buffer[] = [Buffer.from('BT\n')];
    if (i === 0) parts.push(Buffer.from('/F1 14 Tf\n40 800 Td\n'), winAnsiLiteral(doc.title), Buffer.from(' Tj\n/F2 9 Tf\n12 TL\nT*\n'));
    else parts.push(Buffer.from('/F2 9 Tf\n12 TL\n40 800 Td\n'));
    for (const line of lines) parts.push(Buffer.from('T*\n'), winAnsiLiteral(line), Buffer.from(' Tj\n'));
    parts.push(Buffer.from(`ET\nBT\n/F2 8 Tf\n40 20 Td\n(Page ${i + 1} of ${pages.length}) Tj\nET\n`));
    const content = Buffer.concat(parts);
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageObject(i) + 1} 0 R >>`,
      ),
      streamObject(content),
    );
  }
  return pdfFile(objects, 5);
}
