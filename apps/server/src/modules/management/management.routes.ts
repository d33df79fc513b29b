import { managementApi as api } from '@vellum/contract';
import type { RoutesPlugin } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { bearerMatches } from '../../platform/metrics.js';
import { route } from '../../platform/route.js';
import { readiness } from './readiness.js';

export const managementRoutes: RoutesPlugin = async (app) => {
  const { config } = app.deps;
  route(app, api.info, { access: 'public' }, async () => ({
    activeProfiles: [config.env === 'production' ? 'prod' : 'dev'],
    'display-ribbon-on-profiles': 'dev',
    version: config.version,
  }));
  // liveness for load balancers; also the bare route benchmarks compare against
  route(app, api.health, { access: 'public' }, async () => ({ status: 'UP' as const }));
  // readiness: the database and the storage answer, the migrations are applied (503 names the check that failed)
  // …and 503 with draining: true from the moment the server begins to stop (decision 0068)
  route(app, api.ready, { access: 'public' }, async (req, reply) => {
    const answer = await readiness(app.deps, (m) => req.log.warn(m));
    if (app.draining) return reply.code(503).send({ ...answer, status: 'DOWN' as const, draining: true });
    return reply.code(answer.status === 'UP' ? 200 : 503).send(answer);
  });
  // Prometheus metrics, only for the holder of METRICS_TOKEN: without it the route does not exist for anyone
  route(app, api.metrics, { access: 'public' }, async (req, reply) => {
    const token = config.metricsToken;
    if (!token || !bearerMatches(req.headers.authorization, token)) throw notFound();
    const { registry } = app.deps.metrics;
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
};
