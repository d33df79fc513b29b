import type { DocumentSortField, PublishState } from '@vellum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  document,
  documentAttributeDefinition,
  documentAttributeValue,
  documentCount,
  documentProduct,
  documentProductGroup,
  documentType,
  file,
  product,
  productGroup,
} from '../../db/schema/index.js';
import { type MatchMode, matchesText } from '../../db/sql.js';
import { fileCountSql, liveContentIdOf, liveContentSql, publishStateOfRow, publishStateParts } from './documents.repo.js';

export interface DocumentSearchFilter {
  businessUnitId: number;
  number?: { value: string; match: MatchMode };
  name?: { value: string; match: MatchMode };
  text?: string;
  documentTypeId?: number;
  attributes: { attributeDefinitionId: number; value: string; match: MatchMode }[];
  productId?: number;
  productGroupId?: number;
  publishState?: PublishState;
  hasFiles?: boolean;
  orphans: boolean;
}

export interface DocumentSort {
  by: DocumentSortField;
  desc: boolean;
}

/** The searched document's columns, always qualified (inside the subqueries an unqualified id would be theirs). */
const d = {
  id: sql.raw('"document"."id"'),
  businessUnitId: sql.raw('"document"."business_unit_id"'),
  number: sql.raw('"document"."number"'),
  name: sql.raw('"document"."name"'),
  documentTypeId: sql.raw('"document"."document_type_id"'),
  lastModifiedDate: sql.raw('"document"."last_modified_date"'),
};

/** The filter's conditions but the publish state (publishStateParts), joined by AND. */
function conditions(f: DocumentSearchFilter): SQL {
  // always scoped by the unit
  const where: SQL[] = [sql`${d.businessUnitId} = ${f.businessUnitId}`];
  if (f.number) where.push(matchesText(sql`lower(${d.number})`, f.number.value, f.number.match));
  if (f.name) where.push(matchesText(sql`lower(${d.name})`, f.name.value, f.name.match));
  if (f.text !== undefined) {
    // the ids first, each branch through its trigram indexes (an OR with the values' EXISTS would scan every document)
    where.push(
      sql`${d.id} IN (SELECT tn.id FROM ${document} tn WHERE tn.business_unit_id = ${f.businessUnitId}
          AND (${matchesText(sql`lower(tn.number)`, f.text, 'PARTIAL')} OR ${matchesText(sql`lower(tn.name)`, f.text, 'PARTIAL')})
        UNION SELECT tv.document_id FROM ${documentAttributeValue} tv WHERE ${matchesText(sql`lower(tv.value)`, f.text, 'PARTIAL')})`,
    );
  }
  if (f.documentTypeId !== undefined) where.push(sql`${d.documentTypeId} = ${f.documentTypeId}`);
  for (const a of f.attributes) {
    where.push(
      sql`EXISTS (SELECT 1 FROM ${documentAttributeValue} av WHERE av.document_id = ${d.id} AND av.attribute_definition_id = ${a.attributeDefinitionId} AND ${matchesText(sql`lower(av.value)`, a.value, a.match)})`,
    );
  }
  if (f.productId !== undefined) {
    where.push(sql`EXISTS (SELECT 1 FROM ${documentProduct} dp WHERE dp.document_id = ${d.id} AND dp.product_id = ${f.productId})`);
  }
  if (f.productGroupId !== undefined) {
    where.push(
      sql`EXISTS (SELECT 1 FROM ${documentProductGroup} dg WHERE dg.document_id = ${d.id} AND dg.product_group_id = ${f.productGroupId})`,
    );
  }
  // kept by triggers on the links (decision 0060), read through a partial index
  if (f.orphans) where.push(sql`NOT "document"."linked"`);
  if (f.hasFiles !== undefined) {
    where.push(sql`${sql.raw(f.hasFiles ? '' : 'NOT ')}EXISTS (SELECT 1 FROM ${file} hf WHERE hf.document_id = ${d.id})`);
  }
  return sql.join(where, sql` AND `);
}

