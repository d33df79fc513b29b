import type { PublishState } from '@vellum/contract';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { liveContentOf, versionInContent, versionIsLive } from '../../db/live-content.js';
import {
  document,
  documentAttributeDefinition,
  documentAttributeValue,
  documentProduct,
  documentProductGroup,
  documentType,
  file,
  fileVersion,
  product,
  productGroup,
  publicUserGroup,
  publicUserGroupDocument,
} from '../../db/schema/index.js';
import { intArray, isRowId, rowsOf } from '../../db/sql.js';

export type DocumentRow = typeof document.$inferSelect;
export type DocumentValues = Pick<typeof document.$inferInsert, 'businessUnitId' | 'number' | 'name' | 'documentTypeId'>;
export type DefinitionRow = typeof documentAttributeDefinition.$inferSelect;

/**
 * The publish state of the document whose id `documentId` names (decision 0032, 0033): of the
 * current version of each file that is not archived (the last by version date, then id), published
 * if one is published, otherwise scheduled if one has a publish date, otherwise unpublished. The
 * current version's publish date is kept on the file by a trigger (decision 0036). A version the
 * unit's live publication does not hold is unpublished whatever its date (decision 0051).
 */
const liveCurrentOfUnit = versionIsLive(sql.raw('ps_f.current_version_id'), sql.raw('ps_f.business_unit_id'));

/** As publishStateSql with `content` for the unit's live content (its id, 0 for none; a search reads it once). */
function publishStateIn(documentId: SQL, content?: SQL): SQL<PublishState> {
  const liveCurrent = content === undefined ? liveCurrentOfUnit : versionInContent(sql.raw('ps_f.current_version_id'), content);
  return sql<PublishState>`(SELECT CASE WHEN bool_or(ps_f.current_publish_date <= now() AND ${liveCurrent}) THEN 'PUBLISHED'
      WHEN bool_or(ps_f.current_publish_date > now() AND ${liveCurrent}) THEN 'SCHEDULED' ELSE 'UNPUBLISHED' END
    FROM ${file} ps_f
    WHERE ps_f.document_id = ${documentId} AND (ps_f.archive_date IS NULL OR ps_f.archive_date > now()))`;
}

export const publishStateSql = (documentId: SQL): SQL<PublishState> => publishStateIn(documentId);

/** The id of the unit's live content (decision 0051), 0 when it was never published: the `content` of the search's conditions. */
export const liveContentSql = (businessUnitId: SQL | number): SQL => sql`coalesce(${liveContentOf(businessUnitId)}, 0)`;

/** The id of the unit's live content, 0 when it was never published, read now. */
export async function liveContentIdOf(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [row] = await rowsOf<{ c: number }>(db, sql`SELECT ${liveContentSql(businessUnitId)} AS c`);
  return Number(row.c);
}

