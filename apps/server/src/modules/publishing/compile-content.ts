import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';

/** How many rows of each kind a compile wrote. */
export interface CompiledContent {
  products: number;
  attributeValues: number;
  lotRanges: number;
  productGroups: number;
  remarks: number;
  documents: number;
  documentProducts: number;
  files: number;
  fileVersions: number;
}

/*
 * The large half of a publication (decision 0037): one INSERT … SELECT per pub_* table, read from
 * the draft as the transaction sees it (after the publish's stamping). Each statement starts from
 * the admin tables scoped by the unit (whose statistics the planner has), not from the pub_* rows
 * written a statement earlier (which it has none of yet), so that 100,000 products and 200,000
 * files are joined by hash, not row by row. `hash` is an md5 of what the public sees of a row: the
 * publications' diff compares it. Dates enter a hash as epochs, so the session's time zone does
 * not change it.
 */

/** Inserts and answers how many rows went in. */
async function insertCounted(tx: DbOrTx, insert: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(tx, sql`with ins as (${insert} returning 1) select count(*)::int as n from ins`);
  return row?.n ?? 0;
}

/**
 * Which items a compile takes and with which publish date. A publish (after its stamping) takes
 * what has a date. A preview (decision 0042) writes no date: it takes what a publish now would
 * stamp as well (every product, and every file's current version with a binary), dated now().
 */
export interface CompileScope {
  preview: boolean;
}

function datesOf(scope: CompileScope) {
  const productDate = scope.preview ? sql`coalesce(p.publish_date, now())` : sql`p.publish_date`;
  const versionDate = scope.preview ? sql`coalesce(v.publish_date, now())` : sql`v.publish_date`;
  /** A public product: of an ENABLED type of the unit, with a publish date (scheduled ones too). */
  const publicProduct = (unit: number) => sql`
    p.business_unit_id = ${unit} and ${scope.preview ? sql`true` : sql`p.publish_date is not null`}
    and exists (select 1 from product_type t where t.id = p.product_type_id and t.status = 'ENABLED')`;
  /**
   * A public version of file f: a publish date, a binary, and a file not archived at compile time
   * (an archive date in the future goes in: the read model compares it with its clock).
   */
  const publicVersion = sql`
    ${scope.preview ? sql`(v.publish_date is not null or v.id = f.current_version_id)` : sql`v.publish_date is not null`}
    and v.binary_key is not null and (f.archive_date is null or f.archive_date > now())`;
  return { productDate, versionDate, publicProduct, publicVersion };
}

/*
 * The rows of pub_product, pub_document and pub_file_version as SELECTs: the compile inserts them,
 * and the publish page's comparison of the draft with the live publication (draft-changes.ts)
 * reads them without writing, so both speak of the same rows and the same hashes.
 */

/** The public products of the unit with their lot ranges, groups and hash. */
export function productRows(unit: number, pub: number, scope: CompileScope): SQL {
  const { productDate, publicProduct } = datesOf(scope);
  return sql`select ${pub} as publication_id, p.id as product_id, p.product_type_id, p.key_code, ${productDate} as publish_date,
        coalesce(lr.ids, '{}') as lot_range_ids, coalesce(g.ids, '{}') as product_group_ids,
        md5(row(p.key_code, p.product_type_id, extract(epoch from ${productDate}), lr.ids, g.ids, av.vals)::text) as hash
      from product p
      left join (
        select plr.product_id, array_agg(plr.lot_range_id order by plr.lot_range_id) as ids
        from product_lot_range plr join lot_range l on l.id = plr.lot_range_id
        where l.business_unit_id = ${unit} group by plr.product_id
      ) lr on lr.product_id = p.id
      left join (
        select gp.product_id, array_agg(gp.product_group_id order by gp.product_group_id) as ids
        from product_group_product gp join product_group pg on pg.id = gp.product_group_id
        where pg.business_unit_id = ${unit} group by gp.product_id
      ) g on g.product_id = p.id
      left join (
        select v.product_id, array_agg(row(v.attribute_definition_id, v.value)::text order by v.attribute_definition_id) as vals
        from product_type_attribute_value v
        join product_type_attribute_definition d on d.id = v.attribute_definition_id and d.is_active
        join product_type t on t.id = d.product_type_id
        where t.business_unit_id = ${unit} and t.status = 'ENABLED' group by v.product_id
      ) av on av.product_id = p.id
      where ${publicProduct(unit)}`;
}

