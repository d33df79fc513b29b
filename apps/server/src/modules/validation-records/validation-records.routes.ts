import { validationRecordsApi as api, VALIDATION_RECORDS_TOKEN_PARAM } from '@vellum/contract';
import type { FastifyReply } from 'fastify';
import { authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import {
  deleteQualificationDocument,
  listQualificationDocuments,
  sendQualificationDocument,
  sendStoredDocument,
  uploadQualificationDocument,
} from './qualification-documents.service.js';
import { GRANT_PARAM } from './records-downloads.js';
import { RECORDS_CSP, recordsPage, refusalPage } from './records-page.js';
import { openRecords, openRecordsDocument, RECORDS_PATH, validationRecordsLink } from './validation-records.service.js';

const MANAGE = { right: 'VALIDATION_RECORDS_MANAGE' } as const;

/** The headers of the records page and of its refusals: nothing kept, nothing referred, nothing indexed. */
const pageHeaders = (reply: FastifyReply) =>
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', RECORDS_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex');

/** administration → validation records: the one-time link, the page it opens, and the customer's IQ/OQ/PQ documents (decision 0077). */
export const validationRecordsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  route(app, api.link, { access: MANAGE }, (req) => validationRecordsLink(deps, authOf(req)));

  route(app, api.qualificationDocuments, { access: MANAGE }, async (req, reply) => {
    const { items, total } = await listQualificationDocuments(deps, req.query);
    return sendPage(reply, items, total);
  });
  route(app, api.uploadQualificationDocument, { access: MANAGE }, async (req, reply) => {
    const created = await uploadQualificationDocument(deps, authOf(req), req);
    alert(reply, 'vellumApp.qualificationDocument.created', created.title);
    return reply.status(201).send(created);
  });
  route(app, api.downloadQualificationDocument, { access: MANAGE }, (req, reply) =>
    sendQualificationDocument(deps, req, reply, req.params.id),
  );
  route(app, api.deleteQualificationDocument, { access: MANAGE }, async (req, reply) => {
    const deleted = await deleteQualificationDocument(deps, authOf(req), req.params.id);
    return alert(reply, 'vellumApp.qualificationDocument.deleted', deleted.title).status(204).send();
  });

  // the page itself is no API call: the one-time token is its access
  app.get(RECORDS_PATH, async (req, reply) => {
    const raw = (req.query as Record<string, unknown> | undefined)?.[VALIDATION_RECORDS_TOKEN_PARAM];
    const outcome = await openRecords(deps, typeof raw === 'string' ? raw : undefined);
    pageHeaders(reply);
    if (!outcome.ok) return reply.status(outcome.status).send(refusalPage(outcome.status));
    return reply.status(200).send(recordsPage(outcome.records, outcome.documents));
  });

  // a customer's document from the page: the signed link the page gave it is its access
  app.get<{ Params: { id: string } }>(`${RECORDS_PATH}/documents/:id`, async (req, reply) => {
    const raw = (req.query as Record<string, unknown> | undefined)?.[GRANT_PARAM];
    const id = /^\d{1,10}$/.test(req.params.id) ? Number(req.params.id) : 0;
    const outcome = await openRecordsDocument(deps, id, typeof raw === 'string' ? raw : undefined);
    if (!outcome.ok) return pageHeaders(reply).status(outcome.status).send(refusalPage(outcome.status, 'download'));
    reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
    return sendStoredDocument(deps, req, reply, outcome.row, 'no-store');
  });
};
