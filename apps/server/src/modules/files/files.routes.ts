import { type AccessRight, filesApi as api, ErrorKeys, FILE_BINARY_MAX_BYTES, RetentionAlerts } from '@vellum/contract';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import {
  type AccessRule,
  authOf,
  idIn,
  type UnitResolver,
  unitFromQuery,
  unitOfEntity,
  unitOfEntityInPathOrBody,
} from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { deleteBinary, downloadBinary, uploadBinary } from './file-binaries.service.js';
import * as repo from './files.repo.js';
import {
  addVersion,
  archiveFile,
  createFile,
  deleteFile,
  documentLotRanges,
  getFile,
  listArchivedFiles,
  listFiles,
  unitOfFile,
  updateFile,
} from './files.service.js';

/** Files are read with DOCUMENT_READ or DOCUMENT_MANAGE, written with DOCUMENT_MANAGE, deleted with DOCUMENT_DELETE (0032). */
const READ: AccessRight[] = ['DOCUMENT_READ', 'DOCUMENT_MANAGE'];

/** The route's upload limit: spec 001 §9, 150 MB per binary (413 past it, nothing kept). */
export const FILE_BINARY_ROUTE_LIMIT = FILE_BINARY_MAX_BYTES;

/** The unit of the document a request names (body or query); 404 when there is no such document. */
const unitOfDocument =
  (db: () => DbOrTx, from: (req: FastifyRequest) => unknown, name: string): UnitResolver =>
  async (req) => {
    const doc = await repo.findDocument(db(), idIn(from(req), name));
    if (!doc) throw new AppError(ErrorKeys.notFound, 404, { entity: 'document' });
    return doc.businessUnitId;
  };

export const filesRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const ofFile = unitOfEntity(() => deps.db, 'file', unitOfFile);
  const ofDocumentQuery = unitOfDocument(
    () => deps.db,
    (req) => req.query,
    'document',
  );
  const update: AccessRule = { right: 'DOCUMENT_MANAGE', unit: unitOfEntityInPathOrBody(() => deps.db, 'file', unitOfFile) };

  route(app, api.list, { access: { right: READ, unit: ofDocumentQuery } }, async (req, reply) => {
    const items = await listFiles(deps, req.query.document);
    return sendPage(reply, items, items.length);
  });
  route(app, api.get, { access: { right: READ, unit: ofFile } }, (req) => getFile(deps, req.params.id));

  const ofBodyDocument = unitOfDocument(
    () => deps.db,
    (req) => req.body,
    'documentId',
  );
  route(app, api.create, { access: { right: 'DOCUMENT_MANAGE', unit: ofBodyDocument } }, async (req, reply) => {
    const file = await createFile(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.file.created', file.name).status(201);
    return file;
  });

  const updated = (file: { name: string }, reply: Parameters<typeof alert>[0]) => alert(reply, 'vellumApp.file.updated', file.name);
  route(app, api.update, { access: update }, async (req, reply) => {
    const file = await updateFile(deps, authOf(req), req.body);
    updated(file, reply);
    return file;
  });
  route(app, api.updateById, { access: update }, async (req, reply) => {
    const file = await updateFile(deps, authOf(req), req.body, req.params.id);
    updated(file, reply);
    return file;
  });

  route(app, api.delete, { access: { right: 'DOCUMENT_DELETE', unit: ofFile } }, async (req, reply) => {
    const { file, retained } = await deleteFile(deps, authOf(req), req.params.id);
    if (!retained) return alert(reply, 'vellumApp.file.deleted', file.name).status(204).send();
    if (retained.retainedUntil === null) alert(reply, RetentionAlerts.fileRetainedIndefinitely, file.name);
    else alert(reply, RetentionAlerts.fileRetained, retained.retainedUntil);
    return { archived: true as const, ...retained };
  });

  route(app, api.addVersion, { access: { right: 'DOCUMENT_MANAGE', unit: ofFile } }, async (req, reply) => {
    const file = await addVersion(deps, authOf(req), req.params.id, req.body);
    alert(reply, 'vellumApp.file.versionAdded', file.versionLabel).status(201);
    return file;
  });

  route(app, api.archive, { access: { right: 'DOCUMENT_MANAGE', unit: ofFile } }, async (req, reply) => {
    const file = await archiveFile(deps, authOf(req), req.params.id, req.body);
    alert(reply, file.archiveDate === null ? 'vellumApp.file.restored' : 'vellumApp.file.archived', file.name);
    return file;
  });

  route(app, api.archived, { access: { right: READ, unit: unitFromQuery('business-unit') } }, async (req, reply) => {
    const items = await listArchivedFiles(deps, req.query['business-unit']);
    return sendPage(reply, items, items.length);
  });

  route(app, api.lotRanges, { access: { right: READ, unit: ofDocumentQuery } }, async (req, reply) => {
    const items = await documentLotRanges(deps, req.query.document);
    return sendPage(reply, items, items.length);
  });

  // ---- binaries
  route(app, api.uploadBinary, { access: { right: 'DOCUMENT_MANAGE', unit: ofFile } }, async (req, reply) => {
    const file = await uploadBinary(deps, authOf(req), req, req.params.id, req.query['file-version'], FILE_BINARY_ROUTE_LIMIT);
    alert(reply, 'vellumApp.file.binaryUploaded', file.name);
    return file;
  });
  route(app, api.downloadBinary, { access: { right: READ, unit: ofFile } }, (req, reply) =>
    downloadBinary(deps, req, reply, req.params.id, req.query),
  );
  route(app, api.deleteBinary, { access: { right: 'DOCUMENT_MANAGE', unit: ofFile } }, async (req, reply) => {
    const file = await deleteBinary(deps, authOf(req), req.params.id, req.query['file-version']);
    alert(reply, 'vellumApp.file.binaryDeleted', file.name);
    return file;
  });
};
