import type { RoutesPlugin } from '../../platform/deps.js';

export const userGroupsRoutes: RoutesPlugin = async (_app) => {};
