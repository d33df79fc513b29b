import type { RoutesPlugin } from '../../platform/deps.js';

export const usersRoutes: RoutesPlugin = async (_app) => {};
