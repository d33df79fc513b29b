import { HEADER_ALERT, HEADER_PARAMS } from '@vellum/contract';
import type { FastifyReply } from 'fastify';

/** Announces a success message (an i18n key) in the alert header, as the admin app expects. */
export function alert(reply: FastifyReply, key: string, param?: string | number): FastifyReply {
  reply.header(HEADER_ALERT, key);
  if (param !== undefined) reply.header(HEADER_PARAMS, encodeURIComponent(String(param)));
  return reply;
}
