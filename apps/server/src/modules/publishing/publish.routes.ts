import { publishingApi as api } from '@vellum/contract';
import { authOf, unitFromBody, unitFromQuery } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { type RouteOptions, route } from '../../platform/route.js';
import { queueLiveStateRefresh } from '../documents/document-live-state.jobs.js';
import { publish, publishChanges, publishFiles, publishProducts, publishReadiness, publishState } from './publish.service.js';

const inQueryUnit: RouteOptions = { access: { right: 'PUBLISH', unit: unitFromQuery('business-unit') } };

export const publishRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.readiness, inQueryUnit, (req) => publishReadiness(deps, req.query['business-unit']));
  route(app, api.changes, inQueryUnit, (req) => publishChanges(deps, req.query['business-unit']));
  route(app, api.products, inQueryUnit, (req) => publishProducts(deps, req.query));
  route(app, api.files, inQueryUnit, (req) => publishFiles(deps, req.query));
  route(app, api.state, inQueryUnit, (req) => publishState(deps, req.query['business-unit']));

  route(app, api.publish, { access: { right: 'PUBLISH', unit: unitFromBody('businessUnitId') } }, async (req, reply) => {
    const created = await publish(deps, authOf(req), req.body, (err) => req.log.error({ err }, 'publish failed'));
    await queueLiveStateRefresh(deps, created.businessUnitId, (err) => req.log.error({ err }, 'document states not queued'));
    alert(reply, 'vellumApp.publish.success', created.number).status(201);
    return created;
  });
};
