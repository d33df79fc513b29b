import {
  type ArchivedFile,
  type DocumentFile,
  type DocumentLotRange,
  ErrorKeys,
  type fileArchiveBody,
  type fileCreateBody,
  type fileUpdateBody,
  type fileVersionCreateBody,
  FileErrorKeys as K,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AuthContext, EntityUnitLookup } from '../../platform/access.js';
import { audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.js';
import { retentionOf } from '../retention/retention.service.js';
import {
  checkDates,
  checkRules,
  checkSwitchRights,
  fileValues,
  linkValues,
  mapLabelViolation,
  OBJECT,
  versionLabelExists,
  wantedOf,
} from './file-rules.js';
import { isoDateTime, stateOf, viewOf, viewsOf } from './file-views.js';
import * as repo from './files.repo.js';

/**
 * The procedures of files (decisions 0032, 0034): reads, and writes that run their rules
 * (file-rules.ts) and audit row in one transaction and answer the file's view (file-views.ts).
 */

type CreateBody = z.output<typeof fileCreateBody>;
type UpdateBody = z.output<typeof fileUpdateBody>;
type VersionBody = z.output<typeof fileVersionCreateBody>;
type ArchiveBody = z.output<typeof fileArchiveBody>;

export const ENTITY = 'file';

/** The unit of a file, for its routes' access rule (undefined: no such file). */
export const unitOfFile: EntityUnitLookup = repo.fileUnitOf;

// ---------------------------------------------------------------------------------------------
// reads

export async function getFile(deps: Pick<Deps, 'db'>, id: number): Promise<DocumentFile> {
  const row = await repo.findFile(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return viewOf(deps.db, row);
}

export async function listFiles(deps: Pick<Deps, 'db'>, documentId: number): Promise<DocumentFile[]> {
  if (!(await repo.findDocument(deps.db, documentId))) throw notFound('document');
  return viewsOf(deps.db, await repo.filesOfDocument(deps.db, documentId));
}

export async function listArchivedFiles(deps: Pick<Deps, 'db'>, businessUnitId: number): Promise<ArchivedFile[]> {
  const rows = await repo.archivedFiles(deps.db, businessUnitId);
  const views = await viewsOf(deps.db, rows);
  return views.map(({ versions: _versions, ...f }, i) => ({
    ...f,
    documentNumber: rows[i].documentNumber,
    documentName: rows[i].documentName,
  }));
}

/**
 * The lot ranges a file of the document may be tied to: those of the products it documents,
 * directly or through its groups. Archived ranges are listed (flagged) only while a file of the
 * document already names them, so that an edit can keep them; they cannot be newly chosen.
 */
export async function documentLotRanges(deps: Pick<Deps, 'db'>, documentId: number): Promise<DocumentLotRange[]> {
  const doc = await repo.findDocument(deps.db, documentId);
  if (!doc) throw notFound('document');
  const rows = await repo.lotRangesOfDocument(deps.db, documentId, doc.businessUnitId);
  const linked = new Set<number>();
  const files = await repo.filesOfDocument(deps.db, documentId);
  for (const links of (
    await repo.linksOf(
      deps.db,
      files.map((f) => f.id),
    )
  ).values())
    for (const r of links.lotRanges) linked.add(r.id);
  const now = Date.now();
  return rows
    .map((r) => ({ ...r, archived: r.archiveDate !== null && r.archiveDate.getTime() <= now }))
    .filter((r) => !r.archived || linked.has(r.id))
    .map(({ archiveDate: _a, ...r }) => r);
}

// ---------------------------------------------------------------------------------------------
// writes

/** Creates the file and its first version (no binary yet, unpublished). */
export async function createFile(deps: Pick<Deps, 'db'>, auth: AuthContext, body: CreateBody): Promise<DocumentFile> {
  if (body.id !== undefined && body.id !== null) throw fieldError(OBJECT, 'id', ErrorKeys.idExists, { entity: ENTITY });
  const wanted = wantedOf(body);
  return deps.db
    .transaction(async (tx) => {
      const doc = await repo.findDocument(tx, body.documentId);
      if (!doc) throw notFound('document');
      checkSwitchRights(auth, doc.businessUnitId, wanted);
      await checkRules(tx, doc, wanted);
      const row = await repo.insertFile(tx, { ...fileValues(wanted), businessUnitId: doc.businessUnitId, documentId: doc.id });
      await repo.insertVersion(tx, {
        fileId: row.id,
        businessUnitId: doc.businessUnitId,
        label: wanted.versionLabel,
        versionDate: wanted.date,
        validTo: wanted.validTo,
        createdBy: auth.login,
      });
      await repo.setLinks(tx, row.id, linkValues(wanted));
      const created = await viewOf(tx, row);
      await audit(tx, auth, {
        entityName: ENTITY,
        entityId: row.id,
        entityLabel: row.name,
        action: 'CREATE',
        businessUnitId: row.businessUnitId,
        changes: { documentId: doc.id, ...stateOf(created) },
      });
      return created;
    })
    .catch(mapLabelViolation(wanted.versionLabel));
}

/**
 * Updates the file's fields and its current version's label, date and valid-to date. A published
 * or scheduled current version keeps its label and date (only validTo may change).
 */
export async function updateFile(deps: Pick<Deps, 'db'>, auth: AuthContext, body: UpdateBody, pathId?: number): Promise<DocumentFile> {
  if (pathId !== undefined && pathId !== body.id) throw fieldError(OBJECT, 'id', ErrorKeys.idMismatch);
  const wanted = wantedOf(body);
  return deps.db
    .transaction(async (tx) => {
      const before = await repo.findFile(tx, body.id, true);
      if (!before) throw notFound(ENTITY);
      if (before.version !== body.version) throw conflict();
      if (body.documentId !== before.documentId) throw fieldError(OBJECT, 'documentId', K.documentCannotChange);
      const doc = (await repo.findDocument(tx, before.documentId)) as repo.DocumentInfo;
      checkSwitchRights(auth, before.businessUnitId, wanted, before);
      const beforeView = await viewOf(tx, before);
      await checkRules(tx, doc, wanted, beforeView.lotRangeIds);
      const current = (await repo.currentVersion(tx, before.id, true)) as repo.FileVersionRow;
      const versionChanges = current.label !== wanted.versionLabel || current.versionDate !== wanted.date;
      if (versionChanges && current.publishDate !== null) throw fieldError(OBJECT, 'versionLabel', K.versionPublished);
      if (current.label.toLowerCase() !== wanted.versionLabel.toLowerCase()) {
        if (await repo.versionLabelTaken(tx, before.id, wanted.versionLabel, current.id)) throw versionLabelExists(wanted.versionLabel);
      }
      const row = await repo.updateFile(tx, before.id, body.version, fileValues(wanted));
      if (!row) throw conflict();
      if (versionChanges || current.validTo !== wanted.validTo) {
        await repo.updateVersion(tx, current.id, { label: wanted.versionLabel, versionDate: wanted.date, validTo: wanted.validTo });
      }
      await repo.setLinks(tx, row.id, linkValues(wanted));
      const after = await viewOf(tx, row);
      await audit(tx, auth, {
        entityName: ENTITY,
        entityId: row.id,
        entityLabel: row.name,
        action: 'UPDATE',
        businessUnitId: row.businessUnitId,
        changes: diff(stateOf(beforeView), stateOf(after)),
      });
      return after;
    })
    .catch(mapLabelViolation(wanted.versionLabel));
}

/** What a delete of a file or document did instead, when a version of it was public and is still retained (decision 0070). */
export interface Retained {
  archiveDate: string;
  /** The last day it is kept (ISO date); null: indefinitely. */
  retainedUntil: string | null;
}

/**
 * Deletes a file; its binaries go after the commit. A file a publication ever held a version of is
 * archived instead while its retention runs (decision 0070), and answers `retained`; one never public
 * is refused while a version has a publish date (error.file.published), as before.
 */
export async function deleteFile(
  deps: Pick<Deps, 'db' | 'files'>,
  auth: AuthContext,
  id: number,
): Promise<{ file: DocumentFile; retained?: Retained }> {
  const out = await deps.db.transaction(async (tx) => {
    const before = await repo.findFile(tx, id, true);
    if (!before) throw notFound(ENTITY);
    const retention = await retentionOf(tx, { fileIds: [id] });
    if (retention.retained) return archiveRetained(tx, auth, before, retention.until);
    if (!retention.public && (await repo.hasPublishedVersion(tx, id))) throw new AppError(K.published, 400, { name: before.name });
    const view = await viewOf(tx, before);
    const keys = await repo.binaryKeysOfFile(tx, id);
    await repo.deleteFile(tx, id);
    await audit(tx, auth, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: before.name,
      action: 'DELETE',
      businessUnitId: before.businessUnitId,
      changes: { documentId: before.documentId, ...stateOf(view), versions: view.versions.map((v) => v.versionLabel) },
    });
    return { file: view, keys };
  });
  if ('retained' in out) return out;
  await removeObjects(deps, out.keys);
  return { file: out.file };
}

/** A delete of a file still retained: archived from now unless it already is, audited as an archive. */
async function archiveRetained(
  tx: DbOrTx,
  auth: AuthContext,
  before: repo.FileRow,
  retainedUntil: string | null,
): Promise<{ file: DocumentFile; retained: Retained }> {
  let row = before;
  if (before.archiveDate === null) {
    const archiveDate = new Date();
    const updated = await repo.updateFile(tx, before.id, before.version, { archiveDate });
    if (!updated) throw conflict();
    row = updated;
    await audit(tx, auth, {
      entityName: ENTITY,
      entityId: before.id,
      entityLabel: row.name,
      action: 'ARCHIVE',
      businessUnitId: row.businessUnitId,
      changes: { archiveDate: { from: null, to: isoDateTime(archiveDate) }, deleteRefused: { retainedUntil } },
    });
  }
  return { file: await viewOf(tx, row), retained: { archiveDate: isoDateTime(row.archiveDate) as string, retainedUntil } };
}

/** Removes stored objects once the change that let go of them has committed (a failure only leaves an orphan). */
export async function removeObjects(deps: Pick<Deps, 'files'>, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((k) => deps.files.delete(k).catch(() => {})));
}

