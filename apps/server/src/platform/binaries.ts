import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ErrorKeys } from '@vellum/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { combineRanges, parse as parseRange, type Range } from 'range-parser';
import { AppError, invalidField } from './errors.js';
import type { FileStore, StoredObject } from './file-store.js';
import { tooLarge, withFilePart } from './multipart.js';
import { MeasuringStream, ObjectTooLarge } from './storage-stream.js';

/** A kind of binary a route accepts: its media type and the extension its objects get. */
export interface BinaryKind {
  mediaType: string;
  extension: string;
}

/** A binary received and stored: where, how large, its hash, what its content says it is, its name. */
export interface ReceivedBinary extends StoredObject, BinaryKind {
  /** The name the client gave the file (only for display and downloads; never part of a key). */
  fileName: string;
}

/** What a stored binary is, for serving it. */
export interface BinaryToSend {
  key: string;
  size: number;
  mediaType: string;
  sha256: string;
  fileName: string;
  /** attachment (default): always downloaded; inline: shown by the browser (images, PDF). */
  disposition?: 'attachment' | 'inline';
  /** Default `private, no-cache`. */
  cacheControl?: string;
  /** Told once the stored object is open and its bytes are about to be sent (not for a 304, a 416 or a store that failed). */
  onSending?: () => void;
}

/** The extension of each media type a stored binary may have (its kind was decided by its content); the first is the one given. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
  'image/x-icon': ['ico'],
  'application/zip': ['zip'],
  'text/css': ['css'],
  'text/plain': ['txt'],
};

/**
 * Extensions that name a type on their own: a name ending in one that is not the binary's type has
 * it replaced (`poly.html` of a PDF → `poly.pdf`); any other ending is kept and the type's
 * extension appended (`Notice 1.0` → `Notice 1.0.pdf`).
 */
const TYPE_EXTENSIONS = new Set([
  ...Object.values(EXTENSIONS).flat(),
  ...['htm', 'html', 'xhtml', 'xht', 'xml', 'svgz', 'js', 'mjs', 'cjs', 'json', 'txt', 'rtf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
  ...['odt', 'ods', 'exe', 'msi', 'bat', 'cmd', 'com', 'scr', 'sh', 'ps1', 'vbs', 'jar', 'apk', 'dmg', 'php', 'swf', 'hta', 'lnk'],
  ...['bmp', 'tif', 'tiff', 'heic', 'avif', 'mp4', 'mov', 'mp3', 'wav', 'gz', 'tgz', 'rar', '7z', 'tar', 'eml', 'md', 'csv'],
]);

/**
 * The name a binary is saved under: its extension follows the type its content was decided to be
 * (decision 0048), whatever name the uploader gave: a PDF polyglot uploaded as `poly.html` is
 * offered as `poly.pdf`. A type without a known extension keeps the name as given.
 */
export function fileNameForType(fileName: string, mediaType: string | null): string {
  const wanted = mediaType ? EXTENSIONS[mediaType.toLowerCase()] : undefined;
  if (!wanted) return fileName;
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (wanted.includes(extension)) return fileName;
  const stem = TYPE_EXTENSIONS.has(extension) ? fileName.slice(0, dot) : fileName;
  return `${stem || 'file'}.${wanted[0]}`;
}

/** Enough of the start of a file for its signature (file-type reads at most 4,100 bytes). */
const SNIFF_BYTES = 4100;

/** The first bytes of a stream, and a stream of all of it (those bytes again, then the rest). */
async function peek(source: NodeJS.ReadableStream, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  const it = (source as Readable)[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value as Buffer);
    length += (next.value as Buffer).length;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    yield head;
    if (ended) return;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value as Buffer;
  }
  return { head, whole: Readable.from(all(), { objectMode: false }) };
}

/** Plain text: a kind a route may accept, decided by the content having no signature and reading as text. */
export const TEXT_KIND: BinaryKind = { mediaType: 'text/plain', extension: 'txt' };

