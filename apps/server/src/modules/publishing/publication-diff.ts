import type { PublicationChangeSet } from '@vellum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { documentRows, fileVersionRows, productRows } from './compile-content.js';

/** How many items of each change the detail names (the counts are always whole). */
export const CHANGED_ITEMS_MAX = 100;

/*
 * What changed between two publications' contents, or between a publication's content and the
 * draft as a publish now would compile it, in the database: a full outer join of the two sides'
 * rows on the admin id, keyed rows compared by their hash. Only the counts and the first 100 of
 * each change (by label) leave the database, so a diff of 100,000 products is one pass.
 */

/** One keyed row of a content: its admin id, how a person names it, and its hash. */
type KeyedRows = (contentId: number) => SQL;

const publishedProductRows: KeyedRows = (c) =>
  sql`select product_id as id, key_code as label, hash from pub_product where publication_id = ${c}`;

const publishedDocumentRows: KeyedRows = (c) =>
  sql`select document_id as id, number || ' ' || name as label, hash from pub_document where publication_id = ${c}`;

/** A file is changed when its set of public versions (ids and hashes) differs. */
const publishedFileRows: KeyedRows = (c) =>
  sql`select file_id as id, min(file_name) as label, md5(string_agg(file_version_id::text || ':' || hash, ',' order by file_version_id)) as hash
      from pub_file_version where publication_id = ${c} group by file_id`;

/** The same keyed rows of the draft, from the compile's own SELECTs (a publish now, without options: decision 0051). */
const draft = { preview: true };
const draftProductRows = (unit: number) => sql`select product_id as id, key_code as label, hash from (${productRows(unit, 0, draft)}) s`;
const draftDocumentRows = (unit: number) =>
  sql`select document_id as id, number || ' ' || name as label, hash from (${documentRows(unit, 0, draft)}) s`;
const draftFileRows = (unit: number) =>
  sql`select file_id as id, min(file_name) as label, md5(string_agg(file_version_id::text || ':' || hash, ',' order by file_version_id)) as hash
      from (${fileVersionRows(unit, 0, draft)}) s group by file_id`;

async function changeSet(db: DbOrTx, previous: SQL, current: SQL): Promise<PublicationChangeSet> {
  const found = await rowsOf<{ change: 'added' | 'removed' | 'changed'; total: number; id: number; label: string }>(
    db,
    sql`with d as (
        select coalesce(n.id, o.id) as id, coalesce(n.label, o.label) as label,
          case when o.id is null then 'added' when n.id is null then 'removed' when o.hash <> n.hash then 'changed' end as change
        from (${current}) n full outer join (${previous}) o on o.id = n.id
      ), ranked as (
        select change, id, label,
          row_number() over (partition by change order by label, id) as rn,
          count(*) over (partition by change) as total
        from d where change is not null
      )
      select change, total::int as total, id, label from ranked where rn <= ${CHANGED_ITEMS_MAX} order by change, rn`,
  );
  const set: PublicationChangeSet = { added: 0, removed: 0, changed: 0, addedItems: [], removedItems: [], changedItems: [] };
  for (const r of found) {
    set[r.change] = r.total;
    set[`${r.change}Items`].push({ id: r.id, label: r.label });
  }
  return set;
}

export interface ContentChanges {
  products: PublicationChangeSet;
  documents: PublicationChangeSet;
  files: PublicationChangeSet;
}

const NONE = (): PublicationChangeSet => ({ added: 0, removed: 0, changed: 0, addedItems: [], removedItems: [], changedItems: [] });

/** The changes from the previous content to the current one (none when both name the same content). */
export async function contentChanges(db: DbOrTx, previousContentId: number, currentContentId: number): Promise<ContentChanges> {
  if (previousContentId === currentContentId) return { products: NONE(), documents: NONE(), files: NONE() };
  const [products, documents, files] = [
    await changeSet(db, publishedProductRows(previousContentId), publishedProductRows(currentContentId)),
    await changeSet(db, publishedDocumentRows(previousContentId), publishedDocumentRows(currentContentId)),
    await changeSet(db, publishedFileRows(previousContentId), publishedFileRows(currentContentId)),
  ];
  return { products, documents, files };
}

/**
 * The changes a publish of the unit now would make to this content (the live one; null for a unit
 * never published, against which everything a publish takes is added).
 */
export async function draftChanges(db: DbOrTx, contentId: number | null, businessUnitId: number): Promise<ContentChanges> {
  const none = sql`select null::int as id, null::text as label, null::text as hash where false`;
  const live = (rows: KeyedRows) => (contentId === null ? none : rows(contentId));
  const [products, documents, files] = [
    await changeSet(db, live(publishedProductRows), draftProductRows(businessUnitId)),
    await changeSet(db, live(publishedDocumentRows), draftDocumentRows(businessUnitId)),
    await changeSet(db, live(publishedFileRows), draftFileRows(businessUnitId)),
  ];
  return { products, documents, files };
}
