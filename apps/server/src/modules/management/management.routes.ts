import { managementApi as api } from '@vellum/contract';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';

export const managementRoutes: RoutesPlugin = async (app) => {
  const { config } = app.deps;
  route(app, api.info, { access: 'public' }, async () => ({
    activeProfiles: [config.env === 'production' ? 'prod' : 'dev'],
    'display-ribbon-on-profiles': 'dev',
    version: config.version,
  }));
  // liveness for load balancers; also the bare route benchmarks compare against
  route(app, api.health, { access: 'public' }, async () => ({ status: 'UP' as const }));
};