/** A file of the document, not archived, whose current version's publish date passes `condition` (`ps_f.current_publish_date ...`). */
const liveFileWhere = (documentId: SQL, condition: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${file} ps_f WHERE ps_f.document_id = ${documentId}
    AND (ps_f.archive_date IS NULL OR ps_f.archive_date > now()) AND ${condition})`;

/**
 * What the dates kept on the document `doc` names allow now (decision 0060): necessary conditions
 * for its being published or scheduled, read from its own row. Coalesced so that a document without
 * dates is decided without looking at its files (NULL AND x would evaluate x).
 */
function stateDatesAllow(doc: string): { mayBePublished: SQL; mayBeScheduled: SQL } {
  const col = (name: string) => sql.raw(`${doc}.${name}`);
  return {
    mayBePublished: sql`coalesce(${col('published_from')} <= now() AND coalesce(${col('published_until')} > now(), true), false)`,
    mayBeScheduled: sql`coalesce(${col('scheduled_until')} > now(), false)`,
  };
}

/**
 * The kept state of the document `doc` (decision 0066) holds now: it was computed against the unit's
 * live content `content` (liveContentSql, read once per statement for a constant unit, or its id
 * read before) and now lies inside its window.
 */
export function keptStateHolds(doc: string, content: SQL): SQL {
  const col = (name: string) => sql.raw(`${doc}.${name}`);
  return sql`(${col('live_state_content_id')} = ${content}
    AND coalesce(${col('live_state_from')} <= now(), true) AND coalesce(${col('live_state_until')} > now(), true))`;
}

/**
 * The publish state of the row `doc` of a document of the unit whose live content is `content`: the
 * kept state while it holds (decision 0066), else computed from the files as publishStateSql does.
 */
export function publishStateOfRow(doc: string, content: SQL): SQL<PublishState> {
  return sql<PublishState>`(CASE WHEN ${keptStateHolds(doc, content)} THEN ${sql.raw(`${doc}.live_state`)}
    ELSE ${publishStateIn(sql.raw(`${doc}.id`), content)} END)`;
}

/**
 * The documents in one publish state, as two disjoint conditions of a WHERE (a NULL counts as
 * false there; decision 0066 and its addendum), for the unit whose live content is `content`
 * (liveContentSql, or its id read before so that the planner knows it):
 *
 * - `kept`: the kept state holds (computed against `content`, now inside its window) and is
 *   `state`. Every column it reads is in `document_unit_live_state_idx (business_unit_id,
 *   live_state_content_id, live_state, lower(number), id, live_state_from, live_state_until)`: the
 *   page in number order and the count come from that index alone.
 * - `keptCount`: the kept part as two conditions whose counts' difference is its count, each one an
 *   index answers without reading a row: the kept states of `state` against `content`
 *   (`document_unit_live_count_idx`, a few deduplicated pages per unit), less those of them whose
 *   window now excludes (by the window's indexes, none right after the refresh).
 * - `checked`: the kept state does not hold (forgotten, another content, now outside its window),
 *   each test one an index answers (the same index by content id, `document_unit_live_from_idx`,
 *   `document_unit_live_until_idx`), and the document is in the state by its files: the dates kept
 *   on the document (decision 0060) narrow first, and only the documents they leave are checked
 *   file by file against the clock and `content` (a semi-join over the files, not publishStateSql
 *   per document).
 */
export function publishStateParts(
  doc: string,
  content: SQL,
  state: PublishState,
): { kept: SQL; checked: SQL; keptCount: { against: SQL; outside: SQL } } {
  const id = sql.raw(`${doc}.id`);
  const col = (name: string) => sql.raw(`${doc}.${name}`);
  const live = versionInContent(sql.raw('ps_f.current_version_id'), content);
  const kept = sql`(${keptStateHolds(doc, content)} AND ${col('live_state')} = ${state})`;
  const against = sql`${col('live_state_content_id')} = ${content} AND ${col('live_state')} = ${state}`;
  const outside = sql`(${col('live_state_from')} > now() OR ${col('live_state_until')} <= now())`;
  const stale = sql`(${col('live_state_content_id')} IS NULL OR ${col('live_state_content_id')} < ${content}
    OR ${col('live_state_content_id')} > ${content} OR ${outside})`;
  const { mayBePublished, mayBeScheduled } = stateDatesAllow(doc);
  const published = sql`(${mayBePublished} AND ${liveFileWhere(id, sql`ps_f.current_publish_date <= now() AND ${live}`)})`;
  const scheduled = sql`(${mayBeScheduled} AND ${liveFileWhere(id, sql`ps_f.current_publish_date > now() AND ${live}`)})`;
  // the dates are necessary for either state: in front of the check, the scheduled ones through their index
  const checks: Record<PublishState, SQL> = {
    PUBLISHED: sql`${col('published_from')} <= now() AND ${published}`,
    SCHEDULED: sql`${col('scheduled_until')} > now() AND ${scheduled} AND NOT ${published}`,
    UNPUBLISHED: sql`NOT ${published} AND NOT ${scheduled}`,
  };
  return { kept, checked: sql`(${stale} AND ${checks[state]})`, keptCount: { against, outside: sql`${against} AND ${outside}` } };
}

export const fileCountSql = (documentId: SQL): SQL<number> =>
  sql<number>`(SELECT count(*)::int FROM ${file} fc_f WHERE fc_f.document_id = ${documentId})`;

export async function findDocument(db: DbOrTx, id: number, forUpdate = false): Promise<DocumentRow | undefined> {
  if (!isRowId(id)) return undefined;
  const q = db.select().from(document).where(eq(document.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function documentUnitOf(db: DbOrTx, id: number): Promise<number | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select({ unit: document.businessUnitId }).from(document).where(eq(document.id, id));
  return row?.unit;
}

/** What GET answers beside the row: publish state and file count. */
export async function stateAndFiles(db: DbOrTx, id: number): Promise<{ publishState: PublishState; fileCount: number }> {
  const [row] = await db
    .select({ publishState: publishStateSql(sql`${id}::int`), fileCount: fileCountSql(sql`${id}::int`) })
    .from(sql`(VALUES (1)) AS one`);
  return { publishState: row.publishState, fileCount: Number(row.fileCount) };
}

export async function findType(db: DbOrTx, id: number) {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(documentType).where(eq(documentType.id, id));
  return row;
}

/**
 * The unit's attribute definitions, share-locked until the transaction ends: a concurrent save of
 * the list (which may switch `unique` and the values' `is_unique` with it) waits for the document.
 */
export async function definitionsOfUnit(db: DbOrTx, businessUnitId: number): Promise<DefinitionRow[]> {
  return db
    .select()
    .from(documentAttributeDefinition)
    .where(eq(documentAttributeDefinition.businessUnitId, businessUnitId))
    .orderBy(asc(documentAttributeDefinition.visualizationOrder), asc(documentAttributeDefinition.id))
    .for('share');
}

export async function valuesOf(db: DbOrTx, documentId: number) {
  return db
    .select({ attributeDefinitionId: documentAttributeValue.attributeDefinitionId, value: documentAttributeValue.value })
    .from(documentAttributeValue)
    .innerJoin(documentAttributeDefinition, eq(documentAttributeDefinition.id, documentAttributeValue.attributeDefinitionId))
    .where(eq(documentAttributeValue.documentId, documentId))
    .orderBy(asc(documentAttributeDefinition.visualizationOrder), asc(documentAttributeDefinition.id));
}

export async function groupsOf(db: DbOrTx, documentId: number) {
  return db
    .select({ id: productGroup.id, name: productGroup.name, productTypeId: productGroup.productTypeId })
    .from(documentProductGroup)
    .innerJoin(productGroup, eq(productGroup.id, documentProductGroup.productGroupId))
    .where(eq(documentProductGroup.documentId, documentId))
    .orderBy(asc(sql`lower(${productGroup.name})`), asc(productGroup.id));
}

export async function productsOf(db: DbOrTx, documentId: number) {
  return db
    .select({ id: product.id, keyCode: product.keyCode, productTypeId: product.productTypeId })
    .from(documentProduct)
    .innerJoin(product, eq(product.id, documentProduct.productId))
    .where(eq(documentProduct.documentId, documentId))
    .orderBy(asc(sql`lower(${product.keyCode})`), asc(product.id));
}

export async function publicUserGroupsOf(db: DbOrTx, documentId: number) {
  return db
    .select({ id: publicUserGroup.id, name: publicUserGroup.name, enabled: publicUserGroup.enabled })
    .from(publicUserGroupDocument)
    .innerJoin(publicUserGroup, eq(publicUserGroup.id, publicUserGroupDocument.publicUserGroupId))
    .where(eq(publicUserGroupDocument.documentId, documentId))
    .orderBy(asc(sql`lower(${publicUserGroup.name})`), asc(publicUserGroup.id));
}

/** Whether another document of the unit has this number (regardless of case). */
export async function numberTaken(db: DbOrTx, businessUnitId: number, number: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: document.id })
    .from(document)
    .where(
      and(
        eq(document.businessUnitId, businessUnitId),
        sql`lower(${document.number}) = lower(${number})`,
        exceptId === undefined ? undefined : ne(document.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether another document holds this value (regardless of case) of a unique definition. */
export async function uniqueValueTaken(db: DbOrTx, definitionId: number, value: string, exceptDocumentId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: documentAttributeValue.documentId })
    .from(documentAttributeValue)
    .where(
      and(
        eq(documentAttributeValue.attributeDefinitionId, definitionId),
        sql`lower(${documentAttributeValue.value}) = lower(${value})`,
        exceptDocumentId === undefined ? undefined : ne(documentAttributeValue.documentId, exceptDocumentId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The product groups with these ids that belong to the unit. */
export async function unitGroupIds(db: DbOrTx, businessUnitId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: productGroup.id })
    .from(productGroup)
    .where(and(eq(productGroup.businessUnitId, businessUnitId), inArray(productGroup.id, ids)));
  return rows.map((r) => r.id);
}

/** The products with these ids that belong to the unit. */
export async function unitProductIds(db: DbOrTx, businessUnitId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: product.id })
    .from(product)
    .where(and(eq(product.businessUnitId, businessUnitId), inArray(product.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertDocument(db: DbOrTx, values: DocumentValues): Promise<DocumentRow> {
  const [row] = await db.insert(document).values(values).returning();
  return row;
}

/** Updates when `version` is still the stored one; undefined otherwise. */
export async function updateDocument(
  db: DbOrTx,
  id: number,
  version: number,
  values: Omit<DocumentValues, 'businessUnitId'>,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(document)
    .set({ ...values, lastModifiedDate: sql`now()`, version: sql`${document.version} + 1` })
    .where(and(eq(document.id, id), eq(document.version, version)))
    .returning();
  return row;
}

/** Replaces the document's values; `is_unique` mirrors each definition's switch. */
export async function replaceValues(
  db: DbOrTx,
  documentId: number,
  values: { attributeDefinitionId: number; value: string; isUnique: boolean }[],
): Promise<void> {
  await db.delete(documentAttributeValue).where(eq(documentAttributeValue.documentId, documentId));
  if (values.length > 0) await db.insert(documentAttributeValue).values(values.map((v) => ({ documentId, ...v })));
}

export async function replaceGroups(db: DbOrTx, documentId: number, ids: number[]): Promise<void> {
  await db.delete(documentProductGroup).where(eq(documentProductGroup.documentId, documentId));
  if (ids.length > 0) await db.insert(documentProductGroup).values(ids.map((productGroupId) => ({ documentId, productGroupId })));
}

export async function replaceProducts(db: DbOrTx, documentId: number, ids: number[]): Promise<void> {
  await db.delete(documentProduct).where(eq(documentProduct.documentId, documentId));
  if (ids.length > 0) await db.insert(documentProduct).values(ids.map((productId) => ({ documentId, productId })));
}

/** The documents of the ids, locked for update when asked (a batch delete's rows, decision 0088). */
export async function findDocuments(db: DbOrTx, ids: readonly number[], forUpdate = false): Promise<DocumentRow[]> {
  const valid = ids.filter(isRowId);
  if (valid.length === 0) return [];
  const q = db.select().from(document).where(inArray(document.id, valid));
  return forUpdate ? await q.for('update') : await q;
}

/**
 * What the audit log records of many documents beside their row, read at once: each one's values
 * in the definitions' order, and its product group and product ids, sorted.
 */
export async function linksOfDocuments(db: DbOrTx, ids: readonly number[]) {
  const values = new Map<number, { attributeDefinitionId: number; value: string }[]>();
  const groups = new Map<number, number[]>();
  const products = new Map<number, number[]>();
  if (ids.length === 0) return { values, groups, products };
  const push = <T>(m: Map<number, T[]>, k: number, v: T) => m.set(k, [...(m.get(k) ?? []), v]);
  const valueRows = await db
    .select({
      documentId: documentAttributeValue.documentId,
      attributeDefinitionId: documentAttributeValue.attributeDefinitionId,
      value: documentAttributeValue.value,
    })
    .from(documentAttributeValue)
    .innerJoin(documentAttributeDefinition, eq(documentAttributeDefinition.id, documentAttributeValue.attributeDefinitionId))
    .where(inArray(documentAttributeValue.documentId, [...ids]))
    .orderBy(asc(documentAttributeDefinition.visualizationOrder), asc(documentAttributeDefinition.id));
  for (const { documentId, ...v } of valueRows) push(values, documentId, v);
  const groupRows = await db
    .selectDistinct({ documentId: documentProductGroup.documentId, id: documentProductGroup.productGroupId })
    .from(documentProductGroup)
    .where(inArray(documentProductGroup.documentId, [...ids]))
    .orderBy(asc(documentProductGroup.documentId), asc(documentProductGroup.productGroupId));
  for (const r of groupRows) push(groups, r.documentId, r.id);
  const productRows = await db
    .selectDistinct({ documentId: documentProduct.documentId, id: documentProduct.productId })
    .from(documentProduct)
    .where(inArray(documentProduct.documentId, [...ids]))
    .orderBy(asc(documentProduct.documentId), asc(documentProduct.productId));
  for (const r of productRows) push(products, r.documentId, r.id);
  return { values, groups, products };
}

/** The documents among the ids with a published or scheduled file version. */
export async function documentsWithPublishedVersion(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: file.documentId })
    .from(fileVersion)
    .innerJoin(file, eq(file.id, fileVersion.fileId))
    .where(and(inArray(file.documentId, [...ids]), isNotNull(fileVersion.publishDate)));
  return new Set(rows.map((r) => r.id));
}

/** The storage keys of the binaries of the documents' file versions. */
export async function binaryKeysOfDocuments(db: DbOrTx, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ key: fileVersion.binaryKey })
    .from(fileVersion)
    .innerJoin(file, eq(file.id, fileVersion.fileId))
    .where(and(inArray(file.documentId, [...ids]), isNotNull(fileVersion.binaryKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** Archives the documents' files that are not archived yet, from `at`; answers them with their document, by id. */
export async function archiveFilesOfDocuments(
  db: DbOrTx,
  ids: readonly number[],
  at: Date,
): Promise<{ id: number; name: string; documentId: number }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(file)
    .set({ archiveDate: at, lastModifiedDate: sql`now()`, version: sql`${file.version} + 1` })
    .where(and(inArray(file.documentId, [...ids]), isNull(file.archiveDate)))
    .returning({ id: file.id, name: file.name, documentId: file.documentId });
  return rows.sort((a, b) => a.id - b.id);
}

/** Deletes the documents in one statement (their files, versions and links go by cascade). */
export async function deleteDocuments(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`DELETE FROM document WHERE id = ANY(${intArray(ids)})`);
}

/** The unit's documents, orphans (no product group, no product) and documents by publish state, in one statement. */
export async function unitCounts(db: DbOrTx, businessUnitId: number) {
  // qualified: inside the subqueries an unqualified id would be the file's
  const id = sql.raw('"document"."id"');
  const allow = stateDatesAllow('"document"');
  const rows = await db
    .select({
      // the dates and the link kept on the document (decision 0060): files are read only where the dates allow a state
      state: sql<PublishState>`CASE WHEN ${allow.mayBePublished} OR ${allow.mayBeScheduled} THEN ${publishStateSql(id)} ELSE 'UNPUBLISHED' END`,
      orphan: sql<boolean>`NOT "document"."linked"`,
      n: sql<number>`count(*)::int`,
    })
    .from(document)
    .where(eq(document.businessUnitId, businessUnitId))
    .groupBy(sql`1`, sql`2`);
  const c = { documents: 0, orphanDocuments: 0, unpublished: 0, scheduled: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    c.documents += n;
    if (r.orphan) c.orphanDocuments += n;
    if (r.state === 'UNPUBLISHED') c.unpublished += n;
    if (r.state === 'SCHEDULED') c.scheduled += n;
  }
  return c;
}

/** How many documents are linked to each of these product groups. */
export async function documentsPerGroup(db: DbOrTx, groupIds: number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ id: documentProductGroup.productGroupId, n: count() })
    .from(documentProductGroup)
    .where(inArray(documentProductGroup.productGroupId, groupIds))
    .groupBy(documentProductGroup.productGroupId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
