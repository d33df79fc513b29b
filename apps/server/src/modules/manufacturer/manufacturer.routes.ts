import type { RoutesPlugin } from '../../platform/deps.js';

export const manufacturerRoutes: RoutesPlugin = async (_app) => {};