const sortColumns = {
  number: sql`lower(${d.number})`,
  name: sql`lower(${d.name})`,
  documentType: sql`(SELECT lower(st.name) FROM ${documentType} st WHERE st.id = ${d.documentTypeId})`,
  lastModifiedDate: d.lastModifiedDate,
  id: d.id,
} satisfies Record<DocumentSortField, SQL>;

/** The filter's fields that are set, the unit aside. */
const setFields = (f: DocumentSearchFilter): string[] =>
  Object.entries(f)
    .filter(([k, v]) => k !== 'businessUnitId' && v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0))
    .map(([k]) => k);

/**
 * Where the page's rows come from, as "document" (a subquery), how the page gets its total, and the
 * statement that counts the matches (for a page past the end).
 *
 * The total (decision 0060): the unfiltered list reads the unit's kept count and walks the number
 * index for its page; the orphans alone count their partial index apart from the page; any other
 * filter is evaluated once for the page and its total (a window count over the matches).
 *
 * A publish state alone (decision 0066's addendum) is read as its two disjoint parts
 * (publishStateParts), each in the page's order up to the page's end, merged by the outer sort: the
 * kept part walks its index in number order and stops there. Its total is counted apart, part by
 * part: the kept part from indexes alone (keptCount), the other checked. (Each part limits itself: the
 * planner would not carry the outer order into the branches of a UNION ALL with conditions.)
 */
function sourceOf(
  f: DocumentSearchFilter,
  content: SQL,
  orderBy: SQL,
  page: { limit: number; offset: number },
): { from: SQL; pageTotal: SQL<number>; total: SQL<number> } {
  const where = conditions(f);
  const set = setFields(f);
  const window = sql<number>`count(*) OVER ()`;
  if (f.publishState === undefined) {
    const total = sql<number>`(SELECT count(*)::int FROM ${document} WHERE ${where})`;
    const kept = sql<number>`coalesce((SELECT dc.documents FROM ${documentCount} dc WHERE dc.business_unit_id = ${f.businessUnitId}), 0)`;
    const pageTotal = set.length === 0 ? kept : set.length === 1 && set[0] === 'orphans' ? total : window;
    return { from: sql`(SELECT * FROM ${document} WHERE ${where}) AS "document"`, pageTotal, total };
  }
  const { kept, checked, keptCount } = publishStateParts('"document"', content, f.publishState);
  if (set.length > 1) {
    const matches = sql`${where} AND (${kept} OR ${checked})`;
    const total = sql<number>`(SELECT count(*)::int FROM ${document} WHERE ${matches})`;
    return { from: sql`(SELECT * FROM ${document} WHERE ${matches}) AS "document"`, pageTotal: window, total };
  }
  const part = (condition: SQL) =>
    sql`(SELECT * FROM ${document} WHERE ${where} AND ${condition} ORDER BY ${orderBy} LIMIT ${page.offset + page.limit})`;
  const count = (condition: SQL) => sql`(SELECT count(*)::int FROM ${document} WHERE ${where} AND ${condition})`;
  const total = sql<number>`(${count(keptCount.against)} - ${count(keptCount.outside)} + ${count(checked)})`;
  return { from: sql`(${part(kept)} UNION ALL ${part(checked)}) AS "document"`, pageTotal: total, total };
}

