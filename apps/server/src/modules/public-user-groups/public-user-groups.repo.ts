import { and, asc, count, desc, eq, exists, ilike, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businessUnit, document, publicUserGroup, publicUserGroupDocument } from '../../db/schema/index.js';
import { isRowId, likePattern } from '../../db/sql.js';

export type PublicUserGroupRow = typeof publicUserGroup.$inferSelect;
export type PublicUserGroupValues = Pick<typeof publicUserGroup.$inferInsert, 'businessUnitId' | 'name' | 'enabled' | 'emails'>;
export type PublicUserGroupSortField = 'name' | 'id' | 'enabled' | 'createdDate';
export interface LinkedDocument {
  id: number;
  number: string;
  name: string;
}

const sortExpressions: Record<PublicUserGroupSortField, SQL | typeof publicUserGroup.id> = {
  name: sql`lower(${publicUserGroup.name})`,
  id: publicUserGroup.id,
  enabled: sql`${publicUserGroup.enabled}`,
  createdDate: sql`${publicUserGroup.createdDate}`,
};

export interface GroupFilter {
  businessUnitId: number;
  search?: string;
  /** Only the groups this document is restricted to. */
  documentId?: number;
}

const whereOf = (f: GroupFilter) =>
  and(
    eq(publicUserGroup.businessUnitId, f.businessUnitId),
    f.search ? ilike(publicUserGroup.name, likePattern(f.search)) : undefined,
    f.documentId === undefined
      ? undefined
      : exists(
          sql`(select 1 from ${publicUserGroupDocument} where ${publicUserGroupDocument.publicUserGroupId} = ${publicUserGroup.id} and ${publicUserGroupDocument.documentId} = ${f.documentId})`,
        ),
  );

export async function listGroups(
  db: DbOrTx,
  filter: GroupFilter,
  page: { sort: PublicUserGroupSortField; descending: boolean; limit: number; offset: number },
): Promise<PublicUserGroupRow[]> {
  const expr = sortExpressions[page.sort];
  return db
    .select()
    .from(publicUserGroup)
    .where(whereOf(filter))
    .orderBy(page.descending ? desc(expr) : asc(expr), asc(publicUserGroup.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countGroups(db: DbOrTx, filter: GroupFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(publicUserGroup).where(whereOf(filter));
  return row?.n ?? 0;
}

/** The documents linked to each of these groups, by number. */
export async function documentsOfGroups(db: DbOrTx, groupIds: number[]): Promise<Map<number, LinkedDocument[]>> {
  const out = new Map<number, LinkedDocument[]>(groupIds.map((id) => [id, []]));
  if (!groupIds.length) return out;
  const rows = await db
    .select({ groupId: publicUserGroupDocument.publicUserGroupId, id: document.id, number: document.number, name: document.name })
    .from(publicUserGroupDocument)
    .innerJoin(document, eq(document.id, publicUserGroupDocument.documentId))
    .where(inArray(publicUserGroupDocument.publicUserGroupId, groupIds))
    .orderBy(asc(sql`lower(${document.number})`), asc(document.id));
  for (const r of rows) out.get(r.groupId)?.push({ id: r.id, number: r.number, name: r.name });
  return out;
}

export async function findGroup(db: DbOrTx, id: number): Promise<PublicUserGroupRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(publicUserGroup).where(eq(publicUserGroup.id, id));
  return row;
}

/** The group row, locked until the transaction ends so that concurrent changes queue behind it. */
export async function findGroupForUpdate(db: DbOrTx, id: number): Promise<PublicUserGroupRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(publicUserGroup).where(eq(publicUserGroup.id, id)).for('update');
  return row;
}

/**
 * Whether the unit lets groups be created or changed (its publicUserGroupActive setting); undefined
 * when there is no such real unit. The unit row is share-locked until the transaction ends, so that
 * the setting cannot be switched off while a group is being written (the switch locks it for update).
 */
export async function groupsActiveInUnit(db: DbOrTx, businessUnitId: number): Promise<boolean | undefined> {
  if (!isRowId(businessUnitId)) return undefined;
  const [row] = await db
    .select({ active: businessUnit.publicUserGroupActive })
    .from(businessUnit)
    .where(eq(businessUnit.id, businessUnitId))
    .for('share');
  return row?.active;
}

/** Whether another group of the unit has this name, ignoring case. */
export async function nameTaken(db: DbOrTx, businessUnitId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: publicUserGroup.id })
    .from(publicUserGroup)
    .where(
      and(
        eq(publicUserGroup.businessUnitId, businessUnitId),
        sql`lower(${publicUserGroup.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(publicUserGroup.id, exceptId),
      ),
    );
  return row !== undefined;
}

/**
 * Which of these ids name documents of the unit; those are key-share locked until the
 * transaction ends, so none is deleted before the links to it are written.
 */
export async function documentsOfUnit(db: DbOrTx, businessUnitId: number, ids: number[]): Promise<Set<number>> {
  const valid = ids.filter(isRowId);
  if (!valid.length) return new Set();
  const rows = await db
    .select({ id: document.id })
    .from(document)
    .where(and(eq(document.businessUnitId, businessUnitId), inArray(document.id, valid)))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}

export async function linkedDocumentIds(db: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: publicUserGroupDocument.documentId })
    .from(publicUserGroupDocument)
    .where(eq(publicUserGroupDocument.publicUserGroupId, groupId));
  return rows.map((r) => r.id);
}

export async function insertGroup(db: DbOrTx, values: PublicUserGroupValues): Promise<PublicUserGroupRow> {
  const [row] = await db.insert(publicUserGroup).values(values).returning();
  return row;
}

/** Updates when `version` is still the stored one; undefined otherwise (a concurrent change). */
export async function updateGroup(
  db: DbOrTx,
  id: number,
  version: number,
  values: Omit<PublicUserGroupValues, 'businessUnitId'>,
): Promise<PublicUserGroupRow | undefined> {
  const [row] = await db
    .update(publicUserGroup)
    .set({ ...values, version: sql`${publicUserGroup.version} + 1` })
    .where(and(eq(publicUserGroup.id, id), eq(publicUserGroup.version, version)))
    .returning();
  return row;
}

/** Makes the group's documents exactly these (ids already checked to be of the unit). */
export async function setGroupDocuments(db: DbOrTx, groupId: number, documentIds: number[]): Promise<void> {
  await db
    .delete(publicUserGroupDocument)
    .where(
      and(
        eq(publicUserGroupDocument.publicUserGroupId, groupId),
        documentIds.length ? notInArray(publicUserGroupDocument.documentId, documentIds) : undefined,
      ),
    );
  if (documentIds.length) {
    await db
      .insert(publicUserGroupDocument)
      .values(documentIds.map((documentId) => ({ publicUserGroupId: groupId, documentId })))
      .onConflictDoNothing();
  }
}

/** Deletes the group; its document links go with it (cascade). */
export async function deleteGroup(db: DbOrTx, id: number): Promise<void> {
  await db.delete(publicUserGroup).where(eq(publicUserGroup.id, id));
}

/** How many restricted groups a business unit has (configuration: they go with the unit). */
export async function countUnitGroups(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(publicUserGroup).where(eq(publicUserGroup.businessUnitId, businessUnitId));
  return row?.n ?? 0;
}
