import { ACCESS_RIGHTS, accessRightsApi as api } from '@vellum/contract';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';

export const accessRightsRoutes: RoutesPlugin = async (app) => {
  route(app, api.list, { access: { right: ['ROLE_MANAGE', 'ACCESS_RIGHT_READ'] } }, async () => [...ACCESS_RIGHTS]);
};
