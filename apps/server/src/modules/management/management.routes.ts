import { managementInfoResponse } from '@vellum/contract';
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
};
