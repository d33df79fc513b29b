import { PassThrough, type Readable } from 'node:stream';
import {
  BulkErrorKeys,
  type BulkJob,
  type BulkRowError,
  type BulkUploadUrl,
  type bulkJobListQuery,
  type bulkRowErrorQuery,
  type bulkUploadUrlBody,
  BulkUploadErrorKeys as E,
} from '@vellum/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access.js';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../platform/errors.js';
import { ObjectTooLarge } from '../../platform/storage-stream.js';
import { type BulkJobRow, bulkUploadsActive, findJob, findProductTypeOf, insertJob, updateJob } from './bulk.repo.js';
import { errorPage, importUnitOf, listImports, moveImport, releaseUploadToken, takeUploadToken } from './bulk-upload.repo.js';
import { IMPORT_QUEUE, type ImportJobData } from './import/import-job.js';

/** The purpose of an upload URL's token (TokenService.signFor): never a bearer token, nor any other. */
const UPLOAD_PURPOSE = 'bulk-upload';
/** The spec's transfer timeout (001 §9): an upload URL is valid 90 minutes. */
const UPLOAD_MINUTES = 90;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function bulkJobOf(row: BulkJobRow): BulkJob {
  return {
    id: row.id,
    entity: row.entity as BulkJob['entity'],
    kind: row.kind as BulkJob['kind'],
    mode: row.mode as BulkJob['mode'],
    onError: row.onError as BulkJob['onError'],
    status: row.status as BulkJob['status'],
    fileName: row.fileName,
    fileFormat: row.fileFormat as BulkJob['fileFormat'],
    businessUnitId: row.businessUnitId,
    productTypeId: row.productTypeId,
    userLogin: row.userLogin,
    createdDate: row.createdDate.toISOString(),
    processedDate: iso(row.processedDate),
    rowsTotal: row.rowsTotal,
    rowsDone: row.rowsDone,
    rowsCreated: row.rowsCreated,
    rowsUpdated: row.rowsUpdated,
    rowsRemoved: row.rowsRemoved,
    rowsRejected: row.rowsRejected,
    log: row.log,
    hasRejectedRows: row.rejectedRowsKey !== null,
    hasZip: row.storageKey !== null && row.status !== 'UPLOADING',
    cancelRequested: row.cancelRequested,
  };
}

/** The business unit an import's routes check BULK_IMPORT in; 404 when the id names no import. */
export { importUnitOf };

async function requireUploadsActive(deps: Deps): Promise<void> {
  if (!(await bulkUploadsActive(deps.db))) throw badRequest(E.uploadsDisabled);
}

/**
 * POST api/bulk/upload-url: records the upload (UPLOADING) with its audit entry and answers where
 * to PUT the zip: the server's own streaming endpoint with a token for this upload, valid for the
 * spec's 90-minute transfer timeout (with S3 storage too, for now: decision 0057).
 */
export async function requestUpload(deps: Deps, auth: AuthContext, body: z.output<typeof bulkUploadUrlBody>): Promise<BulkUploadUrl> {
  await requireUploadsActive(deps);
  const unit = body.businessUnitId;
  let productTypeId: number | null = null;
  if (body.entity === 'PRODUCT') {
    const type = body.productTypeId === undefined ? undefined : await findProductTypeOf(deps.db, body.productTypeId);
    if (!type || type.businessUnitId !== unit) throw fieldError('bulkUpload', 'productTypeId', BulkErrorKeys.productTypeUnitMismatch);
    productTypeId = type.id;
  }
  const expiresAt = new Date(Date.now() + UPLOAD_MINUTES * 60 * 1000);
  // S3: the browser PUTs straight to the bucket, to a key chosen now (decision 0057)
  const direct = deps.files.presignedPut
    ? await deps.files.presignedPut('bulk-uploads', 'zip', {
        expiresInSeconds: UPLOAD_MINUTES * 60,
        contentType: 'application/zip',
        contentLength: body.fileSize,
      })
    : undefined;
  const job = await deps.db.transaction(async (tx) => {
    const row = await insertJob(tx, {
      storageKey: direct?.key ?? null,
      businessUnitId: unit,
      entity: body.entity,
      productTypeId,
      userId: auth.userId,
      userLogin: auth.login,
      kind: 'IMPORT',
      status: 'UPLOADING',
      fileName: body.fileName,
      fileSize: body.fileSize,
      mode: body.mode,
      onError: body.onError,
      fileFormat: null,
    });
    await audit(tx, auth, {
      businessUnitId: unit,
      entityName: 'bulk_job',
      entityId: row.id,
      entityLabel: body.fileName,
      action: 'UPLOAD_REQUESTED',
      changes: {
        entity: { from: null, to: body.entity },
        productType: { from: null, to: productTypeId },
        fileName: { from: null, to: body.fileName },
        fileSize: { from: null, to: body.fileSize },
        mode: { from: null, to: body.mode },
        onError: { from: null, to: body.onError },
      },
    });
    return row;
  });
  if (direct) {
    return {
      id: job.id,
      url: direct.url,
      method: 'PUT',
      headers: { 'content-type': 'application/zip' },
      expiresAt: expiresAt.toISOString(),
    };
  }
  const token = await deps.tokens.signFor(UPLOAD_PURPOSE, { userId: auth.userId, sessionId: UPLOAD_PURPOSE }, { job: job.id }, expiresAt);
  return {
    id: job.id,
    url: `/api/bulk/uploads/${job.id}?token=${encodeURIComponent(token)}`,
    method: 'PUT',
    headers: { 'content-type': 'application/zip' },
    expiresAt: expiresAt.toISOString(),
  };
}