/** The documents of active types with at least one public version, with their attributes, groups and hash. */
export function documentRows(unit: number, pub: number, scope: CompileScope): SQL {
  const { publicVersion } = datesOf(scope);
  return sql`select ${pub} as publication_id, d.id as document_id, d.number, d.name, d.document_type_id,
        coalesce(a.attrs, '[]'::jsonb) as attributes, coalesce(rg.ids, '{}') as restricted_group_ids,
        md5(row(d.number, d.name, d.document_type_id, a.attrs, rg.ids)::text) as hash
      from document d
      join document_type dt on dt.id = d.document_type_id and dt.active
      left join (
        select v.document_id,
          jsonb_agg(jsonb_build_object('attributeDefinitionId', v.attribute_definition_id, 'value', v.value)
                    order by def.visualization_order, def.id) as attrs
        from document_attribute_value v
        join document_attribute_definition def on def.id = v.attribute_definition_id and def.is_active
        where def.business_unit_id = ${unit} group by v.document_id
      ) a on a.document_id = d.id
      left join (
        select gd.document_id, array_agg(gd.public_user_group_id order by gd.public_user_group_id) as ids
        from public_user_group_document gd join public_user_group ug on ug.id = gd.public_user_group_id
        where ug.business_unit_id = ${unit} group by gd.document_id
      ) rg on rg.document_id = d.id
      where d.business_unit_id = ${unit}
        and exists (select 1 from file f join file_version v on v.file_id = f.id where f.document_id = d.id and ${publicVersion})`;
}

/** Every public version (superseded ones too), with its file's fields and hash. */
export function fileVersionRows(unit: number, pub: number, scope: CompileScope): SQL {
  const { versionDate, publicVersion } = datesOf(scope);
  return sql`select ${pub} as publication_id, v.id as file_version_id, f.id as file_id, f.document_id, f.name as file_name,
        v.label, v.version_date, v.valid_to,
        ${versionDate} as publish_date, f.archive_date, f.rest_of_the_world, f.all_lot_numbers, f.historical,
        case when f.remarks_active then f.remarks end as remarks, coalesce(fc.codes, '{}') as countries,
        coalesce(fl.codes, '{}') as languages, coalesce(flr.ids, '{}') as lot_range_ids, v.binary_key, v.binary_name, v.binary_size, v.media_type, v.sha256,
        md5(row(f.name, v.label, v.version_date, v.valid_to, extract(epoch from ${versionDate}), extract(epoch from f.archive_date),
          f.rest_of_the_world, f.all_lot_numbers, f.historical, case when f.remarks_active then f.remarks end,
          fc.codes, fl.codes, flr.ids, v.binary_key)::text) as hash
      from file_version v
      join file f on f.id = v.file_id
      join document d on d.id = f.document_id
      join document_type dt on dt.id = d.document_type_id and dt.active
      left join (
        select c.file_id, array_agg(c.country_iso_code order by c.country_iso_code) as codes
        from file_country c join file cf on cf.id = c.file_id where cf.business_unit_id = ${unit} group by c.file_id
      ) fc on fc.file_id = f.id
      left join (
        select l.file_id, array_agg(l.language_iso_code order by l.language_iso_code) as codes
        from file_language l join file lf on lf.id = l.file_id where lf.business_unit_id = ${unit} group by l.file_id
      ) fl on fl.file_id = f.id
      left join (
        select r.file_id, array_agg(r.lot_range_id order by r.lot_range_id) as ids
        from file_lot_range r join file rf on rf.id = r.file_id where rf.business_unit_id = ${unit} group by r.file_id
      ) flr on flr.file_id = f.id
      where v.business_unit_id = ${unit} and f.business_unit_id = ${unit} and d.business_unit_id = ${unit} and ${publicVersion}`;
}

