import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { documentDownload } from '../../db/schema/index.js';
import type { PageRequest } from '../../platform/paging.js';

export type DocumentDownloadRow = typeof documentDownload.$inferSelect;

export const downloadSortable = {
  id: documentDownload.id,
  at: documentDownload.at,
  country: documentDownload.country,
  language: documentDownload.language,
  audience: documentDownload.audience,
  productTypeName: documentDownload.productTypeName,
  keyCode: documentDownload.keyCode,
  documentName: documentDownload.documentName,
  documentNumber: documentDownload.documentNumber,
  fileName: documentDownload.fileName,
};

export interface DownloadFilter {
  businessUnitId: number;
  /** Inclusive. */
  from?: Date;
  /** Exclusive (the day after the last day asked for). */
  until?: Date;
}

function conditions(f: DownloadFilter): SQL | undefined {
  return and(
    eq(documentDownload.businessUnitId, f.businessUnitId),
    f.from ? gte(documentDownload.at, f.from) : undefined,
    f.until ? lt(documentDownload.at, f.until) : undefined,
  );
}

export async function listDownloads(db: DbOrTx, filter: DownloadFilter, page: PageRequest) {
  const where = conditions(filter);
  const rows = await db
    .select()
    .from(documentDownload)
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(documentDownload).where(where);
  return { rows, total };
}

const n = sql<number>`count(*)::int`;
const utcDay = sql<string>`to_char(${documentDownload.at} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Counts of one column's values in the range, most first (ties by value). */
async function countBy(
  db: DbOrTx,
  where: SQL | undefined,
  column: typeof documentDownload.country | typeof documentDownload.language | typeof documentDownload.audience,
) {
  return db.select({ key: column, count: n }).from(documentDownload).where(where).groupBy(column).orderBy(desc(n), column);
}

export interface DownloadCounts {
  total: number;
  /** Per UTC day (YYYY-MM-DD), oldest first; days without downloads left out. */
  perDay: { day: string; count: number }[];
  byCountry: { key: string; count: number }[];
  byLanguage: { key: string; count: number }[];
  byAudience: { key: string; count: number }[];
  byProductType: { id: number; count: number }[];
  /** The `topDocuments` most downloaded. */
  byDocument: { id: number; count: number }[];
}

/** Every breakdown of the statistics, each one grouped query over the unit's rows in the range. */
export async function countDownloads(db: DbOrTx, filter: DownloadFilter, topDocuments: number): Promise<DownloadCounts> {
  const where = conditions(filter);
  const [perDay, byCountry, byLanguage, byAudience, byProductType, byDocument] = await Promise.all([
    db.select({ day: utcDay, count: n }).from(documentDownload).where(where).groupBy(utcDay).orderBy(utcDay),
    countBy(db, where, documentDownload.country),
    countBy(db, where, documentDownload.language),
    countBy(db, where, documentDownload.audience),
    db
      .select({ id: documentDownload.productTypeId, count: n })
      .from(documentDownload)
      .where(where)
      .groupBy(documentDownload.productTypeId)
      .orderBy(desc(n), documentDownload.productTypeId),
    db
      .select({ id: documentDownload.documentId, count: n })
      .from(documentDownload)
      .where(where)
      .groupBy(documentDownload.documentId)
      .orderBy(desc(n), documentDownload.documentId)
      .limit(topDocuments),
  ]);
  const total = perDay.reduce((s, d) => s + d.count, 0);
  return { total, perDay, byCountry, byLanguage, byAudience, byProductType, byDocument };
}

/** The product types' names as the newest record of each has them. */
export async function productTypeNames(db: DbOrTx, businessUnitId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectDistinctOn([documentDownload.productTypeId], { id: documentDownload.productTypeId, name: documentDownload.productTypeName })
    .from(documentDownload)
    .where(and(eq(documentDownload.businessUnitId, businessUnitId), inArray(documentDownload.productTypeId, ids)))
    .orderBy(documentDownload.productTypeId, desc(documentDownload.id));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The documents' numbers and names as the newest record of each has them. */
export async function documentNames(
  db: DbOrTx,
  businessUnitId: number,
  ids: number[],
): Promise<Map<number, { number: string | null; name: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectDistinctOn([documentDownload.documentId], {
      id: documentDownload.documentId,
      number: documentDownload.documentNumber,
      name: documentDownload.documentName,
    })
    .from(documentDownload)
    .where(and(eq(documentDownload.businessUnitId, businessUnitId), inArray(documentDownload.documentId, ids)))
    .orderBy(documentDownload.documentId, desc(documentDownload.id));
  return new Map(rows.map((r) => [r.id, { number: r.number, name: r.name }]));
}

/** All the unit's downloads, and those since `since` (the unit's statistics card). */
export async function countUnitDownloads(db: DbOrTx, businessUnitId: number, since: Date) {
  const [row] = await db
    .select({ total: n, recent: sql<number>`(count(*) filter (where ${documentDownload.at} >= ${since.toISOString()}))::int` })
    .from(documentDownload)
    .where(eq(documentDownload.businessUnitId, businessUnitId));
  return { total: row?.total ?? 0, recent: row?.recent ?? 0 };
}
