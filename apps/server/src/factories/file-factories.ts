import type { DbOrTx } from '../db/client.js';
import { file, fileCountry, fileLanguage, fileLotRange, fileVersion } from '../db/schema/index.js';

let n = 0;
const next = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

/** A stored binary as a file version records it (what `POST api/files/{id}/binary` writes). */
export interface VersionBinary {
  key: string;
  name: string;
  size: number;
  mediaType: string;
  sha256: string;
}

/** The columns of a version that record its binary. */
export const binaryColumns = (b: VersionBinary) => ({
  binaryKey: b.key,
  binaryName: b.name,
  binarySize: b.size,
  mediaType: b.mediaType,
  sha256: b.sha256,
  binaryUploadedDate: new Date(),
});

/** A version of a file: label, date, publish date and binary as given (none by default). */
export async function makeFileVersion(
  db: DbOrTx,
  f: { id: number; businessUnitId: number },
  over: { label?: string; versionDate?: string; publishDate?: Date | null; binary?: VersionBinary } = {},
) {
  const [version] = await db
    .insert(fileVersion)
    .values({
      fileId: f.id,
      businessUnitId: f.businessUnitId,
      label: over.label ?? '1.0',
      versionDate: over.versionDate ?? '2026-01-01',
      publishDate: over.publishDate ?? null,
      ...(over.binary && binaryColumns(over.binary)),
    })
    .returning();
  return version;
}

/**
 * A file of the document with one version (no binary unless given), for the countries (none: the
 * rest of the world) and languages given, for all lots or for the lot ranges given.
 */
export async function makeFile(
  db: DbOrTx,
  doc: { id: number; businessUnitId: number },
  over: {
    name?: string;
    countryIds?: string[];
    languageIds?: string[];
    restOfTheWorld?: boolean;
    lotRangeIds?: number[];
    label?: string;
    versionDate?: string;
    publishDate?: Date | null;
    binary?: VersionBinary;
  } = {},
) {
  const lotRangeIds = over.lotRangeIds ?? [];
  const [row] = await db
    .insert(file)
    .values({
      businessUnitId: doc.businessUnitId,
      documentId: doc.id,
      name: over.name ?? `File ${next()}`,
      restOfTheWorld: over.restOfTheWorld ?? false,
      allLotNumbers: lotRangeIds.length === 0,
    })
    .returning();
  const version = await makeFileVersion(db, row, over);
  const countries = over.restOfTheWorld ? [] : (over.countryIds ?? ['BE']);
  if (countries.length > 0) await db.insert(fileCountry).values(countries.map((countryIsoCode) => ({ fileId: row.id, countryIsoCode })));
  const languages = over.languageIds ?? ['en'];
  if (languages.length > 0) await db.insert(fileLanguage).values(languages.map((languageIsoCode) => ({ fileId: row.id, languageIsoCode })));
  if (lotRangeIds.length > 0) await db.insert(fileLotRange).values(lotRangeIds.map((lotRangeId) => ({ fileId: row.id, lotRangeId })));
  return { ...row, versionId: version.id };
}
