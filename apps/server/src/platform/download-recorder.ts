import type { DbOrTx } from '../db/client.js';
import { documentDownload } from '../db/schema/index.js';

/** What the site knows of one confirmed download (decision 0040); `at` defaults to the moment of record(). */
export type DownloadRecord = Omit<typeof documentDownload.$inferInsert, 'id' | 'at'> & { at?: Date };

export interface DownloadRecorder {
  /** Queues a record and returns at once: the download never waits on the database. */
  record(r: DownloadRecord): void;
  /** Inserts everything queued so far (resolves when it is written, or given up after one retry). */
  flush(): Promise<void>;
  /** Flushes and stops: normal shutdown loses nothing. Records after close are refused (logged). */
  close(): Promise<void>;
}

export interface DownloadRecorderOptions {
  /** Rows per INSERT, and the queue length that starts one at once (default 100). */
  batchSize?: number;
  /** How long a record may wait for its batch (default 500 ms). */
  intervalMs?: number;
  /** Pause before the one retry of a failed INSERT (default 200 ms). */
  retryDelayMs?: number;
  /**
   * Records kept while the database does not answer; past it the oldest are dropped (and logged),
   * so an outage cannot grow the process without bound (default 10,000).
   */
  maxPending?: number;
  log?: { warn(msg: string): void; error(msg: string): void };
  /** The INSERT; tests replace it to make it fail. */
  insert?: (rows: (typeof documentDownload.$inferInsert)[]) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Download records inserted off the request path, in small batches: one multi-row INSERT per
 * `batchSize` records or per `intervalMs`, whichever comes first, retried once. The queue holds
 * only what waits for its batch (what was downloaded and the visitor's country, language and
 * audience; nothing that identifies a visitor).
 */
export function createDownloadRecorder(db: DbOrTx, opts: DownloadRecorderOptions = {}): DownloadRecorder {
  const batchSize = opts.batchSize ?? 100;
  const intervalMs = opts.intervalMs ?? 500;
  const retryDelayMs = opts.retryDelayMs ?? 200;
  const maxPending = opts.maxPending ?? 10_000;
  const log = opts.log ?? { warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
  const insert =
    opts.insert ??
    (async (rows: (typeof documentDownload.$inferInsert)[]) => {
      await db.insert(documentDownload).values(rows);
    });

  let pending: (typeof documentDownload.$inferInsert)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  // one drain at a time, in order: a flush waits for the one before it
  let chain: Promise<void> = Promise.resolve();
  // a drain is queued and has not started: it will take whatever arrives meanwhile
  let queued = false;

  async function write(batch: (typeof documentDownload.$inferInsert)[]) {
    try {
      await insert(batch);
    } catch (first) {
      await sleep(retryDelayMs);
      try {
        await insert(batch);
      } catch (second) {
        log.error(`document downloads: ${batch.length} records lost after a retry: ${String(second ?? first)}`);
      }
    }
  }

  async function drain() {
    while (pending.length) {
      const batch = pending.slice(0, batchSize);
      pending = pending.slice(batch.length);
      await write(batch);
    }
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (!queued) {
      queued = true;
      chain = chain.then(() => {
        queued = false;
        return drain();
      });
    }
    return chain;
  }

  return {
    record(r) {
      if (closed) {
        log.warn('document downloads: a record after shutdown was not kept');
        return;
      }
      pending.push({ ...r, at: r.at ?? new Date() });
      if (pending.length > maxPending) {
        pending.shift();
        log.warn(`document downloads: more than ${maxPending} records waiting; the oldest was dropped`);
      }
      if (pending.length >= batchSize) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), intervalMs);
        // a pending batch does not keep the process alive; close() writes it
        timer.unref();
      }
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}
