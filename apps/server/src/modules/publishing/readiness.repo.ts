import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  attributeDefinition,
  businessUnit,
  document,
  file,
  fileVersion,
  productType,
  productTypeProductCount,
  publication,
} from '../../db/schema/index.js';

/** What a file without a binary is named by on the publish page. */
export interface FileProblemRow {
  id: number;
  name: string;
  documentId: number;
}

/** The unit as the readiness checks need it; undefined when it does not exist. */
export async function unitOf(db: DbOrTx, businessUnitId: number) {
  const [row] = await db
    .select({ id: businessUnit.id, displayName: businessUnit.displayName, active: businessUnit.active })
    .from(businessUnit)
    .where(eq(businessUnit.id, businessUnitId));
  return row;
}

/** The unit's product types with their product counts (kept by triggers: no counting). */
export async function productTypesOf(db: DbOrTx, businessUnitId: number) {
  return db
    .select({
      id: productType.id,
      name: productType.name,
      status: productType.status,
      lotNumbers: productType.lotNumbers,
      keyCodeSearchTypeHcp: productType.keyCodeSearchTypeHcp,
      keyCodeSearchTypePatient: productType.keyCodeSearchTypePatient,
      products: sql<number>`coalesce(${productTypeProductCount.products}, 0)::int`,
    })
    .from(productType)
    .leftJoin(productTypeProductCount, eq(productTypeProductCount.productTypeId, productType.id))
    .where(eq(productType.businessUnitId, businessUnitId))
    .orderBy(asc(sql`lower(${productType.name})`), asc(productType.id));
}

/** The attribute definitions of these product types, as the audience rules look at them. */
export async function definitionsOf(db: DbOrTx, productTypeIds: number[]) {
  if (productTypeIds.length === 0) return [];
  return db
    .select({
      productTypeId: attributeDefinition.productTypeId,
      type: attributeDefinition.type,
      isActive: attributeDefinition.isActive,
      searchTypeHcp: attributeDefinition.searchTypeHcp,
      searchTypePatient: attributeDefinition.searchTypePatient,
    })
    .from(attributeDefinition)
    .where(inArray(attributeDefinition.productTypeId, productTypeIds));
}

/** A file that is not archived (no archive date, or one still to come). */
const notArchived = sql`(${file.archiveDate} IS NULL OR ${file.archiveDate} > now())`;

/**
 * The unit's files that are not archived and whose current version has neither a binary nor a
 * publish date (they stay unpublished), at most `limit`, by name.
 */
export async function filesWithoutBinary(db: DbOrTx, businessUnitId: number, limit: number): Promise<FileProblemRow[]> {
  return db
    .select({ id: file.id, name: file.name, documentId: file.documentId })
    .from(file)
    .innerJoin(fileVersion, eq(fileVersion.id, file.currentVersionId))
    .where(
      and(
        eq(file.businessUnitId, businessUnitId),
        notArchived,
        sql`${fileVersion.binaryKey} IS NULL`,
        sql`${fileVersion.publishDate} IS NULL`,
      ),
    )
    .orderBy(asc(sql`lower(${file.name})`), asc(file.id))
    .limit(limit);
}

/** Whether a file that is not archived has a current version with a binary (something a publish can make public). */
export async function hasPublishableFile(db: DbOrTx, businessUnitId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(file)
    .innerJoin(fileVersion, eq(fileVersion.id, file.currentVersionId))
    .where(and(eq(file.businessUnitId, businessUnitId), notArchived, sql`${fileVersion.binaryKey} IS NOT NULL`))
    .limit(1);
  return row !== undefined;
}

/** The unit's documents with no file that is not archived (visitors would find them nowhere), at most `limit`, by number. */
export async function documentsWithoutFiles(db: DbOrTx, businessUnitId: number, limit: number) {
  return db
    .select({ id: document.id, number: document.number, name: document.name })
    .from(document)
    .where(
      and(
        eq(document.businessUnitId, businessUnitId),
        sql`NOT EXISTS (SELECT 1 FROM ${file} WHERE ${file.documentId} = ${document.id} AND ${notArchived})`,
      ),
    )
    .orderBy(asc(sql`lower(${document.number})`), asc(document.id))
    .limit(limit);
}

/** Whether the unit was ever published (a publication with a number; previews have none). */
export async function wasPublished(db: DbOrTx, businessUnitId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(publication)
    .where(and(eq(publication.businessUnitId, businessUnitId), isNotNull(publication.number)))
    .limit(1);
  return row !== undefined;
}
