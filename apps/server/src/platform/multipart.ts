import type { MultipartFile } from '@fastify/multipart';
import { ErrorKeys } from '@vellum/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from './errors.js';
import { ObjectTooLarge } from './storage.js';

export const tooLarge = (maxBytes: number) => new AppError(ErrorKeys.fileTooLarge, 413, { maxBytes });

/**
 * Hands the one file of a multipart request, from `field` and of at most `maxBytes`, to `consume`,
 * and answers every way an upload can go wrong with the one error for it: not multipart (415), no
 * file in the field (400 NotNull on the field), more than one file (400 Size), too large (413,
 * also when `consume` stopped at the limit itself), a malformed or broken-off body (400).
 */
export async function withFilePart<T>(
  req: FastifyRequest,
  field: string,
  maxBytes: number,
  consume: (part: MultipartFile) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) throw new AppError(ErrorKeys.unsupportedContentType, 415, { expected: 'multipart/form-data' });
  try {
    const part = await req.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: false });
    if (!part || part.fieldname !== field) {
      part?.file.resume();
      throw fieldError('multipart', field, 'NotNull');
    }
    const result = await consume(part);
    if (part.file.truncated) throw tooLarge(maxBytes);
    return result;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof ObjectTooLarge) throw tooLarge(maxBytes);
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw fieldError('multipart', field, 'Size');
    throw new AppError(ErrorKeys.badRequest, 400, { detail: 'malformed multipart body' });
  }
}
