import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.js';

/** Which attempt of its job a handler runs: `last` when pg-boss will not retry a failure of it. */
export interface JobAttempt {
  retryCount: number;
  last: boolean;
}

/** Runs one job; a throw fails the attempt (pg-boss retries it up to the queue's limit). */
export type JobHandler<T extends object> = (data: T, attempt: JobAttempt) => Promise<void>;

/**
 * The background jobs (decision 0056): pg-boss over the application's own database, PostgreSQL
 * (its own small pool, the `pgboss` schema) or the embedded PGlite (through pg-boss's PGlite
 * adapter, in this one process). Areas declare their queues and handlers; the server and the
 * `npm run worker` processes work them, several processes sharing a queue through
 * `FOR UPDATE SKIP LOCKED`. Tests do not poll: `drain()` runs what is queued to completion.
 */
export interface JobQueue {
  /** Declares a queue and the handler of its jobs; before `start()`. */
  handle<T extends object>(queue: string, handler: JobHandler<T>): void;
  /**
   * Sends an empty job to a declared queue on a cron expression (UTC), through pg-boss's own
   * scheduling (one row per queue, so the processes that work the queue send it once, not once each).
   */
  every(queue: string, cron: string): void;
  /** Installs or migrates pg-boss's schema, creates the declared queues and, with `work`, starts polling them. */
  start(opts: { work: boolean }): Promise<void>;
  /** Queues a job; answers its id. */
  send<T extends object>(queue: string, data: T): Promise<string>;
  /** Runs every queued job, and the jobs those queue, until none is left; answers how many ran. */
  drain(): Promise<number>;
  /** Jobs waiting (queued, deferred included) and running per declared queue; none before `start()`. */
  depths(): Promise<{ queue: string; queued: number; active: number }[]>;
  /** Stops polling and waits for the running jobs (their attempt is left to expire and be retried after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

/** A job's attempt ends after 90 minutes (the spec's bulk transfer timeout), then it is retried. */
const EXPIRE_SECONDS = 90 * 60;
const RETRY_LIMIT = 2;
const attemptOf = (job: { retryCount: number }): JobAttempt => ({ retryCount: job.retryCount, last: job.retryCount >= RETRY_LIMIT });
const POLL_SECONDS = 2;

export function createJobQueue(database: Database, log: { error(msg: string): void }): JobQueue {
  const c = database.connection;
  const handlers = new Map<string, JobHandler<object>>();
  const crons = new Map<string, string>();
  let boss: PgBoss | undefined;
  const running = (): PgBoss => {
    if (!boss) throw new Error('the job queue is not started');
    return boss;
  };

  return {
    handle(queue, handler) {
      if (boss) throw new Error(`job queue ${queue} declared after start`);
      handlers.set(queue, handler as JobHandler<object>);
    },
    every(queue, cron) {
      if (boss) throw new Error(`schedule of ${queue} declared after start`);
      crons.set(queue, cron);
    },
    async start({ work }) {
      // the queue's own maintenance (expiring attempts, retention) and its cron only where jobs are worked
      const options = { schema: 'pgboss', schedule: work, supervise: work };
      const b =
        c.kind === 'pglite'
          ? new PgBoss({ ...options, db: fromPglite(c.client), backend: 'pglite' })
          : new PgBoss({ ...options, connectionString: c.url, max: 4 });
      b.on('error', (err) => log.error(`job queue: ${err instanceof Error ? err.message : String(err)}`));
      await b.start();
      boss = b;
      for (const [queue, handler] of handlers) {
        await b.createQueue(queue, { expireInSeconds: EXPIRE_SECONDS, retryLimit: RETRY_LIMIT, retryDelay: 30 });
        if (work) {
          await b.work<object>(queue, { pollingIntervalSeconds: POLL_SECONDS }, async ([job]) => {
            if (job) await handler(job.data, attemptOf(job));
          });
        }
      }
      if (work) for (const [queue, cron] of crons) await b.schedule(queue, cron, {}, { tz: 'UTC' });
    },
    async send(queue, data) {
      const id = await running().send(queue, data);
      if (!id) throw new Error(`job queue ${queue}: the job was not queued`);
      return id;
    },
    async drain() {
      const b = running();
      let ran = 0;
      for (;;) {
        let round = 0;
        for (const [queue, handler] of handlers) {
          for (const job of await b.fetch<object>(queue, { batchSize: 10 })) {
            round++;
            try {
              await handler(job.data, attemptOf(job));
              await b.complete(queue, job.id);
            } catch (err) {
              await b.fail(queue, job.id, { message: err instanceof Error ? err.message : String(err) });
            }
          }
        }
        if (round === 0) return ran;
        ran += round;
      }
    },
    async depths() {
      if (!boss || handlers.size === 0) return [];
      const queues = await boss.getQueues([...handlers.keys()]);
      return queues.map((q) => ({ queue: q.name, queued: q.queuedCount, active: q.activeCount }));
    },
    async stop(timeoutMs = 30_000) {
      const b = boss;
      boss = undefined;
      await b?.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
