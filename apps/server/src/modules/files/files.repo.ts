import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { versionIsLive } from '../../db/live-content.js';
import {
  businessUnit,
  country,
  document,
  documentProduct,
  documentProductGroup,
  documentType,
  file,
  fileCountry,
  fileLanguage,
  fileLotRange,
  fileVersion,
  lotRange,
  manufacturer,
  product,
  productGroupProduct,
  productLotRange,
  productType,
} from '../../db/schema/index.js';
import { isRowId } from '../../db/sql.js';

export type FileRow = typeof file.$inferSelect;
export type FileVersionRow = typeof fileVersion.$inferSelect;
export type FileValues = Pick<FileRow, 'name' | 'remarks' | 'remarksActive' | 'restOfTheWorld' | 'allLotNumbers' | 'historical'>;
export type VersionValues = Pick<FileVersionRow, 'label' | 'versionDate' | 'validTo'>;
export type BinaryValues = Pick<FileVersionRow, 'binaryKey' | 'binaryName' | 'binarySize' | 'mediaType' | 'sha256' | 'binaryUploadedDate'>;

/** What a file needs to know of its document: its unit, number, name and the audiences of its type. */
export interface DocumentInfo {
  id: number;
  businessUnitId: number;
  number: string;
  name: string;
  hcp: boolean;
  patient: boolean;
}

export async function findDocument(db: DbOrTx, id: number): Promise<DocumentInfo | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select({
      id: document.id,
      businessUnitId: document.businessUnitId,
      number: document.number,
      name: document.name,
      hcp: documentType.hcp,
      patient: documentType.patient,
    })
    .from(document)
    .innerJoin(documentType, eq(documentType.id, document.documentTypeId))
    .where(eq(document.id, id));
  return row;
}

export async function fileUnitOf(db: DbOrTx, id: number): Promise<number | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select({ unit: file.businessUnitId }).from(file).where(eq(file.id, id));
  return row?.unit;
}

