import { idParams, publicationDetailSchema, publicationListQuery, publicationSchema } from '@vellum/contract';
import { z } from 'zod';
import { authOf, unitFromQuery, unitOfEntity } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { getPublication, listPublications, restorePublication, unitOfPublication } from './publications.service.js';

const tags = ['publications'];
/** Who publishes, or reads the publish audit log, reads the history (decision 0037). */
const READ_RIGHTS = ['PUBLISH', 'AUDIT_LOG_PUBLISH_READ'] as const;

export const publicationsRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const ofPublication = unitOfEntity(() => deps.db, 'publication', unitOfPublication);

  r.get(
    '/api/publications',
    {
      config: { access: { right: [...READ_RIGHTS], unit: unitFromQuery('business-unit') } },
      schema: {
        tags,
        summary: 'The publications of a business unit',
        description:
          'Newest first (sort: number, the default, or createdDate, asc or desc); page and size; the total is in x-total-count. ' +
          'live marks the highest-numbered publication, the one the public website shows.',
        querystring: publicationListQuery,
        response: { 200: z.array(publicationSchema) },
      },
    },
    async (req, reply) => {
      const { items, total } = await listPublications(deps, req.query);
      return sendPage(reply, items, total);
    },
  );

  r.get(
    '/api/publications/:id',
    {
      config: { access: { right: [...READ_RIGHTS], unit: ofPublication } },
      schema: {
        tags,
        summary: 'A publication and what changed against the previous one',
        description:
          'changes: products, documents and files added, removed and changed against the unit’s previous number ' +
          '(counts, and at most 100 of each by label), and whether the site configuration differs; null for the first publication.',
        params: idParams,
        response: { 200: publicationDetailSchema },
      },
    },
    (req) => getPublication(deps, req.params.id),
  );

  r.post(
    '/api/publications/:id/restore',
    {
      config: { access: { right: 'PUBLISH', unit: ofPublication } },
      schema: {
        tags,
        summary: 'Makes an earlier publication live again',
        description:
          'Adds a publication of kind RESTORE with the next number and the restored one’s content; history and the draft are ' +
          'untouched. The live publication answers 400 error.publication.alreadyLive; a publish running in the unit answers 409.',
        params: idParams,
        response: { 201: publicationSchema },
      },
    },
    async (req, reply) => {
      const publication = await restorePublication(deps, authOf(req), req.params.id);
      alert(reply, 'vellumApp.publication.restored', publication.number).status(201);
      return publication;
    },
  );
};
