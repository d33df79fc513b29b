import type { PublishCounts, PublishState } from '@vellum/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { liveStateIn, productIsLive, versionIsLive } from '../../db/live-content.js';
import { document, file, fileVersion, product, productType } from '../../db/schema/index.js';
import { publishStateSql } from '../documents/documents.repo.js';

/** The sort fields of each list, and the column each names. */
export const PRODUCT_SORT = { keyCode: sql`lower(${product.keyCode})`, publishDate: sql`${product.publishDate}` } as const;
export const FILE_SORT = {
  name: sql`lower(${file.name})`,
  publishDate: sql`${file.currentPublishDate}`,
  documentNumber: sql`lower(${document.number})`,
} as const;

export interface ListPage {
  orderBy: { key: SQL; descending: boolean }[];
  limit: number;
  offset: number;
}

/** By date and by whether the live publication holds the item (decision 0051). */
const countsSql = (date: SQL, live: SQL) => ({
  unpublished: sql<number>`(count(*) FILTER (WHERE ${liveStateIn(date, live, ['UNPUBLISHED'])}))::int`,
  scheduled: sql<number>`(count(*) FILTER (WHERE ${liveStateIn(date, live, ['SCHEDULED'])}))::int`,
  published: sql<number>`(count(*) FILTER (WHERE ${liveStateIn(date, live, ['PUBLISHED'])}))::int`,
});
const productLive = (businessUnitId: number) => productIsLive(sql`${product.id}`, businessUnitId);
const currentVersionLive = (businessUnitId: number) => versionIsLive(sql`${file.currentVersionId}`, businessUnitId);
const numbers = (r: PublishCounts | undefined): PublishCounts => ({
  unpublished: Number(r?.unpublished ?? 0),
  scheduled: Number(r?.scheduled ?? 0),
  published: Number(r?.published ?? 0),
});

const enabledProductsOf = (businessUnitId: number) => and(eq(product.businessUnitId, businessUnitId), eq(productType.status, 'ENABLED'));
const liveFilesOf = (businessUnitId: number) =>
  and(eq(file.businessUnitId, businessUnitId), sql`(${file.archiveDate} IS NULL OR ${file.archiveDate} > now())`);
const order = (page: ListPage, tieBreaker: SQL) => [
  ...page.orderBy.map((o) => (o.descending ? sql`${o.key} DESC NULLS LAST` : sql`${o.key} ASC NULLS FIRST`)),
  asc(tieBreaker),
];

/** The unit's products of ENABLED types by state: one grouped statement. */
export async function productCounts(db: DbOrTx, businessUnitId: number): Promise<PublishCounts> {
  const [row] = await db
    .select(countsSql(sql`${product.publishDate}`, productLive(businessUnitId)))
    .from(product)
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(enabledProductsOf(businessUnitId));
  return numbers(row);
}

/** The unit's files that are not archived, by the state of their current version (kept on the file by triggers). */
export async function fileCounts(db: DbOrTx, businessUnitId: number): Promise<PublishCounts> {
  const [row] = await db
    .select(countsSql(sql`${file.currentPublishDate}`, currentVersionLive(businessUnitId)))
    .from(file)
    .where(liveFilesOf(businessUnitId));
  return numbers(row);
}

/** The unit's documents by their publish state (decision 0033, the documents area's SQL). */
export async function documentCounts(db: DbOrTx, businessUnitId: number): Promise<PublishCounts> {
  // qualified: inside the state's subquery an unqualified id would be the file's
  const rows = await db
    .select({ state: publishStateSql(sql.raw('"document"."id"')), n: sql<number>`count(*)::int` })
    .from(document)
    .where(eq(document.businessUnitId, businessUnitId))
    .groupBy(sql`1`);
  const of = (s: PublishState) => Number(rows.find((r) => r.state === s)?.n ?? 0);
  return { unpublished: of('UNPUBLISHED'), scheduled: of('SCHEDULED'), published: of('PUBLISHED') };
}

/** A page of the unit's products of ENABLED types in these states. */
export async function productItems(db: DbOrTx, businessUnitId: number, states: readonly PublishState[], page: ListPage) {
  return db
    .select({
      id: product.id,
      keyCode: product.keyCode,
      productTypeId: product.productTypeId,
      productTypeName: productType.name,
      publishDate: product.publishDate,
      live: sql<boolean>`${productLive(businessUnitId)}`,
    })
    .from(product)
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(and(enabledProductsOf(businessUnitId), liveStateIn(sql`${product.publishDate}`, productLive(businessUnitId), states)))
    .orderBy(...order(page, sql`${product.id}`))
    .limit(page.limit)
    .offset(page.offset);
}

/** A page of the unit's files that are not archived, by the state of their current version. */
export async function fileItems(db: DbOrTx, businessUnitId: number, states: readonly PublishState[], page: ListPage) {
  return db
    .select({
      id: file.id,
      name: file.name,
      documentId: file.documentId,
      documentNumber: document.number,
      documentName: document.name,
      fileVersionId: fileVersion.id,
      versionLabel: fileVersion.label,
      versionDate: fileVersion.versionDate,
      publishDate: fileVersion.publishDate,
      hasBinary: sql<boolean>`${fileVersion.binaryKey} IS NOT NULL`,
      live: sql<boolean>`${currentVersionLive(businessUnitId)}`,
    })
    .from(file)
    .innerJoin(document, eq(document.id, file.documentId))
    .innerJoin(fileVersion, eq(fileVersion.id, file.currentVersionId))
    .where(and(liveFilesOf(businessUnitId), liveStateIn(sql`${file.currentPublishDate}`, currentVersionLive(businessUnitId), states)))
    .orderBy(...order(page, sql`${file.id}`))
    .limit(page.limit)
    .offset(page.offset);
}
