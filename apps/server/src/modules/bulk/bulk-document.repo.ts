import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businessUnit, documentAttributeDefinition } from '../../db/schema/index.js';
import { fromJson, isRowId, rowsOf } from '../../db/sql.js';
import type { SheetDocument, SheetFile } from './bulk-document-sheet.js';

/** The unit's slug and its document languages (the download's name, the template's allowed languages). */
export async function findUnitOf(db: DbOrTx, id: number) {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select({ id: businessUnit.id, slug: businessUnit.slug, documentLanguages: businessUnit.documentLanguages })
    .from(businessUnit)
    .where(eq(businessUnit.id, id));
  return row;
}

/** The columns of a unit's documents' sheet: its document attribute definitions in the order the forms show them. */
export async function documentSheetDefinitions(db: DbOrTx, businessUnitId: number) {
  return db
    .select({
      id: documentAttributeDefinition.id,
      name: documentAttributeDefinition.name,
      slug: documentAttributeDefinition.slug,
      unique: documentAttributeDefinition.unique,
      mandatory: documentAttributeDefinition.mandatory,
      isActive: documentAttributeDefinition.isActive,
    })
    .from(documentAttributeDefinition)
    .where(eq(documentAttributeDefinition.businessUnitId, businessUnitId))
    .orderBy(asc(documentAttributeDefinition.visualizationOrder), asc(documentAttributeDefinition.id));
}

interface FileJson extends Omit<SheetFile, 'publishDate' | 'archiveDate'> {
  publishDate: string | null;
  archiveDate: string | null;
}

const isoInstant = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * A page of the unit's documents in number order after `afterKey` (lower-cased numbers, unique in
 * the unit), each with its type's name, values, products, groups and its current files (archive
 * date not reached, as the admin lists them current) with their current version, in one statement.
 */
export async function documentPage(db: DbOrTx, businessUnitId: number, afterKey: string | null, size: number): Promise<SheetDocument[]> {
  const rows = await rowsOf<{
    number: string;
    sort_key: string;
    name: string;
    type_name: string;
    attribute_values: unknown;
    products: unknown;
    groups: unknown;
    files: unknown;
  }>(
    db,
    sql`SELECT d.number, lower(d.number) AS sort_key, d.name, t.name AS type_name,
          coalesce((SELECT json_object_agg(v.attribute_definition_id, v.value) FROM document_attribute_value v WHERE v.document_id = d.id), '{}') AS attribute_values,
          coalesce((SELECT json_agg(p.key_code ORDER BY lower(p.key_code)) FROM document_product dp JOIN product p ON p.id = dp.product_id
                     WHERE dp.document_id = d.id), '[]') AS products,
          coalesce((SELECT json_agg(json_build_object('name', g.name, 'productTypeSlug', pt.slug) ORDER BY lower(pt.slug), lower(g.name))
                     FROM document_product_group dg JOIN product_group g ON g.id = dg.product_group_id
                     JOIN product_type pt ON pt.id = g.product_type_id
                     WHERE dg.document_id = d.id), '[]') AS groups,
          coalesce((SELECT json_agg(json_build_object(
                       'name', f.name,
                       'restOfTheWorld', f.rest_of_the_world,
                       'countries', coalesce((SELECT json_agg(c.country_iso_code ORDER BY c.country_iso_code) FROM file_country c WHERE c.file_id = f.id), '[]'),
                       'languages', coalesce((SELECT json_agg(l.language_iso_code ORDER BY l.language_iso_code) FROM file_language l WHERE l.file_id = f.id), '[]'),
                       'allLotNumbers', f.all_lot_numbers,
                       'lotRanges', coalesce((SELECT json_agg(r.name ORDER BY lower(r.name)) FROM file_lot_range fl JOIN lot_range r ON r.id = fl.lot_range_id
                                              WHERE fl.file_id = f.id), '[]'),
                       'versionLabel', fv.label,
                       'versionDate', fv.version_date,
                       'validTo', fv.valid_to,
                       'publishDate', fv.publish_date,
                       'archiveDate', f.archive_date,
                       'remarks', f.remarks,
                       'remarksActive', f.remarks_active,
                       'historical', f.historical,
                       'binaryKey', fv.binary_key,
                       'binaryName', fv.binary_name) ORDER BY lower(f.name), f.id)
                     FROM file f JOIN file_version fv ON fv.id = f.current_version_id
                     WHERE f.document_id = d.id AND (f.archive_date IS NULL OR f.archive_date > now())), '[]') AS files
        FROM document d JOIN document_type t ON t.id = d.document_type_id
        WHERE d.business_unit_id = ${businessUnitId} ${afterKey === null ? sql`` : sql`AND lower(d.number) > ${afterKey}`}
        ORDER BY lower(d.number)
        LIMIT ${size}`,
  );
  return rows.map((r) => ({
    number: r.number,
    sortKey: r.sort_key,
    name: r.name,
    typeName: r.type_name,
    values: fromJson<Record<string, string>>(r.attribute_values),
    products: fromJson<string[]>(r.products),
    groups: fromJson<{ name: string; productTypeSlug: string }[]>(r.groups),
    files: fromJson<FileJson[]>(r.files).map((f) => ({
      ...f,
      publishDate: isoInstant(f.publishDate),
      archiveDate: isoInstant(f.archiveDate),
    })),
  }));
}
