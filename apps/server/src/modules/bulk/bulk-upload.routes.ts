import type { Readable } from 'node:stream';
import { bulkUploadApi as api, BULK_ZIP_MAX_BYTES } from '@vellum/contract';
import { create as contentDisposition } from 'content-disposition';
import { authOf, unitFromBody, unitFromQuery, unitOfEntity } from '../../platform/access.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import {
  cancelUpload,
  completeUpload,
  getUpload,
  importUnitOf,
  listUploads,
  openRejectedRows,
  receiveUpload,
  requestUpload,
  uploadErrors,
} from './bulk-upload.service.js';

/** Bulk uploads and imports (spec 001 §4, §7 "Bulk"; decision 0057). */
export const bulkUploadRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const db = () => deps.db;
  const IMPORT_UNIT = { right: 'BULK_IMPORT' as const, unit: unitOfEntity(db, 'bulkJob', importUnitOf) };

  // the zip's body reaches the handler as the request's stream, never parsed nor buffered
  app.addContentTypeParser('application/zip', (_req, payload, done) => done(null, payload));

  route(app, api.uploadUrl, { access: { right: 'BULK_IMPORT', unit: unitFromBody('businessUnitId') } }, async (req, reply) => {
    const answer = await requestUpload(deps, authOf(req), req.body);
    return reply.status(201).send(answer);
  });

  // the URL upload-url answers with disk storage: its token is the credential
  route(app, api.putZip, { access: 'public', bodyLimit: BULK_ZIP_MAX_BYTES }, async (req, reply) => {
    await receiveUpload(deps, req.params.id, req.query.token, req.body as unknown as Readable);
    return reply.status(204).send();
  });

  route(app, api.uploadComplete, { access: IMPORT_UNIT }, (req) => completeUpload(deps, authOf(req), req.params.id));

  route(app, api.list, { access: { right: 'BULK_IMPORT', unit: unitFromQuery('business-unit') } }, async (req, reply) => {
    const { items, total } = await listUploads(deps, req.query);
    reply.header('x-total-count', String(total));
    return items;
  });

  route(app, api.get, { access: IMPORT_UNIT }, (req) => getUpload(deps, req.params.id));

  route(app, api.errors, { access: IMPORT_UNIT }, async (req, reply) => {
    const { items, total } = await uploadErrors(deps, req.params.id, req.query);
    reply.header('x-total-count', String(total));
    return items;
  });

  route(app, api.rejectedRows, { access: IMPORT_UNIT }, async (req, reply) => {
    const { stream, fileName, contentType } = await openRejectedRows(deps, req.params.id);
    return reply
      .header('content-type', contentType)
      .header('content-disposition', contentDisposition(fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  route(app, api.cancel, { access: IMPORT_UNIT }, (req) => cancelUpload(deps, authOf(req), req.params.id));
};
