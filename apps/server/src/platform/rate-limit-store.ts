import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.js';
import { countInWindow, pruneEndedWindows } from './rate-limit.repo.js';

/** How often one process deletes the windows that ended (lazily, on a request after this long). */
const PRUNE_EVERY_MS = 60_000;

/** The options of one limit as @fastify/rate-limit hands them to the store: ours carry the limit's name. */
export interface NamedLimit {
  limitName: string;
}

/**
 * The counters of @fastify/rate-limit in the database, so that every process on it counts the same
 * requests (decision 0068). Each limit (a `createRateLimit` or `rateLimit` call) is a child store
 * named by its `limitName`, which must be unique in the app: the name, not the order of
 * registration, is what two processes share. The client's key is hashed (any length, nothing
 * personal kept). Windows that ended are pruned at most once a minute per process; `close()` waits
 * for a prune under way.
 */
export function databaseRateLimitStore(
  db: Db,
  warn: (message: string) => void,
): { Store: FastifyRateLimitStoreCtor; close(): Promise<void> } {
  const names = new Set<string>();
  let lastPrune = 0;
  let pruning: Promise<unknown> = Promise.resolve();

  const pruneNowAndThen = () => {
    const now = Date.now();
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    pruning = pruneEndedWindows(db).catch((e) => warn(`rate limits: pruning ended windows failed: ${(e as Error).message}`));
  };

  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(_options?: unknown, limitName?: string) {
      this.prefix = limitName === undefined ? '' : `${limitName}:`;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      if (!this.prefix) {
        callback(new Error('a rate limit without a limitName'));
        return;
      }
      const hashed = createHash('sha256').update(key).digest('base64url');
      countInWindow(db, this.prefix + hashed, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (e: Error) => callback(e),
      );
      pruneNowAndThen();
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const name = (routeOptions as Partial<NamedLimit>).limitName;
      if (!name) throw new Error('every rate limit needs a limitName (decision 0068)');
      if (names.has(name)) throw new Error(`two rate limits named ${name} would share their counters`);
      names.add(name);
      return new DatabaseStore(undefined, name);
    }
  }

  return { Store: DatabaseStore, close: () => pruning.then(() => undefined) };
}
