import type { RetainedVersion, RetentionPurge, RetentionReport, retentionReportQuery } from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, type AuditEntry, audit, auditMany } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import * as repo from './retention.repo.js';

/**
 * Retention of what was public (EU 2021/2226 art. 7, decision 0070): whether a file or document may
 * go (the files and documents services ask before a delete), the report per unit and the purge of
 * what is past retention and not live.
 */

type ReportQuery = z.output<typeof retentionReportQuery>;

/** Today as the rule counts it: an ISO date in UTC. */
export const todayOf = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Where a file or document stands: `public` a publication ever held a version; `retained` one is still kept. */
export interface Retention {
  public: boolean;
  retained: boolean;
  /** The last day it is kept (ISO date) while retained; null: indefinitely. */
  until: string | null;
}

/** Kept: not purgeable. Until: the latest day of those kept; null when one is kept indefinitely or only while the live site shows it. */
function retentionOfRows(rows: repo.RetainedRow[], today: string): Retention {
  const kept = rows.filter((r) => !r.purgeable);
  if (kept.length === 0) return { public: rows.length > 0, retained: false, until: null };
  const days = kept.map((r) => (r.until === null || (r.live && r.until < today) ? null : r.until));
  const until = days.includes(null) ? null : ((days as string[]).sort().at(-1) as string);
  return { public: true, retained: true, until };
}

/** The retention of the versions of some files, or of every file of some documents, as of today. */
export async function retentionOf(
  db: DbOrTx,
  scope: { fileIds: number[] } | { documentIds: number[] },
  now = new Date(),
): Promise<Retention> {
  return retentionOfRows(await repo.retainedVersions(db, scope, now), todayOf(now));
}

/** The retention of each of the documents (those no version of which was public: absent), as `retentionOf` answers for one. */
export async function retentionOfDocuments(db: DbOrTx, documentIds: readonly number[], now = new Date()): Promise<Map<number, Retention>> {
  const byDocument = new Map<number, repo.RetainedRow[]>();
  if (documentIds.length === 0) return new Map();
  for (const r of await repo.retainedVersions(db, { documentIds }, now)) {
    byDocument.set(r.documentId, [...(byDocument.get(r.documentId) ?? []), r]);
  }
  const today = todayOf(now);
  return new Map([...byDocument].map(([id, rows]) => [id, retentionOfRows(rows, today)]));
}

const toVersion = (r: repo.RetainedRow): RetainedVersion => ({
  fileVersionId: r.fileVersionId,
  fileId: r.fileId,
  fileName: r.fileName,
  documentId: r.documentId,
  documentNumber: r.documentNumber,
  versionLabel: r.versionLabel,
  versionDate: r.versionDate,
  publishDate: r.publishDate,
  archiveDate: r.archiveDate,
  productTypeId: r.productTypeId,
  productTypeName: r.productTypeName,
  retentionYears: r.retentionYears,
  implantable: r.implantable,
  endOfLifeDate: r.basis === 'END_OF_LIFE' ? r.endOfLifeDate : null,
  basis: r.basis,
  retainedUntil: r.until,
  live: r.live,
  purgeable: r.purgeable,
});

/** The report of a unit: a page of what is held (soonest purgeable first) and the unit's counts. */
export async function retentionReport(deps: Pick<Deps, 'db'>, q: ReportQuery, now = new Date()): Promise<RetentionReport> {
  const unitId = q['business-unit'];
  const [rows, counts] = await Promise.all([
    repo.retainedVersions(deps.db, { unitId }, now, { limit: q.size, offset: q.page * q.size, purgeableOnly: q.purgeable }),
    repo.retainedCounts(deps.db, unitId, now),
  ]);
  const total = q.purgeable ? counts.purgeable : counts.held;
  return {
    items: rows.map(toVersion),
    pageable: { pageNumber: q.page, pageSize: q.size, totalPages: Math.ceil(total / q.size), totalElements: total },
    held: counts.held,
    purgeableCount: counts.purgeable,
  };
}

