import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const MINUTE_MS = 60_000;

/**
 * Limits per client address (an onRequest hook; @fastify/rate-limit registered with global:false).
 * Each call has its own counters, so one route's traffic does not count against another's.
 */
export function limitPerAddress(app: FastifyInstance, perMinute: number) {
  return app.rateLimit({ max: perMinute, timeWindow: MINUTE_MS });
}

/**
 * Limits per key taken from the validated request, e.g. the account a sign-in names (a preHandler).
 * Requests without a key are not counted. The 429 goes through the common error handler as
 * error.http.429, like the per-address limit's.
 */
export function limitPerKey(app: FastifyInstance, perMinute: number, keyOf: (req: FastifyRequest) => string | undefined) {
  // @fastify/rate-limit runs only one of its route handlers per request, so the second limit of a
  // route uses the manual limiter
  const check = app.createRateLimit({ max: perMinute, timeWindow: MINUTE_MS, keyGenerator: (req) => keyOf(req) ?? '' });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!keyOf(req)) return;
    const r = await check(req);
    if (r.isAllowed || !r.isExceeded) return;
    reply.header('retry-after', r.ttlInSeconds);
    throw Object.assign(new Error(`Rate limit exceeded, retry in ${r.ttlInSeconds} seconds`), { statusCode: 429 });
  };
}
