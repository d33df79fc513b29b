/**
 * Whether an error says that a dependency cannot be reached or went away rather than that the
 * request or the code is wrong (decision 0080): the database restarting or down, the object store
 * unreachable. Such a request answers 503 (the public site's own page, problem+json for the API),
 * never a 500, and a later request simply tries again: the pools reconnect by themselves.
 */

/** Socket errors of a connection refused, cut or timed out. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL's SQLSTATEs of a lost or refused connection: class 08 (connection exception) and
 * 57P01–57P03 (the server shutting down, crashed, or still starting).
 */
const PG_UNAVAILABLE = /^(08\d{3}|57P0[123])$/;

/** node-postgres' own messages for a connection that ended or could not be made in time. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
];

export function dependencyUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; name?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || PG_UNAVAILABLE.test(e.code))) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  // the AWS SDK's socket and connection timeouts
  if (e.name === 'TimeoutError' && typeof e.code !== 'string') return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => dependencyUnavailable(inner, depth + 1))) return true;
  return dependencyUnavailable(e.cause, depth + 1);
}
