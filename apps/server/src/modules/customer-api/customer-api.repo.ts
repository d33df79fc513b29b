import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { instant, isRowId, rowsOf } from '../../db/sql.js';

/*
 * The customer API's questions (decision 0076), asked of the pub_* rows of one unit's live content
 * publication (its id comes from the read model's liveSite, so every statement is scoped to that
 * unit) at an explicit instant: published products, and documents open to everyone with their
 * versions public at that instant. Restricted documents are never answered.
 */

export interface ProductRow {
  productId: number;
  productTypeId: number;
  keyCode: string;
  publishDate: string;
  attributes: { attributeDefinitionId: number; value: string }[] | string;
  total: number;
}

export interface ProductFilter {
  contentId: number;
  at: Date;
  keyCode?: string;
  productTypeId?: number;
  limit: number;
  offset: number;
}

/** A page of the products published at `at`, by type and key code, with the total. */
export async function findProducts(db: DbOrTx, f: ProductFilter): Promise<ProductRow[]> {
  const keyCode = f.keyCode !== undefined ? sql`AND lower(p.key_code) = lower(${f.keyCode})` : sql``;
  const type = f.productTypeId !== undefined ? sql`AND p.product_type_id = ${f.productTypeId}` : sql``;
  return rowsOf<ProductRow>(
    db,
    sql`SELECT p.product_id AS "productId", p.product_type_id AS "productTypeId", p.key_code AS "keyCode",
        p.publish_date AS "publishDate",
        COALESCE((SELECT json_agg(json_build_object('attributeDefinitionId', a.attribute_definition_id, 'value', a.value)
                   ORDER BY a.attribute_definition_id)
                  FROM pub_attribute_value a WHERE a.publication_id = p.publication_id AND a.product_id = p.product_id), '[]'::json)
          AS attributes,
        count(*) OVER ()::int AS total
      FROM pub_product p
      WHERE p.publication_id = ${f.contentId} AND p.publish_date <= ${instant(f.at)} ${keyCode} ${type}
      ORDER BY p.product_type_id, lower(p.key_code), p.product_id
      LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
}

/** Whether the product is published at `at` in the content publication. */
export async function productIsPublished(db: DbOrTx, contentId: number, productId: number, at: Date): Promise<boolean> {
  if (!isRowId(productId)) return false;
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM pub_product p
      WHERE p.publication_id = ${contentId} AND p.product_id = ${productId} AND p.publish_date <= ${instant(at)}`,
  );
  return rows.length > 0;
}

export interface VersionRow {
  documentId: number;
  number: string;
  name: string;
  documentTypeId: number;
  fileId: number;
  fileName: string;
  countries: string[];
  languages: string[];
  restOfTheWorld: boolean;
  fileVersionId: number;
  label: string;
  versionDate: string;
  validTo: string | null;
  publishDate: string;
  binaryName: string | null;
  binarySize: number | string | null;
  mediaType: string | null;
  sha256: string | null;
  binaryKey: string;
}

const VERSION_COLUMNS = sql`d.document_id AS "documentId", d.number, d.name, d.document_type_id AS "documentTypeId",
  v.file_id AS "fileId", v.file_name AS "fileName", v.countries, v.languages, v.rest_of_the_world AS "restOfTheWorld",
  v.file_version_id AS "fileVersionId", v.label, v.version_date::text AS "versionDate", v.valid_to::text AS "validTo",
  v.publish_date AS "publishDate", v.binary_name AS "binaryName", v.binary_size AS "binarySize", v.media_type AS "mediaType",
  v.sha256, v.binary_key AS "binaryKey"`;

/** The version is public at `at` (published, its file not archived) and its document open to everyone. */
const publicAt = (at: Date) =>
  sql`v.publish_date <= ${instant(at)} AND (v.archive_date IS NULL OR v.archive_date > ${instant(at)})
    AND cardinality(d.restricted_group_ids) = 0`;

/** The public versions of the product's documents open to everyone: by document number, file, then the latest version first. */
export async function findProductVersions(db: DbOrTx, contentId: number, productId: number, at: Date): Promise<VersionRow[]> {
  return rowsOf<VersionRow>(
    db,
    sql`SELECT ${VERSION_COLUMNS}
      FROM pub_document_product dp
      JOIN pub_document d ON d.publication_id = dp.publication_id AND d.document_id = dp.document_id
      JOIN pub_file_version v ON v.publication_id = d.publication_id AND v.document_id = d.document_id
      WHERE dp.publication_id = ${contentId} AND dp.product_id = ${productId} AND ${publicAt(at)}
      ORDER BY d.number, d.document_id, v.file_id, v.version_date DESC, v.file_version_id DESC`,
  );
}

/** A public version of a document open to everyone, with its binary; undefined otherwise. */
export async function findPublicVersion(db: DbOrTx, contentId: number, fileVersionId: number, at: Date): Promise<VersionRow | undefined> {
  if (!isRowId(fileVersionId)) return undefined;
  const [row] = await rowsOf<VersionRow>(
    db,
    sql`SELECT ${VERSION_COLUMNS}
      FROM pub_file_version v
      JOIN pub_document d ON d.publication_id = v.publication_id AND d.document_id = v.document_id
      WHERE v.publication_id = ${contentId} AND v.file_version_id = ${fileVersionId} AND ${publicAt(at)}`,
  );
  return row;
}