const linkInvalid = () => new AppError(E.uploadLinkInvalid, 403);

/**
 * PUT api/bulk/uploads/{id}?token: streams the zip to the file store (never whole in memory). The
 * token names the upload and works once; the body must have the announced size, else nothing is
 * kept (400) and the same URL may be tried again until it expires. The upload becomes UPLOADED.
 */
export async function receiveUpload(deps: Deps, id: number, token: string, body: Readable): Promise<void> {
  const found = await deps.tokens.verifyFor(UPLOAD_PURPOSE, token);
  if (!found || found.claims.job !== id) throw linkInvalid();
  await requireUploadsActive(deps);
  const job = await takeUploadToken(deps.db, id);
  if (!job || job.fileSize === null) throw linkInvalid();
  let stored: Awaited<ReturnType<Deps['files']['putStream']>>;
  // the store's pipeline destroys its source on a refusal: it gets a pass-through, so the request
  // itself stays whole and answers its 400
  const source = body.pipe(new PassThrough());
  try {
    stored = await deps.files.putStream('bulk-uploads', source, 'zip', { maxBytes: job.fileSize, contentType: 'application/zip' });
  } catch (err) {
    body.unpipe(source);
    body.resume();
    await releaseUploadToken(deps.db, id);
    if (err instanceof ObjectTooLarge) throw badRequest(E.fileTooLarge, { max: job.fileSize });
    throw badRequest(E.notUploaded);
  }
  if (stored.size !== job.fileSize) {
    await deps.files.delete(stored.key);
    await releaseUploadToken(deps.db, id);
    throw badRequest(E.notUploaded, { expected: job.fileSize, received: stored.size });
  }
  const moved = await moveImport(deps.db, id, ['UPLOADING'], { status: 'UPLOADED', storageKey: stored.key });
  if (!moved) {
    // cancelled while the zip arrived
    await deps.files.delete(stored.key);
    throw linkInvalid();
  }
}

/**
 * A zip PUT straight to the bucket (presigned, S3): it must be there with the announced size, then
 * the upload is UPLOADED; otherwise 400 `notUploaded` (an object of another size is removed).
 */
async function checkDirectUpload(deps: Deps, job: BulkJobRow): Promise<void> {
  const stored = job.storageKey && deps.files.presignedPut ? await deps.files.stat(job.storageKey) : undefined;
  if (!stored || !job.storageKey) throw badRequest(E.notUploaded);
  if (stored.size !== job.fileSize) {
    await deps.files.delete(job.storageKey);
    throw badRequest(E.notUploaded, { expected: job.fileSize, received: stored.size });
  }
  await moveImport(deps.db, job.id, ['UPLOADING'], { status: 'UPLOADED', uploadTokenUsed: true });
}

/** POST api/bulk/upload-complete/{id}: the uploaded zip's import is queued (PROCESSING). */
export async function completeUpload(deps: Deps, auth: AuthContext, id: number): Promise<BulkJob> {
  await requireUploadsActive(deps);
  const job = await findJob(deps.db, id);
  if (job?.kind !== 'IMPORT') throw notFound('bulkJob');
  if (job.status === 'UPLOADING') await checkDirectUpload(deps, job);
  const moved = await deps.db.transaction(async (tx) => {
    const row = await moveImport(tx, id, ['UPLOADED'], { status: 'PROCESSING', log: `Queued by ${auth.login}.` });
    if (!row) return undefined;
    await audit(tx, auth, {
      businessUnitId: row.businessUnitId,
      entityName: 'bulk_job',
      entityId: row.id,
      entityLabel: row.fileName,
      action: 'UPLOAD_COMPLETED',
      changes: { status: { from: 'UPLOADED', to: 'PROCESSING' } },
    });
    return row;
  });
  if (!moved) throw conflict(E.wrongStatus);
  try {
    await deps.jobs.send<ImportJobData>(IMPORT_QUEUE, { jobId: id });
  } catch (err) {
    await updateJob(deps.db, id, { status: 'FAILED', processedDate: new Date(), log: 'The import could not be queued.' });
    throw err;
  }
  return bulkJobOf(moved);
}