type Json<T> = T | string;
const json = <T>(v: Json<T>): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * One page of the unit's documents matching the filter, with the total, in one statement: the
 * per-document subqueries (type name, publish state, file count and, when asked, the collections)
 * run for the page's rows only; the total comes with the page as `sourceOf` says.
 *
 * With a publish state the unit's live content is read first, in the same snapshot as the page (a
 * read-only repeatable-read transaction): the statement names it as a value the planner knows, so
 * that it reads the kept states of that content from their index and finds the few others by
 * theirs. (Read inside the statement, it would be a value known only when run, and each comparison
 * with it estimated to match a third of the unit: a scan of the unit's documents.)
 */
export async function searchDocuments(
  db: Db,
  f: DocumentSearchFilter,
  sort: DocumentSort[],
  page: { limit: number; offset: number },
  includeCollections: boolean,
) {
  if (f.publishState === undefined) return searchPage(db, f, liveContentSql(f.businessUnitId), sort, page, includeCollections);
  return db.transaction(
    async (tx) => searchPage(tx, f, sql`${await liveContentIdOf(tx, f.businessUnitId)}::int`, sort, page, includeCollections),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** searchDocuments, for the unit whose live content is `content` (liveContentSql or its id). */
async function searchPage(
  db: DbOrTx,
  f: DocumentSearchFilter,
  content: SQL,
  sort: DocumentSort[],
  page: { limit: number; offset: number },
  includeCollections: boolean,
) {
  const none = sql`NULL::json`;
  const collections = includeCollections
    ? {
        attributeValues: sql<Json<{ attributeDefinitionId: number; value: string }[]>>`(
          SELECT coalesce(json_agg(json_build_object('attributeDefinitionId', v.attribute_definition_id, 'value', v.value)
                                   ORDER BY ad.visualization_order, ad.id), '[]'::json)
          FROM ${documentAttributeValue} v JOIN ${documentAttributeDefinition} ad ON ad.id = v.attribute_definition_id
          WHERE v.document_id = ${d.id})`,
        productGroups: sql<Json<{ id: number; name: string; productTypeId: number }[]>>`(
          SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'productTypeId', g.product_type_id)
                                   ORDER BY lower(g.name), g.id), '[]'::json)
          FROM ${documentProductGroup} cg JOIN ${productGroup} g ON g.id = cg.product_group_id WHERE cg.document_id = ${d.id})`,
        products: sql<Json<{ id: number; keyCode: string; productTypeId: number }[]>>`(
          SELECT coalesce(json_agg(json_build_object('id', p.id, 'keyCode', p.key_code, 'productTypeId', p.product_type_id)
                                   ORDER BY lower(p.key_code), p.id), '[]'::json)
          FROM ${documentProduct} cp JOIN ${product} p ON p.id = cp.product_id WHERE cp.document_id = ${d.id})`,
      }
    : { attributeValues: none, productGroups: none, products: none };
  const orderBy: SQL[] = sort.map((s) => sql`${sortColumns[s.by]} ${sql.raw(s.desc ? 'DESC' : 'ASC')}`);
  orderBy.push(sql`${d.id} ASC`);
  const { from, pageTotal, total } = sourceOf(f, content, sql.join(orderBy, sql`, `), page);
  // the columns of "document", the table or the two parts of a publish state (sourceOf)
  const rows = await db
    .select({
      id: sql<number>`${d.id}`,
      number: sql<string>`${d.number}`,
      name: sql<string>`${d.name}`,
      documentTypeId: sql<number>`${d.documentTypeId}`,
      documentTypeName: sql<string>`(SELECT t.name FROM ${documentType} t WHERE t.id = ${d.documentTypeId})`,
      publishState: publishStateOfRow('"document"', content),
      fileCount: fileCountSql(d.id),
      lastModifiedDate: sql`${d.lastModifiedDate}`.mapWith(document.lastModifiedDate),
      ...collections,
      total: pageTotal,
    })
    .from(from)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const items = rows.map((r) => {
    const item = {
      id: r.id,
      number: r.number,
      name: r.name,
      documentTypeId: r.documentTypeId,
      documentTypeName: r.documentTypeName,
      publishState: r.publishState,
      fileCount: Number(r.fileCount),
      lastModifiedDate: r.lastModifiedDate.toISOString(),
    };
    if (!includeCollections) return item;
    const c = r as unknown as {
      attributeValues: Json<{ attributeDefinitionId: number; value: string }[]>;
      productGroups: Json<{ id: number; name: string; productTypeId: number }[]>;
      products: Json<{ id: number; keyCode: string; productTypeId: number }[]>;
    };
    return { ...item, attributeValues: json(c.attributeValues), productGroups: json(c.productGroups), products: json(c.products) };
  });
  if (rows.length > 0) return { items, total: Number(rows[0].total) };
  if (page.offset === 0) return { items, total: 0 };
  const [{ n }] = await db.select({ n: total }).from(sql`(VALUES (1)) AS one`);
  return { items, total: Number(n) };
}
