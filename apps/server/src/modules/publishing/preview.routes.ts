import { previewBody, previewLinkSchema } from '@vellum/contract';
import { authOf, unitFromBody } from '../../platform/access.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { openPreview, PREVIEW_RIGHTS } from './preview.service.js';

export const previewRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;

  r.post(
    '/api/publish/preview',
    {
      config: { access: { right: [...PREVIEW_RIGHTS], unit: unitFromBody('businessUnitId') } },
      schema: {
        tags: ['publishing'],
        summary: 'Opens a preview of the public website',
        description:
          'Without publicationId: the unit’s unpublished state as a publish now would show it (compiled into a preview that is never live ' +
          'and writes no date); with it: that publication of the unit. Answers a one-time url valid for a minute; opened in a browser it ' +
          'starts an hour’s preview there (never beyond the session), every page with a banner, not indexed, not cached, no download ' +
          'counted (decision 0042). Needs PUBLISH or DOCUMENT_READ in the unit.',
        body: previewBody,
        response: { 201: previewLinkSchema },
      },
    },
    async (req, reply) => {
      reply.status(201);
      return openPreview(deps, authOf(req), req.body);
    },
  );
};
