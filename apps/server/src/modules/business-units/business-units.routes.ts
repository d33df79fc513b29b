import type { RoutesPlugin } from '../../platform/deps.js';

export const businessUnitsRoutes: RoutesPlugin = async (_app) => {};
