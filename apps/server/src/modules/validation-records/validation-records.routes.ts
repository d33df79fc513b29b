import { validationRecordsApi as api, VALIDATION_RECORDS_TOKEN_PARAM } from '@vellum/contract';
import { authOf } from '../../platform/access.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { RECORDS_CSP, recordsPage, refusalPage } from './records-page.js';
import { openRecords, RECORDS_PATH, validationRecordsLink } from './validation-records.service.js';

/** administration → validation records: the one-time link, and the page it opens (decision 0077). */
export const validationRecordsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  route(app, api.link, { access: { right: 'VALIDATION_RECORDS_MANAGE' } }, (req) => validationRecordsLink(deps, authOf(req)));

  // the page itself is no API call: the one-time token is its access
  app.get(RECORDS_PATH, async (req, reply) => {
    const raw = (req.query as Record<string, unknown> | undefined)?.[VALIDATION_RECORDS_TOKEN_PARAM];
    const outcome = await openRecords(deps, typeof raw === 'string' ? raw : undefined);
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', RECORDS_CSP)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');
    if (!outcome.ok) return reply.status(outcome.status).send(refusalPage(outcome.status));
    return reply.status(200).send(recordsPage(outcome.records));
  });
};
