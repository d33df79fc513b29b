import { demoApi as api } from '@vellum/contract';
import { authOf } from '../../platform/access.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { endDemos, startDemo } from './demo.service.js';

/** Demo mode: view the admin as a user group or a user, read-only (decision 0072). */
export const demoRoutes: RoutesPlugin = async (app) => {
  const deps = app.deps;

  route(app, api.start, { access: { right: 'DEMO_MODUS' } }, async (req) => startDemo(deps, authOf(req), req.query));

  route(app, api.end, { access: 'authenticated', inDemo: true }, async (req, reply) => {
    await endDemos(deps, authOf(req));
    return reply.status(204).send();
  });
};
