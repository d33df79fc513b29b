import {
  type AccessRight,
  type ArchivedFile,
  type DocumentFile,
  type DocumentLotRange,
  ErrorKeys,
  type FileVersion,
  type fileArchiveBody,
  type fileCreateBody,
  type fileUpdateBody,
  type fileVersionCreateBody,
  FileErrorKeys as K,
  publishStateOf,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type AuthContext, registerEntityUnit } from '../../platform/access.js';
import { audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, forbidden, notFound, uniqueViolationOf } from '../../platform/errors.js';
import { registerUnitContentCounter } from '../business-units/business-unit-statistics.js';
import { registerUnitFiles } from '../business-units/unit-files.js';
import * as repo from './files.repo.js';

type CreateBody = z.output<typeof fileCreateBody>;
type UpdateBody = z.output<typeof fileUpdateBody>;
type VersionBody = z.output<typeof fileVersionCreateBody>;
type ArchiveBody = z.output<typeof fileArchiveBody>;

export const ENTITY = 'file';
const OBJECT = 'file';

registerEntityUnit('file', (db, id) => repo.fileUnitOf(db, id));
registerUnitContentCounter(async (db, businessUnitId) => repo.countFiles(db, businessUnitId));
registerUnitFiles(repo.binaryKeysOfUnit);

export const fieldRule = (key: string, field: string, params?: Record<string, unknown>) =>
  new AppError(key, 400, params, [{ objectName: OBJECT, field, message: key }]);
const versionLabelExists = (versionLabel: string) => fieldRule(K.versionLabelExists, 'versionLabel', { versionLabel });
/** A racing write that lost on the label index answers the rule's own key. */
const mapLabelViolation = (label: string) => (err: unknown) => {
  if (uniqueViolationOf(err) === 'file_version_file_label_uq') throw versionLabelExists(label);
  throw err;
};

// ---------------------------------------------------------------------------------------------
// views

const isoDateTime = (d: Date | null) => (d ? d.toISOString() : null);

function binaryOf(v: repo.FileVersionRow): FileVersion['binary'] {
  if (!v.binaryKey) return null;
  return {
    name: v.binaryName ?? '',
    size: v.binarySize ?? 0,
    mediaType: v.mediaType ?? 'application/octet-stream',
    sha256: v.sha256 ?? '',
    uploadedDate: isoDateTime(v.binaryUploadedDate) ?? '',
  };
}

function versionView(v: repo.FileVersionRow, now: Date, live: boolean): FileVersion {
  return {
    id: v.id,
    versionLabel: v.label,
    date: v.versionDate,
    validTo: v.validTo,
    publishDate: isoDateTime(v.publishDate),
    publishState: publishStateOf(v.publishDate, now, live),
    binary: binaryOf(v),
    createdBy: v.createdBy,
    createdDate: v.createdDate.toISOString(),
    version: v.version,
  };
}

/** The file with its links and versions (oldest first, as the repo reads them). */
function fileView(
  row: repo.FileRow,
  versionsOldestFirst: repo.FileVersionRow[],
  links: repo.FileLinks,
  live: ReadonlySet<number>,
  now = new Date(),
): DocumentFile {
  const versions = versionsOldestFirst.map((v) => versionView(v, now, live.has(v.id))).reverse();
  const current = versions[0];
  if (!current) throw new Error(`file ${row.id} has no version`);
  return {
    id: row.id,
    businessUnitId: row.businessUnitId,
    documentId: row.documentId,
    name: row.name,
    remarks: row.remarks,
    remarksActive: row.remarksActive,
    restOfTheWorld: row.restOfTheWorld,
    allLotNumbers: row.allLotNumbers,
    lotRangeIds: links.lotRanges.map((r) => r.id),
    lotRanges: links.lotRanges,
    historical: row.historical,
    countryIds: links.countryIds,
    documentLanguageIds: links.documentLanguageIds,
    archiveDate: isoDateTime(row.archiveDate),
    archived: row.archiveDate !== null && row.archiveDate.getTime() <= now.getTime(),
    currentVersionId: current.id,
    versionLabel: current.versionLabel,
    date: current.date,
    validTo: current.validTo,
    publishDate: current.publishDate,
    publishState: current.publishState,
    binary: current.binary,
    versions,
    createdDate: row.createdDate.toISOString(),
    lastModifiedDate: row.lastModifiedDate.toISOString(),
    version: row.version,
  };
}

