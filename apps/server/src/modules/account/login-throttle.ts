import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginThrottleConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { countAddressFailure, delayAddress, throttledUntil } from './login-throttle.repo.js';

/**
 * The growing delay per source address against password guessing and mass lockouts (README
 * "Security", decision 0014). The first `freeFailures` failures of an address cost nothing; the
 * next one makes it wait `baseDelayMs`, and each further one doubles the wait up to `maxDelayMs`.
 * Successful sign-ins do not count. The state is in the database, so every server process on it
 * sees the same count.
 */
export function delayAfter(failures: number, cfg: LoginThrottleConfig): number {
  if (failures < cfg.freeFailures) return 0;
  // the exponent is capped so that the power stays finite; the maximum caps the result anyway
  const doublings = Math.min(failures - cfg.freeFailures, 40);
  return Math.min(cfg.baseDelayMs * 2 ** doublings, cfg.maxDelayMs);
}

/** Records a failed attempt of an address; call it in the transaction that audits the failure. */
export async function recordAddressFailure(tx: DbOrTx, address: string, cfg: LoginThrottleConfig, now = new Date()) {
  const failures = await countAddressFailure(tx, address, now, new Date(now.getTime() - cfg.forgetAfterMs));
  const delayMs = delayAfter(failures, cfg);
  if (delayMs > 0) await delayAddress(tx, address, new Date(now.getTime() + delayMs));
  return { failures, delayMs };
}

/**
 * A preHandler of the routes that check a password: an address that must still wait is answered
 * 429 error.http.429 with Retry-After (the shape of the per-minute rate limit's answer), before
 * any password is verified.
 */
export function throttleFailedSignIns(deps: Pick<Deps, 'db'>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const now = new Date();
    const until = await throttledUntil(deps.db, req.ip, now);
    if (!until) return;
    const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    reply.header('retry-after', seconds);
    throw Object.assign(new Error(`Too many failed sign-ins from this address, retry in ${seconds} seconds`), { statusCode: 429 });
  };
}
