import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.js';

/** After the drain's timeout, how long the rest of the stop (jobs, database) may take before the process exits anyway. */
const LAST_GRACE_MS = 10_000;
/**
 * A second signal this soon after the first is the same one: a Ctrl-C in a terminal reaches the
 * process from the terminal and again relayed by tsx (`npm start`), a few milliseconds apart.
 */
export const SAME_SIGNAL_MS = 1_000;

/**
 * Graceful stop of a server or worker on SIGTERM or SIGINT (decision 0068). The first signal
 * drains: the listening socket closes at once (a new connection is refused), `/management/ready`
 * answers 503 to what still arrives on an open connection, which is served with `Connection:
 * close`; requests in flight (uploads included) finish, and running jobs too (pg-boss stops
 * fetching). Once `timeoutMs` has passed the remaining connections are cut and a job still running
 * is failed, to be retried by another process. Then the database closes and the process exits 0.
 * A second signal exits at once with status 1, unless it comes within `SAME_SIGNAL_MS` of the
 * first (then it is the same one, delivered twice).
 *
 * `app` may be the app still being built: a process whose jobs start while it builds (the worker)
 * installs the handlers first, so that a signal in that window waits for the build, then stops as
 * above, instead of ending the process, and its running job, at once (decision 0080).
 */
export function stopOnSignals(building: FastifyInstance | Promise<FastifyInstance>, database: Database, timeoutMs: number): void {
  let stoppingSince: number | undefined;
  const stop = async (signal: string) => {
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince >= SAME_SIGNAL_MS) {
        process.stderr.write(`${signal} again: stopping at once\n`);
        process.exit(1);
      }
      return;
    }
    stoppingSince = Date.now();
    let app: FastifyInstance;
    try {
      app = await building;
    } catch {
      // the start failed and says why itself
      return;
    }
    app.log.info(`${signal}: draining (at most ${timeoutMs} ms)`);
    const cut = setTimeout(() => {
      app.log.warn('shutdown timeout: the connections still open are closed');
      app.server.closeAllConnections();
    }, timeoutMs);
    const last = setTimeout(() => {
      app.log.error('shutdown did not finish: exiting');
      process.exit(1);
    }, timeoutMs + LAST_GRACE_MS).unref();
    // neither timer outlives the stop (a process whose exit is not the end of it, a test, keeps running)
    const settled = () => {
      clearTimeout(cut);
      clearTimeout(last);
    };
    try {
      await app.close();
      clearTimeout(cut);
      await database.close();
      app.log.info('stopped');
      settled();
      process.exit(0);
    } catch (err) {
      app.log.error(err, 'shutdown failed');
      settled();
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
