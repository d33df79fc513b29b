import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ErrorKeys } from '@vellum/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from './errors.js';
import { ObjectTooLarge } from './storage-stream.js';
import { dependencyUnavailable } from './unavailable.js';

export const tooLarge = (maxBytes: number) => new AppError(ErrorKeys.fileTooLarge, 413, { maxBytes });

/**
 * Hands the one file of a multipart request, from `field` and of at most `maxBytes`, to `consume`,
 * and answers every way an upload can go wrong with the one error for it: not multipart (415), no
 * file in the field (400 NotNull on the field), more than one file (400 Size), too large (413,
 * also when `consume` stopped at the limit itself), a malformed or broken-off body (400), a store
 * that cannot be reached (the error as it is: 503 by the error handler).
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
      throw invalidField('multipart', field, 'NotNull');
    }
    const result = await consume(part);
    if (part.file.truncated) throw tooLarge(maxBytes);
    return result;
  } catch (err) {
    throw multipartFailure(err, field, () => tooLarge(maxBytes));
  }
}

/**
 * The one file of a multipart request, as `withFilePart` takes it, streamed to a file of a folder of
 * its own under the system's temporary folder (never held in memory), handed to `use` by its path
 * once whole, and removed with its folder when `use` is done, however it ends.
 */
export async function withFilePartOnDisk<T>(
  req: FastifyRequest,
  field: string,
  maxBytes: number,
  use: (path: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-upload-'));
  try {
    const path = join(dir, 'upload');
    await withFilePart(req, field, maxBytes, async (part) => {
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw tooLarge(maxBytes);
    });
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * What a failed multipart read answers: an AppError as it is, a file over the limit (the parser's
 * or the store's) as `tooLarge`, too many files, fields or parts as a Size error on `field`,
 * a database or store that cannot be reached as it is (the error handler answers 503: the client's
 * body was not at fault), anything else (a malformed or broken-off body) as 400.
 */
export function multipartFailure(err: unknown, field: string, tooLargeError: () => AppError): Error {
  if (err instanceof AppError) return err;
  if (dependencyUnavailable(err)) return err as Error;
  if (err instanceof ObjectTooLarge) return tooLargeError();
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLargeError();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return invalidField('multipart', field, 'Size');
  return new AppError(ErrorKeys.badRequest, 400, { detail: 'malformed multipart body' });
}
