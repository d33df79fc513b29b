import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fromJson, instant, intArray, rowsOf } from '../../db/sql.js';
import { type ProductRow, productSql } from './catalogue.repo.js';

/**
 * The read model's SQL of documents and files: the files of a product's documents that apply to a
 * visitor, and the product page's question in one statement.
 * The rules of every statement of the read model are in index.ts.
 */

export interface DocumentFilesFilter {
  contentId: number;
  /** The product, or a scalar subquery naming it (the product page's one statement). */
  productId: number | SQL;
  at: Date;
  /** The product types shown to the audience, and those of them whose lot numbers are on. */
  productTypeIds: readonly number[];
  lotTypeIds: readonly number[];
  /** The document types shown to the audience. */
  documentTypeIds: readonly number[];
  /** The restricted groups the visitor belongs to (enabled ones only). */
  groupIds: readonly number[];
  country: string;
  lot: string | null;
  /** Only this document (the download of one of its files, or a document the document search found). */
  documentOf?: { fileVersionId: number } | { fileId: number } | { documentId: number };
  /** Include each version's binary key and checksum (downloads only). */
  withBinary?: boolean;
}

export interface DocumentFileRow {
  documentId: number;
  number: string;
  name: string;
  documentTypeId: number;
  productTypeId: number;
  keyCode: string;
  attributes: unknown;
  restrictedGroupIds: number[];
  fileId: number;
  /** The file as its newest public version's row says (countries, languages, lots, name…). */
  file: unknown;
  /** Its public versions, newest first. */
  versions: unknown;
}

/**
 * The files of the product's documents that apply to the visitor at `at`, one row per file with
 * all its public versions, newest first: the product visible and of a type shown to the audience;
 * documents of a type shown to the audience, open or restricted to one of the visitor's groups;
 * versions published at `at` of files not archived at `at`; rest-of-world files or files for the
 * country, in every language; files for all lots, or (lot numbers on for the
 * type) files with a non-archived range that is the product's (linked, or the type's
 * applies-to-all) and holds the lot when one is given. The language, rest-of-world and version
 * rules that compare files of a document are applied by the caller (documents.ts).
 */
export function documentFilesSql(f: DocumentFilesFilter): SQL {
  const at = instant(f.at);
  const lotHeld = f.lot !== null ? sql`AND r.lot_keys @> ARRAY[lower(${f.lot})]::text[]` : sql``;
  let onlyDocument = sql``;
  if (f.documentOf && 'documentId' in f.documentOf) {
    onlyDocument = sql`AND d.document_id = ${f.documentOf.documentId}`;
  } else if (f.documentOf) {
    const byVersion = 'fileVersionId' in f.documentOf;
    const id = 'fileVersionId' in f.documentOf ? f.documentOf.fileVersionId : f.documentOf.fileId;
    onlyDocument = sql`AND d.document_id = (SELECT o.document_id FROM pub_file_version o WHERE o.publication_id = ${f.contentId}
                         AND ${byVersion ? sql`o.file_version_id` : sql`o.file_id`} = ${id} LIMIT 1)`;
  }
  const binary = f.withBinary ? sql`, 'binaryKey', v.binary_key, 'sha256', v.sha256` : sql``;
  return sql`SELECT d.document_id AS "documentId", d.number, d.name, d.document_type_id AS "documentTypeId",
      p.product_type_id AS "productTypeId", p.key_code AS "keyCode", d.attributes, d.restricted_group_ids AS "restrictedGroupIds",
      fv.file_id AS "fileId", fv.file, fv.versions
    FROM pub_product p
    JOIN pub_document_product dp ON dp.publication_id = p.publication_id AND dp.product_id = p.product_id
    JOIN pub_document d ON d.publication_id = dp.publication_id AND d.document_id = dp.document_id
    CROSS JOIN LATERAL (
      SELECT v.file_id,
        (array_agg(json_build_object('name', v.file_name, 'countries', v.countries, 'languages', v.languages,
           'restOfTheWorld', v.rest_of_the_world, 'allLotNumbers', v.all_lot_numbers, 'historical', v.historical, 'remarks', v.remarks)
           ORDER BY v.version_date DESC, v.file_version_id DESC))[1] AS file,
        json_agg(json_build_object('id', v.file_version_id, 'label', v.label, 'versionDate', v.version_date, 'validTo', v.valid_to,
           'publishDate', v.publish_date, 'binaryName', v.binary_name, 'binarySize', v.binary_size, 'mediaType', v.media_type ${binary})
           ORDER BY v.version_date DESC, v.file_version_id DESC) AS versions
      FROM pub_file_version v
      WHERE v.publication_id = d.publication_id AND v.document_id = d.document_id
        AND v.publish_date <= ${at} AND (v.archive_date IS NULL OR v.archive_date > ${at})
        AND (v.rest_of_the_world OR upper(${f.country}) = ANY(v.countries))
        AND (v.all_lot_numbers OR (p.product_type_id = ANY(${intArray(f.lotTypeIds)}) AND EXISTS (
              SELECT 1 FROM pub_lot_range r
              WHERE r.publication_id = v.publication_id AND r.lot_range_id = ANY(v.lot_range_ids)
                AND (r.archive_date IS NULL OR r.archive_date > ${at})
                AND ((r.applies_to_all AND r.product_type_id = p.product_type_id) OR r.lot_range_id = ANY(p.lot_range_ids))
                ${lotHeld})))
      GROUP BY v.file_id
    ) fv
    WHERE p.publication_id = ${f.contentId} AND p.product_id = ${f.productId} AND p.publish_date <= ${at}
      AND p.product_type_id = ANY(${intArray(f.productTypeIds)})
      AND d.document_type_id = ANY(${intArray(f.documentTypeIds)})
      AND (cardinality(d.restricted_group_ids) = 0 OR d.restricted_group_ids && ${intArray(f.groupIds)})
      ${onlyDocument}`;
}

