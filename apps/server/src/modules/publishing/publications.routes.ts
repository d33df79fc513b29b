import { publishingApi as api } from '@vellum/contract';
import { authOf, unitFromQuery, unitOfEntity } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { queueLiveStateRefresh } from '../documents/document-live-state.jobs.js';
import { getPublication, listPublications, restorePublication, unitOfPublication } from './publications.service.js';

/** Who publishes, or reads the publish audit log, reads the history (decision 0037). */
const READ_RIGHTS = ['PUBLISH', 'AUDIT_LOG_PUBLISH_READ'] as const;

export const publicationsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const ofPublication = unitOfEntity(() => deps.db, 'publication', unitOfPublication);

  route(app, api.publications, { access: { right: [...READ_RIGHTS], unit: unitFromQuery('business-unit') } }, async (req, reply) => {
    const { items, total } = await listPublications(deps, req.query);
    return sendPage(reply, items, total);
  });

  route(app, api.publication, { access: { right: [...READ_RIGHTS], unit: ofPublication } }, (req) => getPublication(deps, req.params.id));

  route(app, api.restorePublication, { access: { right: 'PUBLISH', unit: ofPublication } }, async (req, reply) => {
    const publication = await restorePublication(deps, authOf(req), req.params.id);
    await queueLiveStateRefresh(deps, publication.businessUnitId, (err) => req.log.error({ err }, 'document states not queued'));
    alert(reply, 'vellumApp.publication.restored', publication.number).status(201);
    return publication;
  });
};
