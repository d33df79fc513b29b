import type { RoutesPlugin } from '../../platform/deps.js';

export const rolesRoutes: RoutesPlugin = async (_app) => {};
