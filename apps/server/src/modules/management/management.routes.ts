import { managementInfoResponse } from '@vellum/contract';
import { z } from 'zod';
import { type RoutesPlugin, typed } from '../../platform/deps.js';

export const managementRoutes: RoutesPlugin = async (app) => {
  const { config } = app.deps;
  typed(app).get(
    '/management/info',
    {
      config: { access: 'public' },
      schema: { tags: ['management'], summary: 'Active profiles and the ribbon', response: { 200: managementInfoResponse } },
    },
    async () => ({
      activeProfiles: [config.env === 'production' ? 'prod' : 'dev'],
      'display-ribbon-on-profiles': 'dev',
      version: config.version,
    }),
  );
  // liveness for load balancers; also the bare route benchmarks compare against
  typed(app).get(
    '/management/health',
    { config: { access: 'public' }, schema: { tags: ['management'], response: { 200: z.object({ status: z.literal('UP') }) } } },
    async () => ({ status: 'UP' as const }),
  );
};
