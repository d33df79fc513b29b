import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { qualificationDocument } from '../../db/schema/index.js';

export type QualificationDocumentRow = typeof qualificationDocument.$inferSelect;
export type QualificationDocumentValues = Omit<typeof qualificationDocument.$inferInsert, 'id' | 'uploadedDate'>;

/** The columns the list sorts by, by the names the API takes. */
export const SORTABLE = {
  kind: qualificationDocument.kind,
  title: qualificationDocument.title,
  version: qualificationDocument.version,
  approvalDate: qualificationDocument.approvalDate,
  fileName: qualificationDocument.fileName,
  size: qualificationDocument.size,
  uploadedDate: qualificationDocument.uploadedDate,
};
export const TIE_BREAKER = qualificationDocument.id;
/** The list's order when none is asked: IQ, OQ, PQ, each newest approval first. */
export const DEFAULT_ORDER: SQL[] = [asc(qualificationDocument.kind), desc(qualificationDocument.approvalDate)];

export async function listDocuments(
  db: DbOrTx,
  manufacturerId: number,
  page: { limit: number; offset: number; orderBy: SQL[] },
): Promise<QualificationDocumentRow[]> {
  return db
    .select()
    .from(qualificationDocument)
    .where(eq(qualificationDocument.manufacturerId, manufacturerId))
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countDocuments(db: DbOrTx, manufacturerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(qualificationDocument).where(eq(qualificationDocument.manufacturerId, manufacturerId));
  return row?.n ?? 0;
}

export async function findDocument(db: DbOrTx, manufacturerId: number, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(qualificationDocument)
    .where(and(eq(qualificationDocument.id, id), eq(qualificationDocument.manufacturerId, manufacturerId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertDocument(db: DbOrTx, values: QualificationDocumentValues): Promise<QualificationDocumentRow> {
  const [row] = await db.insert(qualificationDocument).values(values).returning();
  return row;
}

export async function deleteDocument(db: DbOrTx, manufacturerId: number, id: number): Promise<void> {
  await db
    .delete(qualificationDocument)
    .where(and(eq(qualificationDocument.id, id), eq(qualificationDocument.manufacturerId, manufacturerId)));
}
