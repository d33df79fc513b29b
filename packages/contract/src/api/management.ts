import { z } from 'zod';
import { managementInfoResponse } from '../auth.js';
import { defineRoute } from './define.js';

const tags = ['management'];

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
};
