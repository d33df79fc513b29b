import { pdfFile, streamObject, utf16Hex, winAnsiLiteral } from '../platform/text-pdf.js';

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
    streamObject(content),
    Buffer.from(`<< /Title ${utf16Hex(pdf.title)} /Producer (Vellum demo) >>`),
  ];
  return pdfFile(objects, 7);
}