/** Adds a new current version; the current one must have its binary (spec: 'Please provide a binary file'). */
export async function addVersion(deps: Pick<Deps, 'db'>, auth: AuthContext, id: number, body: VersionBody): Promise<DocumentFile> {
  return deps.db
    .transaction(async (tx) => {
      const before = await repo.findFile(tx, id, true);
      if (!before) throw notFound(ENTITY);
      const current = (await repo.currentVersion(tx, id)) as repo.FileVersionRow;
      if (!current.binaryKey) throw new AppError(K.binaryRequired, 400, { versionLabel: current.label });
      checkDates(body.date, body.validTo);
      if (await repo.versionLabelTaken(tx, id, body.versionLabel)) throw versionLabelExists(body.versionLabel);
      const added = await repo.insertVersion(tx, {
        fileId: id,
        businessUnitId: before.businessUnitId,
        label: body.versionLabel,
        versionDate: body.date,
        validTo: body.validTo,
        createdBy: auth.login,
      });
      const row = await repo.touchFile(tx, id);
      await audit(tx, auth, {
        entityName: ENTITY,
        entityId: id,
        entityLabel: row.name,
        action: 'UPDATE',
        businessUnitId: row.businessUnitId,
        changes: { versionAdded: { versionLabel: added.label, date: added.versionDate, validTo: added.validTo } },
      });
      return viewOf(tx, row);
    })
    .catch(mapLabelViolation(body.versionLabel));
}

/** Archives the file from archiveDate (usually now) or restores it (null); a stale version answers 409. */
export async function archiveFile(deps: Pick<Deps, 'db'>, auth: AuthContext, id: number, body: ArchiveBody): Promise<DocumentFile> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findFile(tx, id, true);
    if (!before) throw notFound(ENTITY);
    if (before.version !== body.version) throw conflict();
    const archiveDate = body.archiveDate === null ? null : new Date(body.archiveDate);
    const row = await repo.updateFile(tx, id, before.version, { archiveDate });
    if (!row) throw conflict();
    await audit(tx, auth, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: row.name,
      action: archiveDate === null ? 'RESTORE' : 'ARCHIVE',
      businessUnitId: row.businessUnitId,
      changes: { archiveDate: { from: isoDateTime(before.archiveDate), to: isoDateTime(archiveDate) } },
    });
    return viewOf(tx, row);
  });
}
