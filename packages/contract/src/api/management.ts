import { z } from 'zod';
import { managementInfoResponse } from '../auth.js';
import { defineRoute } from './define.js';

const tags = ['management'];

const checkStatus = z.enum(['UP', 'DOWN']);
/** One dependency as the readiness check saw it; `error` says briefly why it is down (the server's log has the details). */
const readinessCheck = z.object({ status: checkStatus, error: z.string().optional() });

/** Whether this process can serve: the database and the storage answer, and every migration it ships is applied. */
export const readinessResponse = z.object({
  status: checkStatus,
  checks: z.object({
    database: readinessCheck,
    storage: readinessCheck,
    migrations: readinessCheck.extend({ applied: z.number().int(), expected: z.number().int() }),
  }),
  /** True once the server has begun to stop (SIGTERM): it is DOWN whatever its checks say, so a proxy sends elsewhere. */
  draining: z.boolean().optional(),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;

/** What the server tells about itself, outside /api/. */
export const managementApi = {
  info: defineRoute({
    method: 'GET',
    path: '/management/info',
    tags,
    summary: 'Active profiles and the ribbon',
    response: { 200: managementInfoResponse },
  }),
  /** Liveness for load balancers. */
  health: defineRoute({
    method: 'GET',
    path: '/management/health',
    tags,
    // none in the OpenAPI document (an empty summary is left out of it)
    summary: '',
    response: { 200: z.object({ status: z.literal('UP') }) },
  }),
  /** Readiness for load balancers and orchestrators: 503 while a dependency is down or a migration is pending. */
  ready: defineRoute({
    method: 'GET',
    path: '/management/ready',
    tags,
    summary: 'Readiness: the database and the storage reachable, the migrations applied',
    response: { 200: readinessResponse, 503: readinessResponse },
  }),
  /**
   * Prometheus metrics (text exposition format) for a request that sends the server's
   * `METRICS_TOKEN` as its bearer token; 404 otherwise, and always when no token is configured.
   */
  metrics: defineRoute({
    method: 'GET',
    path: '/management/metrics',
    tags,
    summary: "Prometheus metrics (bearer token: the server's METRICS_TOKEN)",
    produces: ['text/plain'],
  }),
};
