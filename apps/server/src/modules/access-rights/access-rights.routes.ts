import { ACCESS_RIGHTS } from '@vellum/contract';
import { z } from 'zod';
import { type RoutesPlugin, typed } from '../../platform/deps.js';

export const accessRightsRoutes: RoutesPlugin = async (app) => {
  typed(app).get(
    '/api/access-rights',
    {
      config: { access: { right: ['ROLE_MANAGE', 'ACCESS_RIGHT_READ'] } },
      schema: { tags: ['access'], summary: 'Every access right', response: { 200: z.array(z.string()) } },
    },
    async () => [...ACCESS_RIGHTS],
  );
};
