import { referenceDataApi as api } from '@vellum/contract';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { listContinents, listCountries, listLanguages } from './reference-data.repo.js';

/** Read-only reference data (decision 0022): any signed-in user may read it. */
export const referenceDataRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.continents, { access: 'authenticated' }, async (_req, reply) => {
    const rows = await listContinents(deps.db);
    return sendPage(reply, rows, rows.length);
  });
  route(app, api.countries, { access: 'authenticated' }, async (_req, reply) => {
    const rows = await listCountries(deps.db);
    return sendPage(reply, rows, rows.length);
  });
  route(app, api.languages, { access: 'authenticated' }, async (_req, reply) => {
    const rows = await listLanguages(deps.db);
    return sendPage(reply, rows, rows.length);
  });
};
