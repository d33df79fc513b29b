import {
  type AccessRight,
  archivedFileSchema,
  documentLotRangeSchema,
  ErrorKeys,
  FILE_BINARY_MAX_BYTES,
  fileArchiveBody,
  fileBinaryQuery,
  fileBinaryWriteQuery,
  fileCreateBody,
  fileDocumentQuery,
  fileSchema,
  fileUpdateBody,
  fileVersionCreateBody,
  idParams,
  unitQuery,
} from '@vellum/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { sendPage } from '../../platform/paging.js';
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

const tags = ['files'];
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
  const r = typed(app);
  const { deps } = app;
  const ofFile = unitOfEntity(() => deps.db, 'file', unitOfFile);
  const ofDocumentQuery = unitOfDocument(
    () => deps.db,
    (req) => req.query,
    'document',
  );
  const update: AccessRule = { right: 'DOCUMENT_MANAGE', unit: unitOfEntityInPathOrBody(() => deps.db, 'file', unitOfFile) };

  r.get(
    '/api/files',
    {
      config: { access: { right: READ, unit: ofDocumentQuery } },
      schema: {
        tags,
        summary: 'The files of a document, by name, each with its versions',
        description: 'An array (x-total-count: how many) of every file of the document, archived ones included.',
        querystring: fileDocumentQuery,
        response: { 200: z.array(fileSchema) },
      },
    },
    async (req, reply) => {
      const items = await listFiles(deps, req.query.document);
      return sendPage(reply, items, items.length);
    },
  );

  r.get(
    '/api/files/:id',
    {
      config: { access: { right: READ, unit: ofFile } },
      schema: { tags, summary: 'A file with its versions (newest first)', params: idParams, response: { 200: fileSchema } },
    },
    (req) => getFile(deps, req.params.id),
  );

  r.post(
    '/api/files',
    {
      config: {
        access: {
          right: 'DOCUMENT_MANAGE',
          unit: unitOfDocument(
            () => deps.db,
            (req) => req.body,
            'documentId',
          ),
        },
      },
      schema: {
        tags,
        summary: 'Creates a file of a document and its first version (no binary yet, unpublished)',
        description:
          'Rules (error.file.*): rest-of-world files name no countries, others at least one; only rest-of-world files while the ' +
          "worldwide public website is on; at least one of the unit's document languages; lot ranges only when allLotNumbers is " +
          'off (then at least one), each of a product the document documents. restOfTheWorld, remarksActive and historical ' +
          'need FILE_ROTW, FILE_REMARK_ACTIVATE and FILE_HISTORICAL.',
        body: fileCreateBody,
        response: { 201: fileSchema },
      },
    },
    async (req, reply) => {
      const file = await createFile(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.file.created', file.name).status(201);
      return file;
    },
  );

  const updateSchema = {
    tags,
    summary: 'Updates a file and its current version',
    description:
      'versionLabel, date and validTo apply to the current version; once it is published or scheduled only validTo may change ' +
      '(error.file.versionPublished). The document cannot change; a stale version answers 409. Changing restOfTheWorld, ' +
      'remarksActive or historical needs its FILE_* right.',
    body: fileUpdateBody,
    response: { 200: fileSchema },
  };
  const updated = (file: { name: string }, reply: Parameters<typeof alert>[0]) => alert(reply, 'vellumApp.file.updated', file.name);
  r.put('/api/files', { config: { access: update }, schema: updateSchema }, async (req, reply) => {
    const file = await updateFile(deps, authOf(req), req.body);
    updated(file, reply);
    return file;
  });
  r.put('/api/files/:id', { config: { access: update }, schema: { ...updateSchema, params: idParams } }, async (req, reply) => {
    const file = await updateFile(deps, authOf(req), req.body, req.params.id);
    updated(file, reply);
    return file;
  });

  r.delete(
    '/api/files/:id',
    {
      config: { access: { right: 'DOCUMENT_DELETE', unit: ofFile } },
      schema: {
        tags,
        summary: 'Deletes a file that was never published or scheduled, with its versions and binaries',
        description: 'A file with a published or scheduled version is archived instead (error.file.published).',
        params: idParams,
      },
    },
    async (req, reply) => {
      const file = await deleteFile(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.file.deleted', file.name).status(204).send();
    },
  );

  r.post(
    '/api/files/:id/versions',
    {
      config: { access: { right: 'DOCUMENT_MANAGE', unit: ofFile } },
      schema: {
        tags,
        summary: 'Adds a new version to a file; earlier versions stay with their dates and binaries',
        description:
          'The current version needs its binary first (error.file.binaryRequired); the label is unique in the file regardless ' +
          'of case (error.file.versionLabelExists). Versions are ordered by date, then by creation: the last is current.',
        params: idParams,
        body: fileVersionCreateBody,
        response: { 201: fileSchema },
      },
    },
    async (req, reply) => {
      const file = await addVersion(deps, authOf(req), req.params.id, req.body);
      alert(reply, 'vellumApp.file.versionAdded', file.versionLabel).status(201);
      return file;
    },
  );

  r.put(
    '/api/files/:id/archive',
    {
      config: { access: { right: 'DOCUMENT_MANAGE', unit: ofFile } },
      schema: {
        tags,
        summary: 'Archives a file (from archiveDate, usually now) or restores it (archiveDate null)',
        description: 'An archived file is off the public site and stays here; a stale version answers 409.',
        params: idParams,
        body: fileArchiveBody,
        response: { 200: fileSchema },
      },
    },
    async (req, reply) => {
      const file = await archiveFile(deps, authOf(req), req.params.id, req.body);
      alert(reply, file.archiveDate === null ? 'vellumApp.file.restored' : 'vellumApp.file.archived', file.name);
      return file;
    },
  );

  r.get(
    '/api/documents/archived-files',
    {
      config: { access: { right: READ, unit: unitFromQuery('business-unit') } },
      schema: {
        tags,
        summary: "The unit's files with an archive date, with their document",
        description: 'By document number and file name; x-total-count: how many.',
        querystring: unitQuery,
        response: { 200: z.array(archivedFileSchema) },
      },
    },
    async (req, reply) => {
      const items = await listArchivedFiles(deps, req.query['business-unit']);
      return sendPage(reply, items, items.length);
    },
  );

  r.get(
    '/api/product-type-attribute-values/lot-ranges/search',
    {
      config: { access: { right: READ, unit: ofDocumentQuery } },
      schema: {
        tags,
        summary: 'The lot ranges the files of a document may be tied to',
        description:
          'The ranges of the products the document documents, directly or through its product groups (ranges linked to those ' +
          'products and ranges that apply to every product of their type). Archived ranges only while a file of the document names them.',
        querystring: fileDocumentQuery,
        response: { 200: z.array(documentLotRangeSchema) },
      },
    },
    async (req, reply) => {
      const items = await documentLotRanges(deps, req.query.document);
      return sendPage(reply, items, items.length);
    },
  );

  // ---- binaries
  r.post(
    '/api/files/:id/binary',
    {
      config: { access: { right: 'DOCUMENT_MANAGE', unit: ofFile } },
      schema: {
        tags,
        summary: "Uploads the binary of a file's version (default: the current one)",
        description:
          'multipart/form-data with the file in `file`: PDF, PNG, JPEG, GIF, WebP or ZIP by its content, at most 150 MB ' +
          '(413 error.fileTooLarge, nothing kept). Replaces the version’s earlier binary; a published or scheduled version ' +
          'keeps its binary (error.file.versionPublished). `file-version` names another version of the same file.',
        params: idParams,
        querystring: fileBinaryWriteQuery,
        response: { 200: fileSchema },
      },
    },
    async (req, reply) => {
      const file = await uploadBinary(deps, authOf(req), req, req.params.id, req.query['file-version'], FILE_BINARY_ROUTE_LIMIT);
      alert(reply, 'vellumApp.file.binaryUploaded', file.name);
      return file;
    },
  );
  r.get(
    '/api/files/:id/binary',
    {
      config: { access: { right: READ, unit: ofFile } },
      schema: {
        tags,
        summary: "Downloads the binary of a file's version (default: the current one)",
        description:
          'Streamed with Content-Length, Content-Disposition (attachment, or inline with disposition=inline for the image ' +
          'preview), ETag (304) and single byte ranges (206, 416). `file-version` names an earlier version of the same file.',
        params: idParams,
        querystring: fileBinaryQuery,
      },
    },
    (req, reply) => downloadBinary(deps, req, reply, req.params.id, req.query),
  );
  r.delete(
    '/api/files/:id/binary',
    {
      config: { access: { right: 'DOCUMENT_MANAGE', unit: ofFile } },
      schema: {
        tags,
        summary: "Removes the binary of a file's version that is not published or scheduled (default: the current one)",
        params: idParams,
        querystring: fileBinaryWriteQuery,
        response: { 200: fileSchema },
      },
    },
    async (req, reply) => {
      const file = await deleteBinary(deps, authOf(req), req.params.id, req.query['file-version']);
      alert(reply, 'vellumApp.file.binaryDeleted', file.name);
      return file;
    },
  );
};
