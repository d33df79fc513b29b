import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CUSTOMER_API_SECURITY_SCHEME } from '@vellum/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { currentBuild } from '../../admin/scripts/builds.js';
import type { Config } from './config.js';
import { type Database, PUBLICATION_CHANNEL } from './db/client.js';
import { apiModules, jobModules } from './modules/index.js';
import { publicationCountsByKind } from './modules/management/management.repo.js';
import { liveCacheOf } from './modules/public-read/live-cache.js';
import { publishedAmong } from './modules/publishing/publications.repo.js';
import { siteHostUrl } from './modules/site/site-hosts.js';
import { type AccessRule, registerAccessHooks } from './platform/access.js';
import { ACCESS_CHANNEL, AccessCache } from './platform/access-cache.js';
import { serveAdminApp } from './platform/admin-app.js';
import type { Deps } from './platform/deps.js';
import { createDownloadRecorder } from './platform/download-recorder.js';
import { frameworkErrorHandler, registerErrorHandler } from './platform/errors.js';
import { createJobQueue } from './platform/jobs.js';
import { createMailer } from './platform/mail.js';
import { createMetrics } from './platform/metrics.js';
import { databaseRateLimitStore } from './platform/rate-limit-store.js';
import { createFileStore } from './platform/storage.js';
import { retainingStore } from './platform/storage-retention.js';
import { TokenService } from './platform/tokens.js';

/** A route as declared by an area, with its access rule (listed for the route-contract tests). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: AccessRule | undefined;
  /** Whether the route changes anything (undefined: by its method), and whether a demo token may still call it. */
  writes: boolean | undefined;
  inDemo: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    declaredRoutes: DeclaredRoute[];
    /** The server is stopping (decision 0068): it takes no new connection and its readiness answers 503. */
    draining: boolean;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Serve the built admin app (default: when there is a build). */
  serveAdmin?: boolean;
  /** The admin build folder to serve (default: the one apps/admin/dist points at now; decision 0052). */
  adminBuild?: string;
  logger?: boolean;
  /** Where the JSON log lines go (default: standard output); tests read them from here. */
  logStream?: { write(line: string): void };
  mailer?: Deps['mailer'];
  /** Work the job queue in this process (default: the configuration's `serverRunsJobs`; a worker process: true). */
  runJobs?: boolean;
}

/**
 * A request's id: the `X-Request-Id` a proxy sent, when it is a plain token (letters, digits and
 * `._:-`, at most 128 characters), so that the proxy's and our log lines share it; otherwise a new
 * UUID. Every log line of the request carries it (`reqId`) and the answer echoes it.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const requestIdOf = (header: string | string[] | undefined): string =>
  typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();

/** Builds the whole server; tests inject() into it, main.ts listens with it. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const logger: FastifyServerOptions['logger'] =
    opts.logger === false ? false : opts.logStream ? { level: config.logLevel, stream: opts.logStream } : { level: config.logLevel };
  const app = Fastify({
    logger,
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // while it drains, a request on a connection still open is served (with Connection: close) rather
    // than refused, so that a proxy that sent it just before it saw the readiness change loses nothing
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
    // a unit bound to its own host name: that host serves its public site only
    rewriteUrl: (req) => siteHostUrl(config.siteHosts, req.headers.host, req.url ?? '/'),
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // draining (decision 0068): every answer closes its connection, also of a request that arrived
  // before, so that no kept-alive connection holds the stop until its idle timeout
  app.decorate('draining', false);
  app.addHook('preClose', async () => {
    app.draining = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    if (app.draining) setImmediate(() => app.server.closeIdleConnections());
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jobs = createJobQueue(database, { error: (m) => app.log.error(m) });
  const metrics = createMetrics(
    app,
    {
      pool: database.poolStats,
      queueDepths: () => jobs.depths(),
      publications: () => publicationCountsByKind(database.db),
      warn: (m) => app.log.warn(m),
    },
    { processMetrics: config.metricsToken !== undefined },
  );
  const deps: Deps = {
    config,
    db: database.db,
    mailer:
      opts.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: join(config.dataDir, 'outbox'),
        log: (m) => app.log.info(m),
      }),
    // what a publication names is never deleted from storage (decision 0037)
    files: retainingStore(createFileStore(config.storageUrl, config.dataDir), (keys) => publishedAmong(database.db, keys)),
    tokens: new TokenService(config.tokenSecret),
    accessCache: new AccessCache(),
    downloads: metrics.countingDownloads(
      createDownloadRecorder(database.db, { log: { warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) } }),
    ),
    jobs,
    metrics,
  };
  app.decorate('deps', deps);
  // after the server has stopped taking requests: the pending download records are written before the database closes
  app.addHook('onClose', async () => deps.downloads.close());
  // every area's queues, then the queue itself (worked here unless separate workers do: decision 0056); stopped before the database closes
  for (const declare of jobModules) declare(deps);
  await deps.jobs.start({ work: opts.runJobs ?? config.serverRunsJobs });
  app.addHook('onClose', async () => deps.jobs.stop(config.shutdownTimeoutMs));
  // the cache is used only while this listens: a change committed by any process empties it (ADR 0015)
  const stopListening = await database.listen(ACCESS_CHANNEL, deps.accessCache);
  app.addHook('onClose', async () => stopListening());
  // which publication is live per unit, held while a change of publications is heard (decision 0047)
  const stopListeningPublications = await database.listen(PUBLICATION_CHANNEL, liveCacheOf(database.db));
  app.addHook('onClose', async () => stopListeningPublications());

  // plain-text bodies (the reset-password request carries the e-mail as text)
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  // security headers on every answer, the 401s of the access hook included; the middleware is built
  // once (the fastify plugin rebuilt it, and re-parsed the policy, on every request: decision 0020)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  // the limits' counters are in the database, shared by every process on it (decision 0068)
  const rateLimitStore = databaseRateLimitStore(database.db, (m) => app.log.warn(m));
  app.addHook('onClose', async () => rateLimitStore.close());
  await app.register(rateLimit, { global: false, store: rateLimitStore.Store });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vellum API', version: config.version, description: 'The Vellum back-office API' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          [CUSTOMER_API_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "The customer API (/api/public/v1, decision 0076): an access token that the manufacturer's identity provider (the CUSTOMER_API single sign-on configuration) issued by OAuth 2.0 client credentials, with the configuration's client id as its audience.",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  registerAccessHooks(app, () => deps.db, deps.tokens, deps.accessCache);

  const declared: DeclaredRoute[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      declared.push({ method, url: r.url, access: r.config?.access, writes: r.config?.writes, inDemo: r.config?.inDemo === true });
  });
  app.decorate('declaredRoutes', declared);
  for (const routes of apiModules) await routes(app);

  const adminBuild = opts.serveAdmin === false ? undefined : (opts.adminBuild ?? currentBuild());
  if (adminBuild) await serveAdminApp(app, adminBuild);
  return app;
}
