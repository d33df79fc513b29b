import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NamedLimit } from './rate-limit-store.js';

const MINUTE_MS = 60_000;

/**
 * Limits per client address (an onRequest hook; @fastify/rate-limit registered with global:false).
 * Each limit has its own counters under its unique name, so one route's traffic does not count
 * against another's; every process on the database counts together (decision 0068).
 */
export function limitPerAddress(app: FastifyInstance, limitName: string, perMinute: number) {
  const options: NamedLimit & { max: number; timeWindow: number } = { limitName, max: perMinute, timeWindow: MINUTE_MS };
  return app.rateLimit(options);
}

/**
 * Limits per key taken from the validated request, e.g. the account a sign-in names (a preHandler).
 * Requests without a key are not counted. The 429 goes through the common error handler as
 * error.http.429, like the per-address limit's.
 */
export function limitPerKey(
  app: FastifyInstance,
  limitName: string,
  perMinute: number,
  keyOf: (req: FastifyRequest) => string | undefined,
) {
  // @fastify/rate-limit runs only one of its route handlers per request, so the second limit of a
  // route uses the manual limiter
  const options = { limitName, max: perMinute, timeWindow: MINUTE_MS, keyGenerator: (req: FastifyRequest) => keyOf(req) ?? '' };
  const check = app.createRateLimit(options);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!keyOf(req)) return;
    const r = await check(req);
    if (r.isAllowed || !r.isExceeded) return;
    reply.header('retry-after', r.ttlInSeconds);
    throw Object.assign(new Error(`Rate limit exceeded, retry in ${r.ttlInSeconds} seconds`), { statusCode: 429 });
  };
}