async function viewsOf(db: DbOrTx, rows: repo.FileRow[]): Promise<DocumentFile[]> {
  const ids = rows.map((r) => r.id);
  const versions = await repo.versionsOf(db, ids);
  const links = await repo.linksOf(db, ids);
  const live = await repo.liveVersionIds(db, ids);
  const now = new Date();
  return rows.map((r) =>
    fileView(
      r,
      versions.filter((v) => v.fileId === r.id),
      links.get(r.id) as repo.FileLinks,
      live,
      now,
    ),
  );
}

async function viewOf(db: DbOrTx, row: repo.FileRow): Promise<DocumentFile> {
  const [view] = await viewsOf(db, [row]);
  return view;
}

/** What the audit log keeps of a file: its shared fields and its current version's. */
function stateOf(f: DocumentFile) {
  return {
    name: f.name,
    remarks: f.remarks,
    remarksActive: f.remarksActive,
    restOfTheWorld: f.restOfTheWorld,
    allLotNumbers: f.allLotNumbers,
    lotRangeIds: f.lotRangeIds,
    historical: f.historical,
    countryIds: f.countryIds,
    documentLanguageIds: f.documentLanguageIds,
    archiveDate: f.archiveDate,
    versionLabel: f.versionLabel,
    date: f.date,
    validTo: f.validTo,
  };
}

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
// rules

