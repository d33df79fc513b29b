import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DownloadRecorder } from './download-recorder.js';

/**
 * The server's Prometheus metrics (prom-client), one registry per app. Requests are counted and
 * timed per route pattern (`/api/products/:id`, never the raw URL: ids and hostile paths do not make
 * new series); a request no route matched counts under `unmatched`. The database pool, the job
 * queue and the publications are read when Prometheus scrapes.
 */

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface QueueDepth {
  queue: string;
  queued: number;
  active: number;
}

export interface MetricSources {
  /** The PostgreSQL pool's connections (none on the embedded database). */
  pool?: () => PoolStats;
  queueDepths: () => Promise<QueueDepth[]>;
  publications: () => Promise<{ kind: string; count: number }[]>;
  /** Where a source failed at a scrape; the other metrics are still answered. */
  warn: (message: string) => void;
}

export interface Metrics {
  registry: Registry;
  /** The download recorder, counting what it records. */
  countingDownloads(recorder: DownloadRecorder): DownloadRecorder;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Request durations: a cached page in a few milliseconds to an export of several seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(app: FastifyInstance, sources: MetricSources, opts: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  // process CPU, memory, event loop and GC: only where the metrics are served (tests build many apps in one process)
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, per route pattern',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, per route pattern',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const sitePages = new Counter({
    name: 'vellum_site_pages_total',
    help: 'HTML pages of the public website answered, per status',
    labelNames: ['status_code'],
    registers: [registry],
  });
  const downloads = new Counter({
    name: 'vellum_downloads_total',
    help: 'Downloads of instructions recorded by the public website',
    registers: [registry],
  });
  const { pool, queueDepths, publications, warn } = sources;
  if (pool) {
    new Gauge({
      name: 'vellum_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = pool();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
  new Gauge({
    name: 'vellum_job_queue_jobs',
    help: 'Jobs per queue: queued (waiting or deferred) and active',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const q of await queueDepths()) {
          this.set({ queue: q.queue, state: 'queued' }, q.queued);
          this.set({ queue: q.queue, state: 'active' }, q.active);
        }
      } catch (err) {
        warn(`metrics: job queue depths: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  });
  new Gauge({
    name: 'vellum_publications',
    help: 'Publications that went live, all units, per kind (PUBLISH, RESTORE)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const p of await publications()) this.set({ kind: p.kind }, p.count);
      } catch (err) {
        warn(`metrics: publications: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const labels = { method: METHODS.has(req.method) ? req.method : 'OTHER', route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    if (route.startsWith('/site') && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      sitePages.inc({ status_code: labels.status_code });
    }
  });

  return {
    registry,
    countingDownloads: (recorder) => ({
      record(r) {
        downloads.inc();
        recorder.record(r);
      },
      flush: () => recorder.flush(),
      close: () => recorder.close(),
    }),
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the request's `Authorization` header carries the token as a bearer token (compared in constant time). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return m !== null && timingSafeEqual(digest(m[1]), digest(token));
}
