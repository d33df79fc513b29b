import { type BulkActive, BulkErrorKeys, type bulkExportQuery } from '@vellum/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access.js';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, fieldError, notFound, uniqueViolationOf } from '../../platform/errors.js';
import { type BulkJobRow, bulkUploadsActive, findJob, findProductTypeOf, insertJob, setBulkUploadsActive, updateJob } from './bulk.repo.js';
import { findUnitOf } from './bulk-document.repo.js';
import { EXPORT_QUEUE, type ExportJobData } from './bulk-export.js';
import { checkExportDownloadToken } from './bulk-links.js';

export async function getBulkActive(deps: Deps): Promise<BulkActive> {
  return { active: await bulkUploadsActive(deps.db) };
}

/** Switches bulk uploads for every unit; audited as a manufacturer setting. */
export async function setBulkActive(deps: Deps, auth: AuthContext, active: boolean): Promise<BulkActive> {
  return deps.db.transaction(async (tx) => {
    const before = await bulkUploadsActive(tx, true);
    if (before !== active) {
      await setBulkUploadsActive(tx, active);
      await audit(tx, auth, {
        entityName: 'manufacturer',
        entityId: 1,
        action: 'BULK_UPLOADS',
        changes: { bulkUploadsActive: { from: before, to: active } },
      });
    }
    return { active };
  });
}

/**
 * Records an export and queues it (spec 001 §7): for PRODUCT the product type must be the unit's;
 * DOCUMENT exports the unit's documents. One export per user and entity at a time, decided by the
 * database's partial unique index.
 */
export async function requestExport(deps: Deps, auth: AuthContext, query: z.output<typeof bulkExportQuery>): Promise<{ id: number }> {
  const unit = query['business-unit'];
  let productTypeId: number | null = null;
  if (query.entity === 'PRODUCT') {
    const type = query['product-type'] === undefined ? undefined : await findProductTypeOf(deps.db, query['product-type']);
    if (!type || type.businessUnitId !== unit) throw fieldError('bulkExport', 'product-type', BulkErrorKeys.productTypeUnitMismatch);
    productTypeId = type.id;
  }
  let job: Awaited<ReturnType<typeof insertJob>>;
  try {
    // the request and its audit entry in one transaction: who exported which products, and in which format
    job = await deps.db.transaction(async (tx) => {
      const row = await insertJob(tx, {
        businessUnitId: unit,
        entity: query.entity,
        productTypeId,
        userId: auth.userId,
        userLogin: auth.login,
        kind: 'EXPORT',
        status: 'PROCESSING',
        fileFormat: query['file-format'],
      });
      await audit(tx, auth, {
        businessUnitId: unit,
        entityName: 'bulk_job',
        entityId: row.id,
        action: 'EXPORT_REQUESTED',
        changes: {
          entity: { from: null, to: query.entity },
          ...(productTypeId === null ? {} : { productType: { from: null, to: productTypeId } }),
          fileFormat: { from: null, to: query['file-format'] },
        },
      });
      return row;
    });
  } catch (err) {
    if (uniqueViolationOf(err) !== undefined) throw conflict(BulkErrorKeys.exportInProgress);
    throw err;
  }
  try {
    await deps.jobs.send<ExportJobData>(EXPORT_QUEUE, { jobId: job.id });
  } catch (err) {
    await updateJob(deps.db, job.id, { status: 'FAILED', processedDate: new Date(), log: 'The export could not be queued.' });
    throw err;
  }
  return { id: job.id };
}

/** The stored zip of a finished export, for the user who asked for it with the link of its e-mail. */
export async function openExport(deps: Deps, auth: AuthContext, id: number, token: string) {
  await checkExportDownloadToken(deps, token, id, auth.userId);
  const job = await findJob(deps.db, id);
  if (job?.kind !== 'EXPORT' || job.userId !== auth.userId || job.status !== 'SUCCESS' || !job.storageKey) throw notFound('bulkExport');
  const stream = await deps.files.open(job.storageKey);
  if (!stream) throw notFound('bulkExport');
  return { stream, fileName: await exportFileName(deps, job) };
}

/** products-<product type's slug>-<id>.zip, documents-<unit's slug>-<id>.zip */
async function exportFileName(deps: Deps, job: BulkJobRow): Promise<string> {
  if (job.entity === 'DOCUMENT') return `documents-${(await findUnitOf(deps.db, job.businessUnitId))?.slug ?? 'export'}-${job.id}.zip`;
  const type = job.productTypeId === null ? undefined : await findProductTypeOf(deps.db, job.productTypeId);
  return `products-${type?.slug ?? 'export'}-${job.id}.zip`;
}
