import { publishingApi as api } from '@vellum/contract';
import { authOf, unitFromBody } from '../../platform/access.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { openPreview, PREVIEW_RIGHTS } from './preview.service.js';

export const previewRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.preview, { access: { right: [...PREVIEW_RIGHTS], unit: unitFromBody('businessUnitId') } }, async (req, reply) => {
    reply.status(201);
    return openPreview(deps, authOf(req), req.body);
  });
};
