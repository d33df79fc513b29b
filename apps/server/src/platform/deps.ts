import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { AccessCache } from './access-cache.js';
import type { DownloadRecorder } from './download-recorder.js';
import type { FileStore } from './file-store.js';
import type { JobQueue } from './jobs.js';
import type { Mailer } from './mail.js';
import type { Metrics } from './metrics.js';
import type { TokenService } from './tokens.js';

/** What services need from the outside world; built once in buildApp and handed down. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  files: FileStore;
  tokens: TokenService;
  /** Sessions, users' rights and shared settings of the request path, invalidated by the database. */
  accessCache: AccessCache;
  /** The public website's download records, written in batches off the request path (decision 0040). */
  downloads: DownloadRecorder;
  /** The background jobs' queue (decision 0056). */
  jobs: JobQueue;
  /** The Prometheus registry `/management/metrics` answers from. */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

/** A route file: registers one area's routes. */
export type RoutesPlugin = (app: FastifyInstance) => Promise<void>;