interface Wanted {
  name: string;
  remarks: string | null;
  remarksActive: boolean;
  restOfTheWorld: boolean;
  allLotNumbers: boolean;
  historical: boolean;
  countryIds: string[];
  languageIds: string[];
  lotRangeIds: number[];
  versionLabel: string;
  date: string;
  validTo: string | null;
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

function wantedOf(body: CreateBody | UpdateBody): Wanted {
  return {
    name: body.name,
    remarks: body.remarks,
    remarksActive: body.remarksActive,
    restOfTheWorld: body.restOfTheWorld,
    allLotNumbers: body.allLotNumbers,
    historical: body.historical,
    countryIds: unique(body.countryIds),
    languageIds: unique(body.documentLanguageIds),
    lotRangeIds: unique(body.lotRangeIds),
    versionLabel: body.versionLabel,
    date: body.date,
    validTo: body.validTo,
  };
}

/** The switches only special rights may set or change (decision 0032): 403 otherwise. */
const SWITCH_RIGHTS: [keyof Pick<Wanted, 'restOfTheWorld' | 'remarksActive' | 'historical'>, AccessRight][] = [
  ['restOfTheWorld', 'FILE_ROTW'],
  ['remarksActive', 'FILE_REMARK_ACTIVATE'],
  ['historical', 'FILE_HISTORICAL'],
];
function checkSwitchRights(auth: AuthContext, businessUnitId: number, wanted: Wanted, before?: repo.FileRow): void {
  for (const [field, right] of SWITCH_RIGHTS) {
    const changes = before ? before[field] !== wanted[field] : wanted[field];
    if (changes && !auth.rights.has(right, businessUnitId)) throw forbidden();
  }
}

function checkDates(date: string, validTo: string | null): void {
  if (validTo !== null && validTo < date) throw fieldRule(K.validToBeforeDate, 'validTo');
}

/** Spec 001 §8 and decision 0032: countries, languages and lot ranges of a file as it will be stored. */
async function checkRules(tx: DbOrTx, doc: repo.DocumentInfo, wanted: Wanted, linkedBefore: readonly number[] = []): Promise<void> {
  if (wanted.restOfTheWorld && wanted.countryIds.length > 0) throw fieldRule(K.restOfTheWorldCountries, 'countryIds');
  if (!wanted.restOfTheWorld && (await repo.worldWidePublicWebsite(tx))) throw fieldRule(K.onlyRestOfTheWorld, 'restOfTheWorld');
  if (!wanted.restOfTheWorld && wanted.countryIds.length === 0) throw fieldRule(K.countryRequired, 'countryIds');
  const known = await repo.knownCountries(tx, wanted.countryIds);
  const unknown = wanted.countryIds.find((c) => !known.has(c));
  if (unknown) throw fieldRule(K.countryInvalid, 'countryIds', { country: unknown });

  if (wanted.languageIds.length === 0) throw fieldRule(K.languageRequired, 'documentLanguageIds');
  const unitLanguages = new Set(await repo.unitDocumentLanguages(tx, doc.businessUnitId));
  const foreign = wanted.languageIds.find((l) => !unitLanguages.has(l));
  if (foreign) throw fieldRule(K.languageNotInUnit, 'documentLanguageIds', { language: foreign });

  if (wanted.allLotNumbers && wanted.lotRangeIds.length > 0) throw fieldRule(K.lotRangesWithAllLots, 'lotRangeIds');
  if (!wanted.allLotNumbers) {
    if (wanted.lotRangeIds.length === 0) throw fieldRule(K.lotRangeRequired, 'lotRangeIds');
    const now = Date.now();
    const allowed = new Set(
      (await repo.lotRangesOfDocument(tx, doc.id, doc.businessUnitId))
        .filter((r) => r.archiveDate === null || r.archiveDate.getTime() > now || linkedBefore.includes(r.id))
        .map((r) => r.id),
    );
    const invalid = wanted.lotRangeIds.find((id) => !allowed.has(id));
    if (invalid !== undefined) throw fieldRule(K.lotRangeInvalid, 'lotRangeIds', { id: invalid });
  }
  checkDates(wanted.date, wanted.validTo);
}

const fileValues = (w: Wanted): repo.FileValues => ({
  name: w.name,
  remarks: w.remarks,
  remarksActive: w.remarksActive,
  restOfTheWorld: w.restOfTheWorld,
  allLotNumbers: w.allLotNumbers,
  historical: w.historical,
});
const linkValues = (w: Wanted) => ({ countryIds: w.countryIds, languageIds: w.languageIds, lotRangeIds: w.lotRangeIds });

// ---------------------------------------------------------------------------------------------
// writes

/** Creates the file and its first version (no binary yet, unpublished). */
export async function createFile(deps: Pick<Deps, 'db'>, auth: AuthContext, body: CreateBody): Promise<DocumentFile> {
  if (body.id !== undefined && body.id !== null) throw fieldRule(ErrorKeys.idExists, 'id', { entity: ENTITY });
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
  if (pathId !== undefined && pathId !== body.id) throw fieldRule(ErrorKeys.idMismatch, 'id');
  const wanted = wantedOf(body);
  return deps.db
    .transaction(async (tx) => {
      const before = await repo.findFile(tx, body.id, true);
      if (!before) throw notFound(ENTITY);
      if (before.version !== body.version) throw conflict();
      if (body.documentId !== before.documentId) throw fieldRule(K.documentCannotChange, 'documentId');
      const doc = (await repo.findDocument(tx, before.documentId)) as repo.DocumentInfo;
      checkSwitchRights(auth, before.businessUnitId, wanted, before);
      const beforeView = await viewOf(tx, before);
      await checkRules(tx, doc, wanted, beforeView.lotRangeIds);
      const current = (await repo.currentVersion(tx, before.id, true)) as repo.FileVersionRow;
      const versionChanges = current.label !== wanted.versionLabel || current.versionDate !== wanted.date;
      if (versionChanges && current.publishDate !== null) throw fieldRule(K.versionPublished, 'versionLabel');
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

/** Deletes a file none of whose versions was ever published or scheduled; its binaries go after the commit. */
export async function deleteFile(deps: Pick<Deps, 'db' | 'files'>, auth: AuthContext, id: number): Promise<DocumentFile> {
  const { view, keys } = await deps.db.transaction(async (tx) => {
    const before = await repo.findFile(tx, id, true);
    if (!before) throw notFound(ENTITY);
    if (await repo.hasPublishedVersion(tx, id)) throw new AppError(K.published, 400, { name: before.name });
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
    return { view, keys };
  });
  await removeObjects(deps, keys);
  return view;
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
