import { ErrorKeys } from '@vellum/contract';
import DOMPurify from 'dompurify';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { JSDOM } from 'jsdom';
import { AppError, invalidField } from './errors.js';
import { withFilePart } from './multipart.js';

/**
 * Rich text (remarks, later translated rich text) is HTML kept to a small set of formatting
 * elements. Whatever a client sends is sanitised here before it is stored, so the public site and
 * the admin app can render it as it is.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'span',
] as const;
export const RICH_TEXT_ATTRIBUTES = ['href', 'target', 'rel'] as const;

/** Links go to web pages, mail addresses or phone numbers, or are relative (no scheme at all). */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** DOMPurify's own URL check, narrowed to the same schemes. */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const LINK_TARGETS = new Set(['_blank', '_self']);

const isVisible = (code: number) => code > 0x20 && (code < 0x7f || code > 0x9f);

const purify = DOMPurify(new JSDOM('').window);
// only links may carry attributes; an unsafe or absent href removes the attribute, an odd target is dropped
purify.addHook('uponSanitizeAttribute', (node, data) => {
  if (node.nodeName !== 'A') {
    data.keepAttr = false;
    return;
  }
  const value = data.attrValue.trim();
  if (data.attrName === 'href') {
    // control characters and whitespace inside a scheme ("java\tscript:") are how filters are dodged
    const compact = [...value].filter((c) => isVisible(c.charCodeAt(0))).join('');
    const scheme = SCHEME.exec(compact)?.[1].toLowerCase();
    if (scheme !== undefined && !SAFE_SCHEMES.has(scheme)) data.keepAttr = false;
    else data.attrValue = value;
  } else if (data.attrName === 'target' && !LINK_TARGETS.has(value)) {
    data.keepAttr = false;
  }
});
// a link opening a new window must not hand it the opener
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  if (node.getAttribute('target') === '_blank') {
    const rel = new Set((node.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean));
    rel.add('noopener');
    rel.add('noreferrer');
    node.setAttribute('rel', [...rel].join(' '));
  } else if (node.hasAttribute('rel')) {
    const rel = (node.getAttribute('rel') ?? '')
      .split(/\s+/)
      .filter((r) => /^[a-z]+$/i.test(r))
      .join(' ');
    if (rel) node.setAttribute('rel', rel);
    else node.removeAttribute('rel');
  }
});

/**
 * Keeps only RICH_TEXT_TAGS (links with href, target and rel); removes scripts, styles, frames,
 * objects, SVG and MathML with their content, event handlers and every other attribute, and URLs
 * other than http(s), mailto, tel and relative ones. Text of other elements is kept.
 */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  return purify
    .sanitize(html, {
      ALLOWED_TAGS: [...RICH_TEXT_TAGS],
      ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOW_UNKNOWN_PROTOCOLS: false,
      ALLOWED_URI_REGEXP,
      FORBID_CONTENTS: [
        'script',
        'style',
        'template',
        'iframe',
        'frame',
        'frameset',
        'object',
        'embed',
        'noscript',
        'svg',
        'math',
        'title',
        'head',
      ],
      RETURN_TRUSTED_TYPE: false,
    })
    .trim();
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** Plain text as rich text: paragraphs at blank lines, line breaks within them. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/**
 * An uploaded document without the control characters that typed rich text may not hold (NUL and
 * the other C0/C1 characters but tab, line feed and carriage return; decision 0012): dropped, not
 * refused, since they are invisible in the document.
 */
function withoutControlCharacters(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    const control = (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f);
    if (!control) out += ch;
  }
  return out;
}

/** At most 1 MB per uploaded rich-text document. */
export const RICH_TEXT_UPLOAD_MAX_BYTES = 1024 * 1024;

export type RichTextFormat = 'html' | 'txt';

/** An uploaded rich-text document: the original bytes, its format and its sanitised HTML. */
export interface RichTextUpload {
  original: Buffer;
  format: RichTextFormat;
  html: string;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set(['text/plain']);
const GENERIC_TYPES = new Set(['', 'application/octet-stream']);

const unsupported = () => new AppError(ErrorKeys.unsupportedContentType, 415, { allowed: 'text/html, text/plain' });

/** The format a part claims, by its content type, or by its file name when the type says nothing. */
function claimedFormat(mimetype: string, filename: string): RichTextFormat | undefined {
  const type = mimetype.split(';')[0].trim().toLowerCase();
  if (HTML_TYPES.has(type)) return 'html';
  if (TEXT_TYPES.has(type)) return 'txt';
  if (!GENERIC_TYPES.has(type)) return undefined;
  if (/\.x?html?$/i.test(filename)) return 'html';
  if (/\.txt$/i.test(filename)) return 'txt';
  return undefined;
}

/** The document as text, when it really is UTF-8 text (no binary format hiding behind a text type). */
async function textOf(buffer: Buffer): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(buffer);
  if (detected && detected.ext !== 'xml') return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return undefined;
  }
  if (text.includes('\u0000')) return undefined;
  return text.replace(/^\uFEFF/, '');
}

/**
 * Converts a checked rich-text document into sanitised HTML; refuses anything that is not HTML or
 * plain text (415 error.unsupportedContentType).
 */
export async function richTextFromDocument(buffer: Buffer, format: RichTextFormat | undefined): Promise<string> {
  if (!format) throw unsupported();
  const decoded = await textOf(buffer);
  if (decoded === undefined) throw unsupported();
  const text = withoutControlCharacters(decoded);
  return sanitizeRichText(format === 'html' ? text : plainTextToHtml(text));
}

/**
 * Reads the one file of a multipart request from `field`: an HTML or plain-text document of at most
 * `maxBytes`, answered with its sanitised HTML. Other content types answer 415, a missing field 400.
 */
export async function readRichTextUpload(
  req: FastifyRequest,
  field = 'file',
  maxBytes: number = RICH_TEXT_UPLOAD_MAX_BYTES,
): Promise<RichTextUpload> {
  let format: RichTextFormat | undefined;
  const original = await withFilePart(req, field, maxBytes, (part) => {
    format = claimedFormat(part.mimetype ?? '', part.filename ?? '');
    return part.toBuffer();
  });
  if (original.length === 0) throw invalidField('multipart', field, 'NotNull');
  const html = await richTextFromDocument(original, format);
  return { original, format: format as RichTextFormat, html };
}
