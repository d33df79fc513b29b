import { and, asc, count, desc, eq, inArray, isNotNull, lt, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { publication, publishedObject } from '../../db/schema/index.js';
import { isRowId, rowsOf } from '../../db/sql.js';

/**
 * The publications of a unit and their pub_* rows (decision 0037). Every statement names the unit
 * or the publication; the compile statements are set-based (one INSERT … SELECT per table).
 */

/** A row of any kind; a numbered one (never a preview) is a NumberedRow. */
export type AnyPublicationRow = typeof publication.$inferSelect;
export type PublicationRow = AnyPublicationRow & { number: number };
export type PublicationValues = typeof publication.$inferInsert;

// ---- the publication rows

/** The unit's next number: its highest + 1 (the caller holds the publish lease; the unique index is the backstop). */
export async function nextNumber(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [row] = await db
    .select({ n: max(publication.number) })
    .from(publication)
    .where(eq(publication.businessUnitId, businessUnitId));
  return (row?.n ?? 0) + 1;
}

/** An id for a new publication, taken before its row is written: a PUBLISH names itself as its content. */
export async function newPublicationId(db: DbOrTx): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence('publication', 'id'))::int as id`);
  return row.id;
}

export async function insertPublication(db: DbOrTx, values: PublicationValues): Promise<AnyPublicationRow> {
  const [row] = await db.insert(publication).values(values).returning();
  return row;
}

/** The counts of a publication whose content was just compiled. */
export async function setCounts(db: DbOrTx, id: number, counts: unknown): Promise<AnyPublicationRow> {
  const [row] = await db.update(publication).set({ counts }).where(eq(publication.id, id)).returning();
  return row;
}

/** A numbered publication (never a preview) by id. */
export async function findPublication(db: DbOrTx, id: number): Promise<PublicationRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select()
    .from(publication)
    .where(and(eq(publication.id, id), isNotNull(publication.number)));
  return row as PublicationRow | undefined;
}

/** Any publication by id, a preview too (the site's preview reads it). */
export async function findAnyPublication(db: DbOrTx, id: number): Promise<AnyPublicationRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(publication).where(eq(publication.id, id));
  return row;
}

/** Deletes the unit's previews that ended before `now` (their pub_* rows go with them). */
export async function deleteEndedPreviews(db: DbOrTx, businessUnitId: number, now: Date): Promise<void> {
  await db
    .delete(publication)
    .where(and(eq(publication.businessUnitId, businessUnitId), eq(publication.kind, 'PREVIEW'), lt(publication.expiresAt, now)));
}

/** Deletes every preview of the unit (before the unit itself is deleted). */
export async function deleteUnitPreviews(db: DbOrTx, businessUnitId: number): Promise<void> {
  await db.delete(publication).where(and(eq(publication.businessUnitId, businessUnitId), eq(publication.kind, 'PREVIEW')));
}

/** The publication numbered `number` in the unit. */
export async function findByNumber(db: DbOrTx, businessUnitId: number, number: number): Promise<PublicationRow | undefined> {
  const [row] = await db
    .select()
    .from(publication)
    .where(and(eq(publication.businessUnitId, businessUnitId), eq(publication.number, number)));
  return row as PublicationRow | undefined;
}

export async function liveNumber(db: DbOrTx, businessUnitId: number): Promise<number | null> {
  const [row] = await db
    .select({ n: max(publication.number) })
    .from(publication)
    .where(eq(publication.businessUnitId, businessUnitId));
  return row?.n ?? null;
}

/** The unit's highest-numbered publication that set its content (a publish or a restore, not a status change). */
export async function latestContentPublication(db: DbOrTx, businessUnitId: number): Promise<PublicationRow | undefined> {
  const [row] = await db
    .select()
    .from(publication)
    .where(and(numbered(businessUnitId), inArray(publication.kind, ['PUBLISH', 'RESTORE'])))
    .orderBy(desc(publication.number))
    .limit(1);
  return row as PublicationRow | undefined;
}

export async function numberOf(db: DbOrTx, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [row] = await db.select({ n: publication.number }).from(publication).where(eq(publication.id, id));
  return row?.n ?? null;
}

/** The unit's numbered publications: every one but its previews. */
const numbered = (businessUnitId: number) => and(eq(publication.businessUnitId, businessUnitId), isNotNull(publication.number));

export type PublicationSortField = 'number' | 'createdDate';
const restored = alias(publication, 'restored');

export type ListedPublication = PublicationRow & { restoredFromNumber: number | null };

/** A page of the unit's publications (without their site document) and the unit's total. */
export async function listPublications(
  db: DbOrTx,
  businessUnitId: number,
  page: { sort: PublicationSortField; descending: boolean; limit: number; offset: number },
): Promise<{ rows: ListedPublication[]; total: number }> {
  const column = page.sort === 'createdDate' ? publication.createdDate : publication.number;
  const rows = await db
    .select({
      id: publication.id,
      businessUnitId: publication.businessUnitId,
      number: publication.number,
      kind: publication.kind,
      contentId: publication.contentId,
      restoredFromId: publication.restoredFromId,
      createdDate: publication.createdDate,
      createdByUserId: publication.createdByUserId,
      createdBy: publication.createdBy,
      includeFuture: publication.includeFuture,
      customDate: publication.customDate,
      counts: publication.counts,
      site: sql<unknown>`null`,
      restoredFromNumber: restored.number,
    })
    .from(publication)
    .leftJoin(restored, eq(restored.id, publication.restoredFromId))
    .where(numbered(businessUnitId))
    .orderBy(page.descending ? desc(column) : asc(column), desc(publication.number))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(publication).where(numbered(businessUnitId));
  return { rows: rows as ListedPublication[], total };
}

/** How many publications the unit has (a unit with any cannot be deleted); previews do not count. */
export async function countUnitPublications(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(publication).where(numbered(businessUnitId));
  return row?.n ?? 0;
}

/** Whether the two publications' site documents differ (compared in the database, as jsonb). */
export async function sitesDiffer(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const [row] = await rowsOf<{ differ: boolean }>(
    db,
    sql`select (select site from publication where id = ${a}) is distinct from (select site from publication where id = ${b}) as differ`,
  );
  return row?.differ ?? true;
}

// ---- the stored objects publications name (kept for good)

/** Records the objects a new publication names: its site's keys and its remarks' files. */
export async function recordPublishedObjects(db: DbOrTx, publicationId: number, siteKeys: readonly string[]): Promise<void> {
  if (siteKeys.length > 0) {
    await db
      .insert(publishedObject)
      .values([...new Set(siteKeys)].map((storageKey) => ({ storageKey, publicationId })))
      .onConflictDoNothing();
  }
  await db.execute(sql`insert into published_object (storage_key, publication_id)
    select distinct r.storage_key, ${publicationId}::int from pub_remark r
    where r.publication_id = ${publicationId} and r.storage_key is not null
    on conflict do nothing`);
}

/** Which of the keys a publication named. */
export async function publishedAmong(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: publishedObject.storageKey })
    .from(publishedObject)
    .where(inArray(publishedObject.storageKey, [...keys]));
  return new Set(rows.map((r) => r.key));
}

/** The file versions a publication's content names whose rows are gone (purged or deleted since): a restore would show them broken. */
export async function goneVersionsOf(
  db: DbOrTx,
  contentId: number,
): Promise<{ fileVersionId: number; fileId: number; fileName: string; label: string }[]> {
  return rowsOf(
    db,
    sql`SELECT pfv.file_version_id AS "fileVersionId", pfv.file_id AS "fileId", pfv.file_name AS "fileName", pfv.label
        FROM pub_file_version pfv
        WHERE pfv.publication_id = ${contentId}
          AND NOT EXISTS (SELECT 1 FROM file_version fv WHERE fv.id = pfv.file_version_id)
        ORDER BY pfv.file_name, pfv.file_version_id`,
  );
}
