import { WebsiteLayoutErrorKeys as K, OrganisationErrorKeys, PUBLIC_RESOURCE_MAX_BYTES } from '@vellum/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, fieldError, invalidField } from '../../platform/errors.js';
import { svgUpload } from '../../platform/images.js';
import { multipartFailure } from '../../platform/multipart.js';

/** The kinds of file a unit's website may use, by what their content is; `ext` is how stored names end. */
export const RESOURCE_KINDS = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
  'font/woff': ['woff'],
  'font/woff2': ['woff2'],
  'application/pdf': ['pdf'],
} as const satisfies Record<string, readonly string[]>;
export type ResourceMediaType = keyof typeof RESOURCE_KINDS;
const ALLOWED = 'PNG, JPEG, SVG, WebP, WOFF, WOFF2, PDF';

export interface ResourceUpload {
  buffer: Buffer;
  mediaType: ResourceMediaType;
  /** The `name` field, else the file's own name. */
  name: string | undefined;
  /** Set to replace the content of an existing resource. */
  replaces: string | undefined;
}

const OBJECT = 'publicResource';
const wrongType = () => fieldError(OBJECT, 'file', K.publicResourceType, { allowed: ALLOWED });
const tooLarge = () => new AppError(OrganisationErrorKeys.fileTooLarge, 413, { maxBytes: PUBLIC_RESOURCE_MAX_BYTES });

/** What the content is (never the declared type); SVG comes back sanitised as the logo is. */
export async function checkResourceContent(buffer: Buffer): Promise<{ buffer: Buffer; mediaType: ResourceMediaType }> {
  if (buffer.length === 0) throw wrongType();
  const detected = await fileTypeFromBuffer(buffer);
  const mime = detected?.mime === 'image/apng' ? 'image/png' : detected?.mime;
  if (mime && mime in RESOURCE_KINDS && mime !== 'image/svg+xml') return { buffer, mediaType: mime as ResourceMediaType };
  const svg = svgUpload(buffer, detected);
  if (!svg) throw wrongType();
  return { buffer: svg, mediaType: 'image/svg+xml' };
}

/**
 * Reads a multipart upload: one file in `file` (at most PUBLIC_RESOURCE_MAX_BYTES; a longer one is
 * truncated by @fastify/multipart and refused here), optional text fields `name` and `id`.
 */
export async function readResourceUpload(req: FastifyRequest): Promise<ResourceUpload> {
  if (!req.isMultipart()) throw new AppError(OrganisationErrorKeys.unsupportedContentType, 415, { expected: 'multipart/form-data' });
  let buffer: Buffer | undefined;
  let fileName: string | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: PUBLIC_RESOURCE_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        buffer = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        fileName = part.filename;
      } else if (typeof part.value === 'string' && (part.fieldname === 'name' || part.fieldname === 'id')) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartFailure(err, 'file', tooLarge);
  }
  if (!buffer) throw invalidField('multipart', 'file', 'NotNull');
  const checked = await checkResourceContent(buffer);
  return { ...checked, name: fields.name || fileName || undefined, replaces: fields.id };
}