export async function compileContent(
  tx: DbOrTx,
  businessUnitId: number,
  publicationId: number,
  scope: CompileScope = { preview: false },
): Promise<CompiledContent> {
  const unit = businessUnitId;
  const pub = publicationId;
  const { publicProduct } = datesOf(scope);

  const products = await insertCounted(
    tx,
    sql`insert into pub_product (publication_id, product_id, product_type_id, key_code, publish_date, lot_range_ids, product_group_ids, hash)
      ${productRows(unit, pub, scope)}`,
  );

  // values of active definitions only
  const attributeValues = await insertCounted(
    tx,
    sql`insert into pub_attribute_value (publication_id, product_id, attribute_definition_id, value)
      select ${pub}, v.product_id, v.attribute_definition_id, v.value
      from product_type_attribute_value v
      join product_type_attribute_definition d on d.id = v.attribute_definition_id and d.is_active
      join product p on p.id = v.product_id
      where ${publicProduct(unit)}`,
  );

  // every lot range of an enabled type: its archive date is compared at read time
  const lotRanges = await insertCounted(
    tx,
    sql`insert into pub_lot_range (publication_id, lot_range_id, product_type_id, name, numbers, lot_keys, applies_to_all, archive_date)
      select ${pub}, l.id, l.product_type_id, l.name, l.numbers, array(select lower(n) from unnest(l.numbers) n), l.applies_to_all, l.archive_date
      from lot_range l join product_type t on t.id = l.product_type_id and t.status = 'ENABLED'
      where l.business_unit_id = ${unit}`,
  );

  // the groups of public products, with their remarks
  const productGroups = await insertCounted(
    tx,
    sql`insert into pub_product_group (publication_id, product_group_id, product_type_id, name, remark_ids)
      select ${pub}, g.id, g.product_type_id, g.name,
        array(select r.product_remark_id from product_group_remark r where r.product_group_id = g.id order by r.product_remark_id)
      from product_group g
      where g.business_unit_id = ${unit}
        and exists (select 1 from product_group_product gp join product p on p.id = gp.product_id
                    where gp.product_group_id = g.id and ${publicProduct(unit)})`,
  );

  const remarks = await insertCounted(
    tx,
    sql`insert into pub_remark (publication_id, remark_id, name, hcp, patient, content, storage_key, visualization_order)
      select ${pub}, r.id, r.name, r.hcp, r.patient, r.content, r.cloud_storage_object_key, r.visualization_order
      from product_remark r
      where r.business_unit_id = ${unit}
        and exists (select 1 from pub_product_group g where g.publication_id = ${pub} and r.id = any(g.remark_ids))`,
  );

  // documents of active types with at least one public version; attributes of active definitions
  const documents = await insertCounted(
    tx,
    sql`insert into pub_document (publication_id, document_id, number, name, document_type_id, attributes, restricted_group_ids, hash)
      ${documentRows(unit, pub, scope)}`,
  );

  // every public version (superseded ones too: earlier versions stay available), with its file's fields
  const [versions] = await rowsOf<{ n: number; files: number }>(
    tx,
    sql`with ins as (
      insert into pub_file_version (publication_id, file_version_id, file_id, document_id, file_name, label, version_date, valid_to,
        publish_date, archive_date, rest_of_the_world, all_lot_numbers, historical, remarks, countries, languages, lot_range_ids,
        binary_key, binary_name, binary_size, media_type, sha256, hash)
      ${fileVersionRows(unit, pub, scope)}
      returning file_id
    ) select count(*)::int as n, count(distinct file_id)::int as files from ins`,
  );

  // document–product links resolved: direct and through groups, public documents and products only
  const documentProducts = await insertCounted(
    tx,
    sql`insert into pub_document_product (publication_id, product_id, document_id)
      select ${pub}, l.product_id, l.document_id
      from (
        select dp.product_id, dp.document_id
        from document_product dp join document d on d.id = dp.document_id
        where d.business_unit_id = ${unit}
        union
        select gp.product_id, dg.document_id
        from document_product_group dg
        join document d on d.id = dg.document_id
        join product_group_product gp on gp.product_group_id = dg.product_group_id
        where d.business_unit_id = ${unit}
      ) l
      join pub_product pp on pp.publication_id = ${pub} and pp.product_id = l.product_id
      join pub_document pd on pd.publication_id = ${pub} and pd.document_id = l.document_id`,
  );

  return {
    products,
    attributeValues,
    lotRanges,
    productGroups,
    remarks,
    documents,
    documentProducts,
    files: versions?.files ?? 0,
    fileVersions: versions?.n ?? 0,
  };
}
