import type { RoutesPlugin } from '../../platform/deps.js';

export const accountRoutes: RoutesPlugin = async (_app) => {};
