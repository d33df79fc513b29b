import type { RoutesPlugin } from '../../platform/deps.js';

export const auditLogsRoutes: RoutesPlugin = async (_app) => {};