export async function findFile(db: DbOrTx, id: number, forUpdate = false): Promise<FileRow | undefined> {
  if (!isRowId(id)) return undefined;
  const query = db.select().from(file).where(eq(file.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function filesOfDocument(db: DbOrTx, documentId: number): Promise<FileRow[]> {
  return db
    .select()
    .from(file)
    .where(eq(file.documentId, documentId))
    .orderBy(asc(sql`lower(${file.name})`), asc(file.id));
}

export interface ArchivedFileRow extends FileRow {
  documentNumber: string;
  documentName: string;
}

/** The unit's files with an archive date (reached or not), by document number and file name. */
export async function archivedFiles(db: DbOrTx, businessUnitId: number): Promise<ArchivedFileRow[]> {
  const rows = await db
    .select({ file, documentNumber: document.number, documentName: document.name })
    .from(file)
    .innerJoin(document, eq(document.id, file.documentId))
    .where(and(eq(file.businessUnitId, businessUnitId), isNotNull(file.archiveDate)))
    .orderBy(asc(sql`lower(${document.number})`), asc(sql`lower(${file.name})`), asc(file.id));
  return rows.map((r) => ({ ...r.file, documentNumber: r.documentNumber, documentName: r.documentName }));
}

/** Every version of these files, each file's oldest first (by date, then creation): the last is current. */
export async function versionsOf(db: DbOrTx, fileIds: readonly number[]): Promise<FileVersionRow[]> {
  if (fileIds.length === 0) return [];
  return db
    .select()
    .from(fileVersion)
    .where(inArray(fileVersion.fileId, [...fileIds]))
    .orderBy(asc(fileVersion.fileId), asc(fileVersion.versionDate), asc(fileVersion.id));
}

/** Which versions of these files the live publication of their unit holds (decision 0051). */
export async function liveVersionIds(db: DbOrTx, fileIds: readonly number[]): Promise<Set<number>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .select({ id: fileVersion.id })
    .from(fileVersion)
    .where(
      and(
        inArray(fileVersion.fileId, [...fileIds]),
        isNotNull(fileVersion.publishDate),
        versionIsLive(sql`${fileVersion.id}`, sql`${fileVersion.businessUnitId}`),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The current version of a file (the last by date, then by creation), locked when asked. */
export async function currentVersion(db: DbOrTx, fileId: number, forUpdate = false): Promise<FileVersionRow | undefined> {
  const query = db
    .select()
    .from(fileVersion)
    .where(eq(fileVersion.fileId, fileId))
    .orderBy(desc(fileVersion.versionDate), desc(fileVersion.id))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findVersion(db: DbOrTx, fileId: number, versionId: number, forUpdate = false): Promise<FileVersionRow | undefined> {
  if (!isRowId(versionId)) return undefined;
  const query = db
    .select()
    .from(fileVersion)
    .where(and(eq(fileVersion.fileId, fileId), eq(fileVersion.id, versionId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function versionLabelTaken(db: DbOrTx, fileId: number, label: string, exceptVersionId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: fileVersion.id })
    .from(fileVersion)
    .where(and(eq(fileVersion.fileId, fileId), eq(sql`lower(${fileVersion.label})`, label.toLowerCase())));
  return rows.some((r) => r.id !== exceptVersionId);
}

export interface FileLinks {
  countryIds: string[];
  documentLanguageIds: string[];
  lotRanges: { id: number; name: string; productTypeId: number }[];
}

/** The countries, languages and lot ranges of these files, by file id. */
export async function linksOf(db: DbOrTx, fileIds: readonly number[]): Promise<Map<number, FileLinks>> {
  const out = new Map<number, FileLinks>(fileIds.map((id) => [id, { countryIds: [], documentLanguageIds: [], lotRanges: [] }]));
  if (fileIds.length === 0) return out;
  const ids = [...fileIds];
  // one after the other: inside a transaction the statements share one connection
  const countries = await db.select().from(fileCountry).where(inArray(fileCountry.fileId, ids)).orderBy(asc(fileCountry.countryIsoCode));
  const languages = await db
    .select()
    .from(fileLanguage)
    .where(inArray(fileLanguage.fileId, ids))
    .orderBy(asc(fileLanguage.languageIsoCode));
  const ranges = await db
    .select({ fileId: fileLotRange.fileId, id: lotRange.id, name: lotRange.name, productTypeId: lotRange.productTypeId })
    .from(fileLotRange)
    .innerJoin(lotRange, eq(lotRange.id, fileLotRange.lotRangeId))
    .where(inArray(fileLotRange.fileId, ids))
    .orderBy(asc(sql`lower(${lotRange.name})`));
  for (const c of countries) out.get(c.fileId)?.countryIds.push(c.countryIsoCode);
  for (const l of languages) out.get(l.fileId)?.documentLanguageIds.push(l.languageIsoCode);
  for (const r of ranges) out.get(r.fileId)?.lotRanges.push({ id: r.id, name: r.name, productTypeId: r.productTypeId });
  return out;
}

export async function insertFile(db: DbOrTx, values: FileValues & { businessUnitId: number; documentId: number }): Promise<FileRow> {
  const [row] = await db.insert(file).values(values).returning();
  return row;
}

/** Updates when `version` is still the stored one (and bumps it); undefined otherwise. */
export async function updateFile(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<FileValues> & { archiveDate?: Date | null },
): Promise<FileRow | undefined> {
  const [row] = await db
    .update(file)
    .set({ ...values, version: version + 1, lastModifiedDate: new Date() })
    .where(and(eq(file.id, id), eq(file.version, version)))
    .returning();
  return row;
}

/** A change of one of its versions (a new version, a binary) is a change of the file: its version moves on. */
export async function touchFile(db: DbOrTx, id: number): Promise<FileRow> {
  const [row] = await db
    .update(file)
    .set({ version: sql`${file.version} + 1`, lastModifiedDate: new Date() })
    .where(eq(file.id, id))
    .returning();
  return row;
}

export async function deleteFile(db: DbOrTx, id: number): Promise<void> {
  await db.delete(file).where(eq(file.id, id));
}

/** Replaces the file's countries, languages and lot ranges. */
export async function setLinks(db: DbOrTx, fileId: number, links: { countryIds: string[]; languageIds: string[]; lotRangeIds: number[] }) {
  await db.delete(fileCountry).where(eq(fileCountry.fileId, fileId));
  await db.delete(fileLanguage).where(eq(fileLanguage.fileId, fileId));
  await db.delete(fileLotRange).where(eq(fileLotRange.fileId, fileId));
  if (links.countryIds.length > 0)
    await db.insert(fileCountry).values(links.countryIds.map((countryIsoCode) => ({ fileId, countryIsoCode })));
  if (links.languageIds.length > 0)
    await db.insert(fileLanguage).values(links.languageIds.map((languageIsoCode) => ({ fileId, languageIsoCode })));
  if (links.lotRangeIds.length > 0) await db.insert(fileLotRange).values(links.lotRangeIds.map((lotRangeId) => ({ fileId, lotRangeId })));
}

export async function insertVersion(
  db: DbOrTx,
  values: VersionValues & { fileId: number; businessUnitId: number; createdBy: string | null },
): Promise<FileVersionRow> {
  const [row] = await db.insert(fileVersion).values(values).returning();
  return row;
}

export async function updateVersion(db: DbOrTx, id: number, values: Partial<VersionValues & BinaryValues>): Promise<FileVersionRow> {
  const [row] = await db
    .update(fileVersion)
    .set({ ...values, version: sql`${fileVersion.version} + 1` })
    .where(eq(fileVersion.id, id))
    .returning();
  return row;
}

/** Whether a version of the file has a publish date (published or scheduled). */
export async function hasPublishedVersion(db: DbOrTx, fileId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(fileVersion)
    .where(and(eq(fileVersion.fileId, fileId), isNotNull(fileVersion.publishDate)));
  return (row?.n ?? 0) > 0;
}

export async function binaryKeysOfFile(db: DbOrTx, fileId: number): Promise<string[]> {
  const rows = await db
    .select({ key: fileVersion.binaryKey })
    .from(fileVersion)
    .where(and(eq(fileVersion.fileId, fileId), isNotNull(fileVersion.binaryKey)));
  return rows.map((r) => r.key as string);
}

export async function binaryKeysOfUnit(db: DbOrTx, businessUnitId: number): Promise<string[]> {
  const rows = await db
    .select({ key: fileVersion.binaryKey })
    .from(fileVersion)
    .where(and(eq(fileVersion.businessUnitId, businessUnitId), isNotNull(fileVersion.binaryKey)));
  return rows.map((r) => r.key as string);
}

export async function unitDocumentLanguages(db: DbOrTx, businessUnitId: number): Promise<string[]> {
  const [row] = await db
    .select({ languages: businessUnit.documentLanguages })
    .from(businessUnit)
    .where(eq(businessUnit.id, businessUnitId));
  return row?.languages ?? [];
}

export async function worldWidePublicWebsite(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ on: manufacturer.worldWidePublicWebsite }).from(manufacturer).where(eq(manufacturer.id, 1));
  return row?.on ?? false;
}

export async function knownCountries(db: DbOrTx, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: country.isoCode })
    .from(country)
    .where(inArray(country.isoCode, [...codes]));
  return new Set(rows.map((r) => r.code));
}

export interface DocumentLotRangeRow {
  id: number;
  name: string;
  productTypeId: number;
  productTypeName: string;
  numbers: string[];
  archiveDate: Date | null;
}

/**
 * The lot ranges of the products a document documents, directly or through its product groups:
 * the ranges linked to those products and the ranges that apply to every product of their types.
 * Only ranges of the document's unit; archived ones included (the caller decides).
 */
export async function lotRangesOfDocument(db: DbOrTx, documentId: number, businessUnitId: number): Promise<DocumentLotRangeRow[]> {
  const products = sql`(
    select ${documentProduct.productId} as id from ${documentProduct} where ${documentProduct.documentId} = ${documentId}
    union
    select ${productGroupProduct.productId} from ${productGroupProduct}
      join ${documentProductGroup} on ${documentProductGroup.productGroupId} = ${productGroupProduct.productGroupId}
      where ${documentProductGroup.documentId} = ${documentId}
  )`;
  return db
    .select({
      id: lotRange.id,
      name: lotRange.name,
      productTypeId: lotRange.productTypeId,
      productTypeName: productType.name,
      numbers: lotRange.numbers,
      archiveDate: lotRange.archiveDate,
    })
    .from(lotRange)
    .innerJoin(productType, eq(productType.id, lotRange.productTypeId))
    .where(
      and(
        eq(lotRange.businessUnitId, businessUnitId),
        sql`(
          exists (select 1 from ${productLotRange} where ${productLotRange.lotRangeId} = ${lotRange.id}
                  and ${productLotRange.productId} in (select id from ${products} p))
          or (${lotRange.appliesToAll} and exists (
                select 1 from ${product} where ${product.productTypeId} = ${lotRange.productTypeId}
                and ${product.id} in (select id from ${products} p2)))
        )`,
      ),
    )
    .orderBy(asc(sql`lower(${lotRange.name})`), asc(lotRange.id));
}

/**
 * The unit's current (not archived) files counted per language and audience of their document's
 * type: a file in two languages of an HCP document counts twice among the HCP language files.
 */
export async function countFiles(db: DbOrTx, businessUnitId: number) {
  const live = and(eq(file.businessUnitId, businessUnitId), sql`(${file.archiveDate} is null or ${file.archiveDate} > now())`);
  const [files] = await db
    .select({
      total: count(),
      hcp: sql<number>`count(*) filter (where ${documentType.hcp})`.mapWith(Number),
      patient: sql<number>`count(*) filter (where ${documentType.patient})`.mapWith(Number),
    })
    .from(file)
    .innerJoin(document, eq(document.id, file.documentId))
    .innerJoin(documentType, eq(documentType.id, document.documentTypeId))
    .where(live);
  const [languages] = await db
    .select({
      hcp: sql<number>`count(*) filter (where ${documentType.hcp})`.mapWith(Number),
      patient: sql<number>`count(*) filter (where ${documentType.patient})`.mapWith(Number),
    })
    .from(fileLanguage)
    .innerJoin(file, eq(file.id, fileLanguage.fileId))
    .innerJoin(document, eq(document.id, file.documentId))
    .innerJoin(documentType, eq(documentType.id, document.documentTypeId))
    .where(live);
  return {
    files: files?.total ?? 0,
    filesHcp: files?.hcp ?? 0,
    filesPatient: files?.patient ?? 0,
    languageFilesHcp: languages?.hcp ?? 0,
    languageFilesPatient: languages?.patient ?? 0,
  };
}