export const PURGE_ENTITY = 'retention';
const FILE_ENTITY = 'file';
const DOCUMENT_ENTITY = 'document';

/** What a removed version leaves in the audit log: a DELETE of its file's version, as a delete by hand would. */
const versionEntry = (r: repo.RetainedRow): AuditEntry => ({
  entityName: FILE_ENTITY,
  entityId: r.fileId,
  entityLabel: r.fileName,
  action: 'DELETE',
  businessUnitId: r.businessUnitId,
  changes: {
    purged: true,
    fileVersionId: r.fileVersionId,
    versionLabel: r.versionLabel,
    versionDate: r.versionDate,
    documentId: r.documentId,
    retainedUntil: r.until,
    binaryKey: r.binaryKey,
  },
});

/** What a document the purge emptied leaves in the audit log: a DELETE, as a delete by hand would, marked purged. */
const documentEntry = (d: { id: number; number: string; businessUnitId: number }): AuditEntry => ({
  entityName: DOCUMENT_ENTITY,
  entityId: d.id,
  entityLabel: d.number,
  action: 'DELETE',
  businessUnitId: d.businessUnitId,
  changes: { purged: true, reason: 'noFileLeft' },
});

/**
 * Removes what is past retention in a unit and not held by its live publication: the versions (their
 * rows, then their binaries once committed), the files left without a version and the documents left
 * without a file. One audit row for
 * the purge with its counts (the daily job's only when it removed something), one DELETE per removed
 * version and per removed document. Runs in one transaction.
 */
export async function purgeUnit(
  deps: Pick<Deps, 'db' | 'files'>,
  actor: Actor | null,
  unitId: number,
  now = new Date(),
): Promise<RetentionPurge> {
  const today = todayOf(now);
  const { keys, result } = await deps.db.transaction(async (tx) => {
    const candidates = (await repo.retainedVersions(tx, { unitId }, now)).filter((r) => r.purgeable);
    const locked = new Set(
      await repo.lockVersions(
        tx,
        candidates.map((r) => r.fileVersionId),
      ),
    );
    // judged again once locked: a publish or an edit that came in between wins
    const still = new Set(
      (await repo.retainedVersions(tx, { unitId }, now))
        .filter((r) => r.purgeable && locked.has(r.fileVersionId))
        .map((r) => r.fileVersionId),
    );
    const purged = candidates.filter((r) => still.has(r.fileVersionId));
    const files = await repo.deleteVersions(
      tx,
      purged.map((r) => r.fileVersionId),
    );
    // a document the purge left without a file goes too (decision 0082): nothing of it could be published again
    const documents = await repo.deleteEmptiedDocuments(
      tx,
      files.map((f) => f.documentId),
    );
    const keys = purged.map((r) => r.binaryKey).filter((k): k is string => k !== null);
    const result: RetentionPurge = {
      businessUnitId: unitId,
      versions: purged.length,
      files: files.length,
      documents: documents.length,
      binaries: keys.length,
    };
    await auditMany(tx, actor, [...purged.map(versionEntry), ...documents.map(documentEntry)]);
    // the daily job leaves a row only when it removed something; a purge by hand always does
    if (purged.length > 0 || actor !== null)
      await audit(tx, actor, {
        entityName: PURGE_ENTITY,
        entityId: unitId,
        action: 'PURGE',
        businessUnitId: unitId,
        changes: {
          ...result,
          today,
          fileIds: files.map((f) => f.id),
          documentIds: documents.map((d) => d.id),
          fileVersionIds: purged.map((r) => r.fileVersionId),
        },
      });
    return { keys, result };
  });
  await Promise.all(keys.map((k) => deps.files.delete(k).catch(() => {})));
  return result;
}

/** The daily purge: every unit with a publication, one transaction each. */
export async function purgeAll(deps: Pick<Deps, 'db' | 'files'>, now = new Date()): Promise<RetentionPurge[]> {
  const out: RetentionPurge[] = [];
  for (const unitId of await repo.publishedUnits(deps.db)) out.push(await purgeUnit(deps, null, unitId, now));
  return out;
}