/** GET api/bulk: the unit's imports of an entity (of a product type for products), newest first. */
export async function listUploads(deps: Deps, q: z.output<typeof bulkJobListQuery>) {
  if (q.entity === 'PRODUCT' && q['product-type'] === undefined) throw fieldError('query', 'product-type', E.productTypeRequired);
  const { rows, total } = await listImports(
    deps.db,
    { businessUnitId: q['business-unit'], entity: q.entity, productTypeId: q['product-type'] },
    { limit: q.size, offset: q.page * q.size },
  );
  return { items: rows.map(bulkJobOf), total };
}

export async function getUpload(deps: Deps, id: number): Promise<BulkJob> {
  const job = await findJob(deps.db, id);
  if (job?.kind !== 'IMPORT') throw notFound('bulkJob');
  return bulkJobOf(job);
}

/** GET api/bulk/{id}/errors: a page of the import's errors by row and column. */
export async function uploadErrors(deps: Deps, id: number, q: z.output<typeof bulkRowErrorQuery>) {
  const { rows, total } = await errorPage(deps.db, id, { limit: q.size, offset: q.page * q.size });
  const items: BulkRowError[] = rows.map((r) => ({
    row: r.row,
    column: r.column,
    message: r.message,
    ...(r.params ? { params: r.params as Record<string, string | number> } : {}),
    value: r.value,
  }));
  return { items, total };
}

const REJECTED_ROWS_TYPES = {
  txt: 'text/tab-separated-values; charset=utf-8',
  xls: 'application/vnd.ms-excel',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

/** GET api/bulk/{id}/rejected-rows: the stored sheet of the rejected rows. */
export async function openRejectedRows(deps: Deps, id: number) {
  const job = await findJob(deps.db, id);
  if (job?.kind !== 'IMPORT' || !job.rejectedRowsKey) throw notFound('bulkRejectedRows');
  const stream = await deps.files.open(job.rejectedRowsKey);
  if (!stream) throw notFound('bulkRejectedRows');
  const base = job.fileName.replace(/\.zip$/i, '') || 'import';
  // an XLS or ODS upload's rejected rows are a sheet of its format; the others' a TXT one (decisions 0057, 0061)
  const extension = job.rejectedRowsKey.endsWith('.ods') ? 'ods' : job.rejectedRowsKey.endsWith('.xls') ? 'xls' : 'txt';
  return { stream, fileName: `${base}-rejected-rows.${extension}`, contentType: REJECTED_ROWS_TYPES[extension] };
}

/** GET api/bulk/{id}/zip: the uploaded zip, once it has arrived and until it is removed. */
export async function openUploadedZip(deps: Deps, id: number) {
  const job = await findJob(deps.db, id);
  if (job?.kind !== 'IMPORT' || job.status === 'UPLOADING' || !job.storageKey) throw notFound('bulkZip');
  const stream = await deps.files.open(job.storageKey);
  if (!stream) throw notFound('bulkZip');
  return { stream, fileName: /\.zip$/i.test(job.fileName) ? job.fileName : `${job.fileName || 'import'}.zip` };
}

/**
 * POST api/bulk/{id}/cancel: an upload still uploading, waiting or being imported becomes FAILED
 * with who cancelled it in its log; a running import sees the request between batches (or before
 * it commits) and rolls back, so nothing is applied.
 */
export async function cancelUpload(deps: Deps, auth: AuthContext, id: number): Promise<BulkJob> {
  const job = await findJob(deps.db, id);
  if (job?.kind !== 'IMPORT') throw notFound('bulkJob');
  const moved = await deps.db.transaction(async (tx) => {
    const row = await moveImport(tx, id, ['UPLOADING', 'UPLOADED', 'PROCESSING'], {
      status: 'FAILED',
      cancelRequested: true,
      processedDate: new Date(),
      log: `${job.log ? `${job.log}\n` : ''}Cancelled by ${auth.login}.`,
      // an upload that had not started its import keeps no zip (a started one keeps it 30 days, as any finished import)
      ...(job.status === 'PROCESSING' ? {} : { storageKey: null }),
    });
    if (!row) return undefined;
    await audit(tx, auth, {
      businessUnitId: row.businessUnitId,
      entityName: 'bulk_job',
      entityId: row.id,
      entityLabel: row.fileName,
      action: 'UPLOAD_CANCELLED',
      changes: { status: { from: job.status, to: 'FAILED' } },
    });
    return row;
  });
  if (!moved) throw conflict(E.wrongStatus);
  // an upload that had not started its import keeps no zip
  if (job.status !== 'PROCESSING' && job.storageKey) await deps.files.delete(job.storageKey);
  return bulkJobOf(moved);
}
