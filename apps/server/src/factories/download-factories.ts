import type { DbOrTx } from '../db/client.js';
import { documentDownload } from '../db/schema/index.js';
import type { DownloadRecord } from '../platform/download-recorder.js';

/** A download record of the unit with plausible values; `over` sets any field. */
export function downloadRecord(businessUnitId: number, over: Partial<DownloadRecord> = {}): DownloadRecord & { at: Date } {
  return {
    at: new Date(),
    businessUnitId,
    publicationNumber: 1,
    productTypeId: 1,
    productTypeName: 'Catheters',
    keyCode: 'KC-001',
    audience: 'HCP',
    documentId: 1,
    documentNumber: 'IFU-001',
    documentName: 'Instructions for use',
    fileId: 1,
    fileName: 'IFU English',
    fileVersionId: 1,
    version: '1.0',
    versionDate: '2026-01-01',
    country: 'BE',
    language: 'fr',
    ...over,
  } as DownloadRecord & { at: Date };
}

/** Download records inserted directly (what the site's recorder writes in batches). */
export async function makeDownloads(db: DbOrTx, records: DownloadRecord[]) {
  if (!records.length) return [];
  return db
    .insert(documentDownload)
    .values(records.map((r) => ({ ...r, at: r.at ?? new Date() })))
    .returning();
}
