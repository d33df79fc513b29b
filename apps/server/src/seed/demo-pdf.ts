/**
 * Small, real PDF files for the demo (decision 0052): one A4 page with a title and a few lines of
 * text in the file's language, in the standard Helvetica fonts (no font embedded), with the
 * document's language and title in its catalogue and information dictionaries. A few hundred bytes,
 * a valid cross-reference table, so that the server's content check takes it for a PDF and a
 * browser's viewer opens it.
 */

export interface DemoPdf {
  /** The first line, in bold, and the document's title. */
  title: string;
  /** The lines under the title (kept short: nothing wraps). */
  lines: string[];
  /** The text's language (BCP 47, e.g. `fr`), for screen readers. */
  language: string;
}

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
  œ: 0x9c,
  Œ: 0x8c,
};

/** A PDF literal string of the text in WinAnsiEncoding (what the fonts draw); a character it lacks becomes `?`. */
function winAnsiLiteral(text: string): Buffer {
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
function utf16Hex(text: string): string {
  const units = Buffer.from(text, 'utf16le').swap16();
  return `<FEFF${units.toString('hex').toUpperCase()}>`;
}

/** The language tag as a PDF literal: letters, digits and hyphens only. */
const languageTag = (language: string) => `(${language.replace(/[^A-Za-z0-9-]/g, '') || 'en'})`;

/** The page's content stream: the title at 18 pt, then each line at 11 pt, from the top left. */
function contentStream(pdf: DemoPdf): Buffer {
  const parts: Buffer[] = [
    Buffer.from('BT\n/F1 18 Tf\n72 760 Td\n'),
    winAnsiLiteral(pdf.title),
    Buffer.from(' Tj\n/F2 11 Tf\n16 TL\nT*\n'),
  ];
  for (const line of pdf.lines) parts.push(Buffer.from('T*\n'), winAnsiLiteral(line), Buffer.from(' Tj\n'));
  parts.push(Buffer.from('ET\n'));
  return Buffer.concat(parts);
}

/** The bytes of a one-page PDF 1.4 file showing the title and lines. */
export function demoPdf(pdf: DemoPdf): Buffer {
  const content = contentStream(pdf);
  const objects: Buffer[] = [
    Buffer.from(`<< /Type /Catalog /Pages 2 0 R /Lang ${languageTag(pdf.language)} >>`),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    Buffer.from(`<< /Title ${utf16Hex(pdf.title)} /Producer (Vellum demo) >>`),
  ];
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
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(chunks);
}
