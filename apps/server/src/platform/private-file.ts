import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';

/**
 * Answers a file meant for the signed-in user only (an export, an uploaded zip, a template, rejected
 * rows): downloaded under its name, never sniffed as another type, never kept by a cache.
 */
export function sendPrivateFile(
  reply: FastifyReply,
  body: NodeJS.ReadableStream | Buffer,
  fileName: string,
  contentType = 'application/zip',
): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}
