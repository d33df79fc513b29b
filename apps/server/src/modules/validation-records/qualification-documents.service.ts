import {
  ErrorKeys,
  QUALIFICATION_DOCUMENT_MAX_BYTES,
  QUALIFICATION_DOCUMENT_SHA256_HEADER,
  type QualificationDocument,
  type QualificationDocumentKind,
  qualificationDocumentFields,
  type qualificationDocumentListQuery,
} from '@vellum/contract';
import { asc } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access.js';
import { audit } from '../../platform/audit.js';
import { type BinaryKind, receiveBinary, sendBinary } from '../../platform/binaries.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, notFound } from '../../platform/errors.js';
import { pageRequest } from '../../platform/paging.js';
import { MANUFACTURER_ID } from '../manufacturer/manufacturer.repo.js';
import * as repo from './qualification-documents.repo.js';

const ENTITY = 'qualification-document';
const OBJECT = 'qualificationDocument';
/** A PDF by its content, nothing else. */
const PDF_ONLY: readonly BinaryKind[] = [{ mediaType: 'application/pdf', extension: 'pdf' }];

export const qualificationDocumentView = (r: repo.QualificationDocumentRow): QualificationDocument => ({
  id: r.id,
  kind: r.kind as QualificationDocumentKind,
  title: r.title,
  version: r.version,
  approvalDate: r.approvalDate,
  fileName: r.fileName,
  size: r.size,
  sha256: r.sha256,
  uploadedBy: r.uploadedBy,
  uploadedDate: r.uploadedDate.toISOString(),
});

/** What the audit row keeps of a document: all the list shows (not where its bytes are). */
const stateOf = qualificationDocumentView;
const labelOf = (r: Pick<repo.QualificationDocumentRow, 'kind' | 'title' | 'version'>) => `${r.kind} ${r.title} ${r.version}`.slice(0, 255);

export async function listQualificationDocuments(
  deps: Pick<Deps, 'db'>,
  query: z.output<typeof qualificationDocumentListQuery>,
): Promise<{ items: QualificationDocument[]; total: number }> {
  const page = pageRequest(query, repo.SORTABLE, repo.TIE_BREAKER);
  const orderBy = query.sort.length > 0 ? page.orderBy : [...repo.DEFAULT_ORDER, ...page.orderBy];
  const [rows, total] = await Promise.all([
    repo.listDocuments(deps.db, MANUFACTURER_ID, { limit: page.limit, offset: page.offset, orderBy }),
    repo.countDocuments(deps.db, MANUFACTURER_ID),
  ]);
  return { items: rows.map(qualificationDocumentView), total };
}

/** The text fields of an upload checked by the contract's schema: 400 with a field error per problem, nothing stored. */
function parseFields(fields: Record<string, string>): z.output<typeof qualificationDocumentFields> {
  const parsed = qualificationDocumentFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const fieldErrors = parsed.error.issues.map((issue) => ({
    objectName: OBJECT,
    field: issue.path.join('.') || OBJECT,
    message: fields[String(issue.path[0])] === undefined ? 'NotNull' : issue.message,
  }));
  const only = fieldErrors.length === 1 ? fieldErrors[0].message : undefined;
  // a rule of its own (the approval date) answers with its key, as the other services' rules do
  const key = only?.startsWith('error.') ? only : ErrorKeys.validation;
  throw new AppError(key, 400, undefined, fieldErrors);
}

/**
 * Receives an IQ/OQ/PQ document (decision 0077): its fields checked before any byte is kept, the
 * file streamed into the store (a PDF by its content, at most `maxBytes`, its SHA-256 computed on
 * the way), then the row and its audit entry in one transaction; the object is removed again when
 * that fails.
 */
export async function uploadQualificationDocument(
  deps: Pick<Deps, 'db' | 'files'>,
  auth: AuthContext,
  req: FastifyRequest,
  maxBytes = QUALIFICATION_DOCUMENT_MAX_BYTES,
): Promise<QualificationDocument> {
  const upload: { fields?: z.output<typeof qualificationDocumentFields> } = {};
  const received = await receiveBinary(req, deps.files, {
    prefix: 'qualification-documents',
    maxBytes,
    kinds: PDF_ONLY,
    checkFields: (values) => {
      upload.fields = parseFields(values);
    },
  });
  try {
    const checked = upload.fields;
    // receiveBinary checks the fields before it stores anything
    if (!checked) throw new AppError(ErrorKeys.badRequest, 400);
    return await deps.db.transaction(async (tx) => {
      const row = await repo.insertDocument(tx, {
        manufacturerId: MANUFACTURER_ID,
        kind: checked.kind,
        title: checked.title,
        version: checked.version,
        approvalDate: checked.approvalDate,
        fileName: received.fileName,
        size: received.size,
        sha256: received.sha256,
        storageKey: received.key,
        uploadedBy: auth.login,
      });
      await audit(tx, auth, { entityName: ENTITY, entityId: row.id, entityLabel: labelOf(row), action: 'CREATE', changes: stateOf(row) });
      return qualificationDocumentView(row);
    });
  } catch (err) {
    await deps.files.delete(received.key).catch(() => {});
    throw err;
  }
}

/** Streams the PDF, with the SHA-256 of the whole file in a header (and as `repr-digest`, RFC 9530). */
export async function sendQualificationDocument(deps: Pick<Deps, 'db' | 'files'>, req: FastifyRequest, reply: FastifyReply, id: number) {
  const row = await repo.findDocument(deps.db, MANUFACTURER_ID, id);
  if (!row) throw notFound(ENTITY);
  return sendStoredDocument(deps, req, reply, row);
}

/** Sends a document's PDF as a download (the API's route and the records page's link alike). */
export function sendStoredDocument(
  deps: Pick<Deps, 'files'>,
  req: FastifyRequest,
  reply: FastifyReply,
  row: repo.QualificationDocumentRow,
  cacheControl?: string,
) {
  reply
    .header(QUALIFICATION_DOCUMENT_SHA256_HEADER, row.sha256)
    .header('repr-digest', `sha-256=:${Buffer.from(row.sha256, 'hex').toString('base64')}:`);
  return sendBinary(req, reply, deps.files, {
    key: row.storageKey,
    size: row.size,
    mediaType: 'application/pdf',
    sha256: row.sha256,
    fileName: row.fileName,
    cacheControl,
  });
}

/** Deletes a document, audited with what it was; its object goes once the delete commits. */
export async function deleteQualificationDocument(
  deps: Pick<Deps, 'db' | 'files'>,
  auth: AuthContext,
  id: number,
): Promise<QualificationDocument> {
  const before = await deps.db.transaction(async (tx) => {
    const row = await repo.findDocument(tx, MANUFACTURER_ID, id, true);
    if (!row) throw notFound(ENTITY);
    await repo.deleteDocument(tx, MANUFACTURER_ID, id);
    await audit(tx, auth, { entityName: ENTITY, entityId: id, entityLabel: labelOf(row), action: 'DELETE', changes: stateOf(row) });
    return row;
  });
  await deps.files.delete(before.storageKey).catch(() => {});
  return qualificationDocumentView(before);
}

/** Every document of the manufacturer for the records page: IQ, OQ, PQ, newest approval first. */
export const documentsForRecords = (deps: Pick<Deps, 'db'>) =>
  repo.listDocuments(deps.db, MANUFACTURER_ID, { limit: 10_000, offset: 0, orderBy: [...repo.DEFAULT_ORDER, asc(repo.TIE_BREAKER)] });
