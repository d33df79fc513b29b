import { type DocumentFile, type FileVersion, publishStateOf } from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './files.repo.js';

/**
 * What a file looks like to the admin (with its links and versions, newest first) and to the
 * audit log; read by the file procedures (files.service.ts, file-binaries.service.ts).
 */

/** An instant as the API writes it, or null. */
export const isoDateTime = (d: Date | null) => (d ? d.toISOString() : null);

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
export function fileView(
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

export async function viewsOf(db: DbOrTx, rows: repo.FileRow[]): Promise<DocumentFile[]> {
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

export async function viewOf(db: DbOrTx, row: repo.FileRow): Promise<DocumentFile> {
  const [view] = await viewsOf(db, [row]);
  return view;
}

/** What the audit log keeps of a file: its shared fields and its current version's. */
export function stateOf(f: DocumentFile) {
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
