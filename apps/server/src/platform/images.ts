import { IMAGE_MAX_BYTES, OrganisationErrorKeys } from '@vellum/contract';
import DOMPurify from 'dompurify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { JSDOM } from 'jsdom';
import { AppError } from './errors.js';
import type { FileStore } from './file-store.js';
import { withFilePart } from './multipart.js';

export type ImageExtension = 'png' | 'jpg' | 'svg';

/** An uploaded image whose content was checked (and, for SVG, sanitised). */
export interface CheckedImage {
  buffer: Buffer;
  ext: ImageExtension;
  contentType: string;
}

const IMAGE_CONTENT_TYPE: Record<ImageExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
};

const SVG_NS = 'http://www.w3.org/2000/svg';
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

const notAnImage = () => new AppError(OrganisationErrorKeys.notAnImage, 400, { allowed: 'PNG, JPEG, SVG' });
// CSS can load resources through url(), @import and image functions; escapes could hide them from the checks below
const CSS_URL = /url\s*\(\s*(?!['"]?\s*#)[^)]*\)/gi;
const CSS_IMPORT = /@import[^;]*;?/gi;
const CSS_LOADERS = /(image-set|cross-fade|image|element|src)\s*\(/i;

function neutraliseCss(css: string): string {
  if (css.includes('\\') || CSS_LOADERS.test(css)) return '';
  return css.replace(CSS_IMPORT, '').replace(CSS_URL, 'none');
}

const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);
const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,/i;

const purify = DOMPurify(new JSDOM('').window);
// DOMPurify's SVG profile removes scripts and event handlers but keeps references to other documents
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  const name = data.attrName.toLowerCase();
  const value = data.attrValue.trim();
  if (URL_ATTRIBUTES.has(name) && !value.startsWith('#') && !SAFE_DATA_IMAGE.test(value)) {
    data.keepAttr = false;
    return;
  }
  if (name === 'style' || /url\s*\(/i.test(value)) data.attrValue = neutraliseCss(data.attrValue);
});
purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && node.textContent) node.textContent = neutraliseCss(node.textContent);
});

/** The root element of an XML document when it is an <svg>, otherwise undefined (also when it does not parse). */
function svgRoot(text: string): Element | undefined {
  try {
    const doc = new JSDOM(text, { contentType: 'image/svg+xml' }).window.document;
    const root = doc.documentElement;
    if (root?.localName !== 'svg') return undefined;
    if (root.namespaceURI !== SVG_NS && root.namespaceURI !== null) return undefined;
    return root;
  } catch {
    return undefined;
  }
}

/** Removes scripts, event handlers and references to other documents; undefined when no SVG is left. */
export function sanitizeSvg(svg: string): string | undefined {
  let clean = purify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true } }).trim();
  if (!clean.startsWith('<svg')) return undefined;
  // a standalone SVG only renders with its namespace; the HTML serialiser leaves it out when the source did
  if (!/^<svg[^>]*\sxmlns=/.test(clean)) clean = clean.replace(/^<svg/, `<svg xmlns="${SVG_NS}"`);
  const root = svgRoot(clean);
  return root?.namespaceURI === SVG_NS ? clean : undefined;
}

/** Accepts PNG, JPEG and SVG by their content, whatever the file is called; SVG comes back sanitised. */
export async function checkImage(buffer: Buffer): Promise<CheckedImage> {
  if (buffer.length === 0) throw notAnImage();
  const detected = await fileTypeFromBuffer(buffer);
  // an animated PNG is still a PNG to every browser
  if (detected?.mime === 'image/png' || detected?.mime === 'image/apng') return { buffer, ext: 'png', contentType: IMAGE_CONTENT_TYPE.png };
  if (detected?.mime === 'image/jpeg') return { buffer, ext: 'jpg', contentType: IMAGE_CONTENT_TYPE.jpg };
  const svg = svgUpload(buffer, detected);
  if (!svg) throw notAnImage();
  return { buffer: svg, ext: 'svg', contentType: IMAGE_CONTENT_TYPE.svg };
}

/**
 * The sanitised SVG of an upload that file-type recognised as nothing else (it reports SVG as XML
 * or not at all); undefined when it is not an SVG document.
 */
export function svgUpload(buffer: Buffer, detected: { ext: string; mime: string } | undefined): Buffer | undefined {
  if (detected && detected.ext !== 'xml' && detected.mime !== 'image/svg+xml') return undefined;
  const text = buffer.toString('utf8');
  if (text.includes('\uFFFD') || !svgRoot(text)) return undefined;
  const clean = sanitizeSvg(text);
  return clean ? Buffer.from(clean, 'utf8') : undefined;
}

/**
 * Reads the one file of a multipart request from `field`, refusing more than `maxBytes`, and checks
 * that it is an image. A missing field is a 400 validation error on that field.
 */
export async function readImageUpload(req: FastifyRequest, field: string, maxBytes: number = IMAGE_MAX_BYTES): Promise<CheckedImage> {
  const buffer = await withFilePart(req, field, maxBytes, (part) => part.toBuffer());
  return checkImage(buffer);
}

/** The short value that changes whenever an image is replaced (for cache-busting URLs). */
export function imageVersion(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  return name
    .replace(/\.[a-z0-9]+$/i, '')
    .replaceAll('-', '')
    .slice(0, 12);
}

/**
 * Stores the image, lets `write` record the new key (returning the key it replaces) and then deletes
 * the replaced object. When `write` fails, the new object is deleted and nothing changes.
 */
export async function replaceImage(
  files: FileStore,
  prefix: string,
  image: CheckedImage,
  write: (key: string) => Promise<string | null | undefined>,
): Promise<string> {
  const key = await files.put(prefix, image.buffer, image.ext);
  let previous: string | null | undefined;
  try {
    previous = await write(key);
  } catch (err) {
    await files.delete(key).catch(() => {});
    throw err;
  }
  if (previous && previous !== key) await files.delete(previous).catch(() => {});
  return key;
}

function contentTypeOfKey(key: string): string | undefined {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return ext === 'png' || ext === 'jpg' || ext === 'svg' ? IMAGE_CONTENT_TYPE[ext] : undefined;
}

/**
 * Answers a stored image with its content type and headers that stop it being read as anything
 * else; 404 without one. A public image (the site's, the sign-in page's logo) may be kept by any
 * cache and shown on another host; a signed-in one (the admin's previews of unpublished images,
 * decision 0050) only by the user's browser, on this origin.
 */
export async function sendImage(
  req: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  key: string | null | undefined,
  entity: string,
  { signedIn = false }: { signedIn?: boolean } = {},
) {
  const contentType = key ? contentTypeOfKey(key) : undefined;
  const data = key && contentType ? await files.get(key) : undefined;
  if (!key || !contentType || !data) throw new AppError('error.http.404', 404, { entity });
  const etag = `"${imageVersion(key)}"`;
  reply
    .header('Content-Type', contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', signedIn ? 'private, no-cache' : 'public, no-cache')
    .header('ETag', etag)
    // the public website may live on its own host
    .header('Cross-Origin-Resource-Policy', signedIn ? 'same-origin' : 'cross-origin');
  if (contentType === IMAGE_CONTENT_TYPE.svg) reply.header('Content-Security-Policy', SVG_CSP);
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(data);
}