export async function documentFiles(db: DbOrTx, f: DocumentFilesFilter): Promise<DocumentFileRow[]> {
  return rowsOf<DocumentFileRow>(db, documentFilesSql(f));
}

export interface ProductPageRow {
  product: ProductRow | null;
  files: DocumentFileRow[];
  /** With a lot: whether a range of the product (linked, or its type's applies-to-all) not archived at `at` holds it. */
  lotKnown: boolean | null;
}

/**
 * The product page's question in one statement: the product as `productSql` finds it, and the
 * files of its documents as `documentFilesSql` finds them for the visitor (none when `files` is
 * null: the site does not serve the visitor), each as JSON of the same rows.
 */
export function productPageSql(
  f: Parameters<typeof productSql>[0],
  ref: Parameters<typeof productSql>[1],
  files: Omit<DocumentFilesFilter, 'productId'> | null,
): SQL {
  const documents = files
    ? sql`(SELECT coalesce(json_agg(f), '[]'::json)
             FROM (${documentFilesSql({ ...files, productId: sql`(SELECT "productId" FROM product)` })}) f)`
    : sql`'[]'::json`;
  const lotKnown =
    files?.lot != null
      ? sql`EXISTS (SELECT 1 FROM pub_product p JOIN pub_lot_range r ON r.publication_id = p.publication_id
               WHERE p.publication_id = ${f.contentId} AND p.product_id = (SELECT "productId" FROM product)
                 AND r.lot_keys @> ARRAY[lower(${files.lot})]::text[]
                 AND (r.archive_date IS NULL OR r.archive_date > ${instant(f.at)})
                 AND ((r.applies_to_all AND r.product_type_id = p.product_type_id) OR r.lot_range_id = ANY(p.lot_range_ids)))`
      : sql`NULL::boolean`;
  return sql`WITH product AS (${productSql(f, ref)})
    SELECT (SELECT row_to_json(product) FROM product) AS product, ${documents} AS files, ${lotKnown} AS "lotKnown"`;
}

export async function productPage(
  db: DbOrTx,
  f: Parameters<typeof productSql>[0],
  ref: Parameters<typeof productSql>[1],
  files: Omit<DocumentFilesFilter, 'productId'> | null,
): Promise<ProductPageRow> {
  const [row] = await rowsOf<{ product: unknown; files: unknown; lotKnown: boolean | null }>(db, productPageSql(f, ref, files));
  return {
    product: fromJson<ProductRow | null>(row?.product ?? null),
    files: fromJson<DocumentFileRow[]>(row?.files ?? []),
    lotKnown: row?.lotKnown ?? null,
  };
}