/**
 * Whether the first bytes of a file read as UTF-8 text: valid UTF-8 (a character cut at the end of
 * the bytes read is allowed) without NUL or other control characters than tab, line breaks and form feed.
 */
export function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  // in UTF-8 these bytes are always the control characters themselves
  for (const byte of head) if (byte < 0x20 ? !TEXT_CONTROLS.has(byte) : byte === 0x7f) return false;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let cut = 0; cut < 4 && cut < head.length; cut++) {
    try {
      decoder.decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // a multi-byte character cut short at the end: try without its bytes
    }
  }
  return false;
}

/** Tab, line feed, form feed and carriage return. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** The kind among `kinds` the first bytes of a file say it is: by its signature, else plain text when accepted and it reads as text. */
async function kindOf(head: Buffer, kinds: readonly BinaryKind[]): Promise<BinaryKind | undefined> {
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed) return kinds.find((k) => k.mediaType === sniffed.mime);
  return kinds.find((k) => k.mediaType === TEXT_KIND.mediaType) && looksLikeText(head) ? TEXT_KIND : undefined;
}

/** The file name as a client gave it, reduced to what is safe to show and offer back. */
function displayName(name: string | undefined, kind: BinaryKind): string {
  // control and format characters (bidi overrides included) out; a name is never used as a path
  const clean = (name ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[\\/]/g, '_')
    .trim()
    .slice(0, 255);
  return clean || `file.${kind.extension}`;
}

/** The text fields a multipart request sent before its file part. */
function textFieldsOf(part: MultipartFile): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, entry] of Object.entries(part.fields)) {
    const last = Array.isArray(entry) ? entry[entry.length - 1] : entry;
    if (last && last.type === 'field' && typeof last.value === 'string') values[name] = last.value;
  }
  return values;
}

/**
 * Receives the one file of a multipart request (`field`) into the store under `prefix`, streamed:
 * never whole in memory, at most `maxBytes` (413 and nothing kept past it), its kind decided by its
 * content (400 error.unsupportedContentType when `accepts` finds none among the allowed kinds; the
 * client's declared type is ignored), an empty file is no file (400 NotNull); `checkFields` may refuse
 * it for its text fields first. The caller records
 * the returned key in its transaction and deletes the object if that fails.
 */
export async function receiveBinary(
  req: FastifyRequest,
  files: FileStore,
  options: {
    field?: string;
    prefix: string;
    maxBytes: number;
    kinds: readonly BinaryKind[];
    /**
     * Checks the text fields sent before the file (a field sent twice counts as its last value),
     * before anything is stored: throwing refuses the upload with nothing kept.
     */
    checkFields?: (fields: Record<string, string>) => void | Promise<void>;
  },
): Promise<ReceivedBinary> {
  const field = options.field ?? 'file';
  let stored: StoredObject | undefined;
  try {
    return await withFilePart(req, field, options.maxBytes, async (part) => {
      if (options.checkFields) {
        try {
          await options.checkFields(textFieldsOf(part));
        } catch (err) {
          part.file.resume();
          throw err;
        }
      }
      const { head, whole } = await peek(part.file, SNIFF_BYTES);
      if (head.length === 0) throw invalidField('multipart', field, 'NotNull');
      const kind = await kindOf(head, options.kinds);
      if (!kind) {
        part.file.resume();
        throw new AppError(ErrorKeys.unsupportedContentType, 400, {
          allowed: options.kinds.map((k) => k.extension.toUpperCase()).join(', '),
        });
      }
      stored = await files.putStream(options.prefix, whole, kind.extension, { maxBytes: options.maxBytes, contentType: kind.mediaType });
      return { ...stored, ...kind, fileName: displayName(part.filename, kind) };
    });
  } catch (err) {
    // the multipart limit may have cut the file short after the store accepted it
    if (stored) await files.delete(stored.key).catch(() => {});
    throw err;
  }
}

