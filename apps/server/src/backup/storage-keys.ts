/**
 * Every column that holds a key of the file store (decision 0069). A backup copies each object a
 * row names; `backup.test.ts` fails when a new text column whose name ends in `_key` appears
 * without being listed here or in NOT_STORAGE_KEYS, so a new kind of stored object cannot be
 * forgotten by the backup.
 */
export const STORAGE_KEY_COLUMNS = [
  { table: 'file_version', column: 'binary_key' },
  { table: 'pub_file_version', column: 'binary_key' },
  { table: 'published_object', column: 'storage_key' },
  { table: 'manufacturer', column: 'logo_key' },
  { table: 'manufacturer', column: 'audience_image_hcp_key' },
  { table: 'manufacturer', column: 'audience_image_patient_key' },
  { table: 'business_unit', column: 'logo_key' },
  { table: 'product_type', column: 'image_key' },
  { table: 'product_type', column: 'hero_image_hcp_key' },
  { table: 'product_type', column: 'hero_image_patient_key' },
  { table: 'product_remark', column: 'cloud_storage_object_key' },
  { table: 'pub_remark', column: 'storage_key' },
  { table: 'internationalization', column: 'cloud_storage_object_key' },
  { table: 'public_resource', column: 'storage_key' },
  // a help ticket's attachment (kept with the ticket)
  { table: 'ticket', column: 'attachment_key' },
  // the customer's IQ/OQ/PQ documents beside the validation records
  { table: 'qualification_document', column: 'storage_key' },
  // a bulk job's zip and rejected rows: kept for a while, then removed by the bulk maintenance;
  // an upload's key is named before its object arrives, so these may be absent (optional)
  { table: 'bulk_job', column: 'storage_key', optional: true },
  { table: 'bulk_job', column: 'rejected_rows_key', optional: true },
] as const satisfies readonly { table: string; column: string; optional?: boolean }[];

/** Columns ending in `_key` (or `_keys`) that are not file store keys. */
export const NOT_STORAGE_KEYS = [
  'internationalization.translation_key',
  'website_translation.translation_key',
  'app_user.lang_key',
  'pub_lot_range.lot_keys',
];

/** A key the database names, with the columns that name it. */
export interface NamedObject {
  key: string;
  columns: string[];
  /** Only in columns whose objects may be gone (see above). */
  optional: boolean;
}

/** One statement that reads every named key (distinct), with the columns naming it. */
export const NAMED_KEYS_SQL = `select key, array_agg(distinct col order by col) as columns, bool_and(optional) as optional from (${STORAGE_KEY_COLUMNS.map(
  (c) =>
    `select ${c.column} as key, '${c.table}.${c.column}' as col, ${'optional' in c && c.optional ? 'true' : 'false'} as optional from ${c.table} where ${c.column} is not null`,
).join(' union all ')}) k group by key order by key`;

export function namedObjectsOf(rows: { key: string; columns: string[] | string; optional: boolean }[]): NamedObject[] {
  return rows.map((r) => ({
    key: r.key,
    // node-postgres parses text[]; PGlite too, but keep a literal '{a,b}' readable
    columns: Array.isArray(r.columns) ? r.columns : r.columns.replace(/^\{|\}$/g, '').split(','),
    optional: r.optional,
  }));
}
