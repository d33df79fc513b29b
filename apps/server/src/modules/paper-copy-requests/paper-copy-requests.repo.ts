import { and, asc, count, eq, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businessUnit, paperCopyRequest } from '../../db/schema/index.js';
import { isRowId } from '../../db/sql.js';

export type PaperCopyRequestRow = typeof paperCopyRequest.$inferSelect;
export type PaperCopyRequestValues = Omit<typeof paperCopyRequest.$inferInsert, 'id' | 'sentDate' | 'sentBy' | 'sentByUserId' | 'version'>;
export type PaperCopySortField = 'dueDate' | 'createdDate' | 'sentDate' | 'id';
export type PaperCopyStateFilter = 'open' | 'sent' | 'overdue';

const sortExpressions: Record<PaperCopySortField, SQL | typeof paperCopyRequest.id> = {
  dueDate: sql`${paperCopyRequest.dueDate}`,
  createdDate: sql`${paperCopyRequest.createdDate}`,
  sentDate: sql`${paperCopyRequest.sentDate}`,
  id: paperCopyRequest.id,
};

export interface RequestFilter {
  businessUnitId: number;
  state?: PaperCopyStateFilter;
  /** The moment "overdue" is judged at. */
  at: Date;
}

const whereOf = (f: RequestFilter) =>
  and(
    eq(paperCopyRequest.businessUnitId, f.businessUnitId),
    f.state === 'sent' ? isNotNull(paperCopyRequest.sentDate) : f.state ? isNull(paperCopyRequest.sentDate) : undefined,
    f.state === 'overdue' ? lt(paperCopyRequest.dueDate, f.at) : undefined,
  );

export async function listRequests(
  db: DbOrTx,
  filter: RequestFilter,
  page: { sort: PaperCopySortField; descending: boolean; limit: number; offset: number },
): Promise<PaperCopyRequestRow[]> {
  const expr = sortExpressions[page.sort];
  return db
    .select()
    .from(paperCopyRequest)
    .where(whereOf(filter))
    .orderBy(page.descending ? sql`${expr} desc nulls last` : sql`${expr} asc nulls last`, asc(paperCopyRequest.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRequests(db: DbOrTx, filter: RequestFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paperCopyRequest).where(whereOf(filter));
  return row?.n ?? 0;
}

export async function findRequest(db: DbOrTx, id: number): Promise<PaperCopyRequestRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(paperCopyRequest).where(eq(paperCopyRequest.id, id));
  return row;
}

/** The request row, locked until the transaction ends so that two marks queue behind each other. */
export async function findRequestForUpdate(db: DbOrTx, id: number): Promise<PaperCopyRequestRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(paperCopyRequest).where(eq(paperCopyRequest.id, id)).for('update');
  return row;
}

export async function insertRequest(db: DbOrTx, values: PaperCopyRequestValues): Promise<PaperCopyRequestRow> {
  const [row] = await db.insert(paperCopyRequest).values(values).returning();
  return row;
}

/** Marks it sent when `version` is still the stored one; undefined otherwise (a concurrent change). */
export async function markSent(
  db: DbOrTx,
  id: number,
  version: number,
  sent: { sentDate: Date; sentBy: string; sentByUserId: number },
): Promise<PaperCopyRequestRow | undefined> {
  const [row] = await db
    .update(paperCopyRequest)
    .set({ ...sent, version: sql`${paperCopyRequest.version} + 1` })
    .where(and(eq(paperCopyRequest.id, id), eq(paperCopyRequest.version, version)))
    .returning();
  return row;
}

/** The unit's display name for the confirmation mail; undefined when there is no such unit. */
export async function unitName(db: DbOrTx, businessUnitId: number): Promise<string | undefined> {
  if (!isRowId(businessUnitId)) return undefined;
  const [row] = await db.select({ name: businessUnit.displayName }).from(businessUnit).where(eq(businessUnit.id, businessUnitId));
  return row?.name;
}