/**
 * A binary read from a stream rather than a request (a document's binary in a bulk import's zip,
 * decision 0062), under the same rules as `receiveBinary`: streamed, at most `maxBytes` (413
 * error.fileTooLarge), its kind decided by its content (400 error.unsupportedContentType), an
 * empty stream is no binary. With a store the bytes are kept under `prefix` (the caller records
 * the key in its transaction and deletes the object if that fails); without one (check only) they
 * are only measured and hashed, and nothing is kept (`key` is empty).
 */
export async function receiveStream(
  source: NodeJS.ReadableStream,
  files: FileStore | undefined,
  options: { prefix: string; maxBytes: number; kinds: readonly BinaryKind[]; fileName: string },
): Promise<ReceivedBinary> {
  const { head, whole } = await peek(source, SNIFF_BYTES);
  if (head.length === 0) throw invalidField('file', 'file', 'NotNull');
  const kind = await kindOf(head, options.kinds);
  if (!kind) {
    whole.destroy();
    throw new AppError(ErrorKeys.unsupportedContentType, 400, {
      allowed: options.kinds.map((k) => k.extension.toUpperCase()).join(', '),
    });
  }
  try {
    if (files) {
      const stored = await files.putStream(options.prefix, whole, kind.extension, {
        maxBytes: options.maxBytes,
        contentType: kind.mediaType,
      });
      return { ...stored, ...kind, fileName: displayName(options.fileName, kind) };
    }
    const measured = new MeasuringStream(options.maxBytes);
    await pipeline(whole, measured, async (chunks: AsyncIterable<unknown>) => {
      for await (const _ of chunks);
    });
    return { key: '', size: measured.size, sha256: measured.digest(), ...kind, fileName: displayName(options.fileName, kind) };
  } catch (err) {
    if (err instanceof ObjectTooLarge) throw tooLarge(options.maxBytes);
    throw err;
  }
}

/**
 * The one byte range a Range header asks for; undefined for the whole object (no header, another
 * unit, a malformed header, or several ranges: all of which a server may answer with the whole),
 * 'unsatisfiable' when every range lies beyond the end (416).
 */
export function byteRange(header: string | undefined, size: number): Range | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const { code, type, ranges } = parseRange(size, header);
  if (type !== 'bytes') return undefined;
  if (ranges.length === 0) return code & 2 ? 'unsatisfiable' : undefined;
  const combined = combineRanges(ranges);
  return combined.length === 1 ? { start: combined[0].start, end: combined[0].end } : undefined;
}

/**
 * Sends a stored binary: streamed, with its length, type and name (its extension following the
 * type, `fileNameForType`), `nosniff` and a sandbox so that nothing in it runs on our origin, an ETag from its SHA-256 (304 when unchanged), and single byte
 * ranges (206; 416 when unsatisfiable; several ranges get the whole file).
 */
export async function sendBinary(req: FastifyRequest, reply: FastifyReply, files: FileStore, binary: BinaryToSend) {
  const etag = `"${binary.sha256}"`;
  const cacheControl = binary.cacheControl ?? 'private, no-cache';
  if (req.headers['if-none-match'] === etag) return reply.code(304).header('etag', etag).header('cache-control', cacheControl).send();
  const wanted = byteRange(req.headers.range, binary.size);
  if (wanted === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${binary.size}`).send();
  const single = wanted;
  // opened before any header of the binary is set: a store that cannot be reached fails here, and its
  // answer (the site's 503 page, problem+json) is not sent as an attachment of the binary's type
  const stream = await files.open(binary.key, single);
  if (!stream) throw new AppError(ErrorKeys.notFound, 404, { entity: 'binary' });
  reply
    .header('content-type', binary.mediaType)
    .header(
      'content-disposition',
      contentDisposition(fileNameForType(binary.fileName, binary.mediaType), { type: binary.disposition ?? 'attachment' }),
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('cache-control', cacheControl);
  if (single) {
    reply.code(206).header('content-range', `bytes ${single.start}-${single.end}/${binary.size}`);
    reply.header('content-length', single.end - single.start + 1);
  } else {
    reply.header('content-length', binary.size);
  }
  binary.onSending?.();
  return reply.send(stream);
}
