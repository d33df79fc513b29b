import { and, asc, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businessUnit, contentBlock, footerItem, productType, publicResource } from '../../db/schema/index.js';
import { isRowId, isUnitId } from '../../db/sql.js';

export type FooterItemRow = typeof footerItem.$inferSelect;
export type ContentBlockRow = typeof contentBlock.$inferSelect;
export type PublicResourceRow = typeof publicResource.$inferSelect;

/**
 * The unit row (the global unit 0 included), locked when `forUpdate` so that whole-list
 * replacements of one unit queue behind each other.
 */
export async function findUnit(
  db: DbOrTx,
  businessUnitId: number,
  forUpdate = false,
): Promise<{ id: number; displayName: string; cssContent: string } | undefined> {
  if (!isUnitId(businessUnitId)) return undefined;
  const query = db
    .select({ id: businessUnit.id, displayName: businessUnit.displayName, cssContent: businessUnit.cssContent })
    .from(businessUnit)
    .where(eq(businessUnit.id, businessUnitId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

// ---- footer items

export async function listFooterItems(db: DbOrTx, businessUnitId: number): Promise<FooterItemRow[]> {
  return db
    .select()
    .from(footerItem)
    .where(eq(footerItem.businessUnitId, businessUnitId))
    .orderBy(asc(footerItem.visualizationOrder), asc(footerItem.id));
}

export async function countFooterItems(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(footerItem).where(eq(footerItem.businessUnitId, businessUnitId));
  return n;
}

type FooterValues = Pick<FooterItemRow, 'text' | 'publicUrl' | 'visualizationOrder'>;

/**
 * Makes `items` the unit's footer: rows whose id is kept are updated (their translations stay),
 * the others are deleted, items without id are inserted. Kept rows first move to negative orders
 * so that a reordering never meets the unique (unit, order) index half-way.
 */
export async function replaceFooterItems(db: DbOrTx, businessUnitId: number, items: (FooterValues & { id?: number | null })[]) {
  const kept = items.filter((i) => i.id).map((i) => i.id as number);
  const ofUnit = eq(footerItem.businessUnitId, businessUnitId);
  await db.delete(footerItem).where(kept.length ? and(ofUnit, notInArray(footerItem.id, kept)) : ofUnit);
  if (kept.length)
    await db
      .update(footerItem)
      .set({ visualizationOrder: sql`-${footerItem.id}` })
      .where(and(ofUnit, inArray(footerItem.id, kept)));
  for (const item of items) {
    const values = { text: item.text, publicUrl: item.publicUrl, visualizationOrder: item.visualizationOrder };
    if (item.id)
      await db
        .update(footerItem)
        .set(values)
        .where(and(ofUnit, eq(footerItem.id, item.id)));
    else await db.insert(footerItem).values({ ...values, businessUnitId });
  }
}

export async function deleteFooterItems(db: DbOrTx, businessUnitId: number): Promise<number> {
  const rows = await db.delete(footerItem).where(eq(footerItem.businessUnitId, businessUnitId)).returning({ id: footerItem.id });
  return rows.length;
}

/** Which of `ids` are rows (of any unit), with their unit. */
export async function footerItemUnits(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  const valid = ids.filter(isRowId);
  if (!valid.length) return new Map();
  const rows = await db
    .select({ id: footerItem.id, unit: footerItem.businessUnitId })
    .from(footerItem)
    .where(inArray(footerItem.id, valid));
  return new Map(rows.map((r) => [r.id, r.unit]));
}

// ---- content blocks

export async function listContentBlocks(db: DbOrTx, businessUnitId: number, ids?: readonly number[]): Promise<ContentBlockRow[]> {
  const ofUnit = eq(contentBlock.businessUnitId, businessUnitId);
  return db
    .select()
    .from(contentBlock)
    .where(ids ? and(ofUnit, inArray(contentBlock.id, [...ids].filter(isRowId))) : ofUnit)
    .orderBy(asc(contentBlock.type), asc(sql`coalesce(${contentBlock.productTypeId}, 0)`), asc(contentBlock.id));
}

export async function countContentBlocks(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(contentBlock).where(eq(contentBlock.businessUnitId, businessUnitId));
  return n;
}

export async function contentBlockUnits(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  const valid = ids.filter(isRowId);
  if (!valid.length) return new Map();
  const rows = await db
    .select({ id: contentBlock.id, unit: contentBlock.businessUnitId })
    .from(contentBlock)
    .where(inArray(contentBlock.id, valid));
  return new Map(rows.map((r) => [r.id, r.unit]));
}

/** The ids among `ids` that are product types of the unit. */
export async function productTypesOfUnit(db: DbOrTx, businessUnitId: number, ids: number[]): Promise<Set<number>> {
  const valid = ids.filter(isRowId);
  if (!valid.length) return new Set();
  const rows = await db
    .select({ id: productType.id })
    .from(productType)
    .where(and(eq(productType.businessUnitId, businessUnitId), inArray(productType.id, valid)));
  return new Set(rows.map((r) => r.id));
}

type BlockValues = Pick<ContentBlockRow, 'type' | 'productTypeId' | 'hcp' | 'patient' | 'content'>;

/** Like replaceFooterItems; kept blocks first lose their slot so that swapped types never collide. */
export async function replaceContentBlocks(db: DbOrTx, businessUnitId: number, blocks: (BlockValues & { id?: number | null })[]) {
  const kept = blocks.filter((b) => b.id).map((b) => b.id as number);
  const ofUnit = eq(contentBlock.businessUnitId, businessUnitId);
  await db.delete(contentBlock).where(kept.length ? and(ofUnit, notInArray(contentBlock.id, kept)) : ofUnit);
  if (kept.length)
    await db
      .update(contentBlock)
      .set({ type: sql`'moving-' || ${contentBlock.id}` })
      .where(and(ofUnit, inArray(contentBlock.id, kept)));
  for (const block of blocks) {
    const { id, ...values } = block;
    if (id)
      await db
        .update(contentBlock)
        .set(values)
        .where(and(ofUnit, eq(contentBlock.id, id)));
    else await db.insert(contentBlock).values({ ...values, businessUnitId });
  }
}

// ---- public resources

export async function listPublicResources(db: DbOrTx, businessUnitId: number): Promise<PublicResourceRow[]> {
  return db
    .select()
    .from(publicResource)
    .where(eq(publicResource.businessUnitId, businessUnitId))
    .orderBy(asc(sql`lower(${publicResource.name})`));
}

export async function countPublicResources(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(publicResource).where(eq(publicResource.businessUnitId, businessUnitId));
  return n;
}

export async function publicResourceNames(db: DbOrTx, businessUnitId: number): Promise<Set<string>> {
  const rows = await db.select({ name: publicResource.name }).from(publicResource).where(eq(publicResource.businessUnitId, businessUnitId));
  return new Set(rows.map((r) => r.name));
}

export async function findPublicResource(db: DbOrTx, id: number, forUpdate = false): Promise<PublicResourceRow | undefined> {
  if (!isRowId(id)) return undefined;
  const query = db.select().from(publicResource).where(eq(publicResource.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findPublicResourceByName(db: DbOrTx, businessUnitId: number, name: string): Promise<PublicResourceRow | undefined> {
  const [row] = await db
    .select()
    .from(publicResource)
    .where(and(eq(publicResource.businessUnitId, businessUnitId), eq(sql`lower(${publicResource.name})`, name.toLowerCase())));
  return row;
}

export type PublicResourceValues = Pick<PublicResourceRow, 'name' | 'storageKey' | 'mediaType' | 'size' | 'sha256'>;

export async function insertPublicResource(db: DbOrTx, businessUnitId: number, values: PublicResourceValues): Promise<PublicResourceRow> {
  const [row] = await db
    .insert(publicResource)
    .values({ ...values, businessUnitId })
    .returning();
  return row;
}

export async function updatePublicResource(db: DbOrTx, id: number, values: PublicResourceValues): Promise<PublicResourceRow> {
  const [row] = await db.update(publicResource).set(values).where(eq(publicResource.id, id)).returning();
  return row;
}

export async function deletePublicResource(db: DbOrTx, id: number): Promise<void> {
  await db.delete(publicResource).where(eq(publicResource.id, id));
}

/** The storage keys of the unit's resources (removed from storage once the unit's delete commits). */
export async function publicResourceKeys(db: DbOrTx, businessUnitId: number): Promise<string[]> {
  const rows = await db
    .select({ key: publicResource.storageKey })
    .from(publicResource)
    .where(eq(publicResource.businessUnitId, businessUnitId));
  return rows.map((r) => r.key);
}

/** What a unit's (or unit 0's) row holds of its website's look; undefined when there is no such unit. */
export async function findUnitLayout(db: DbOrTx, businessUnitId: number) {
  if (!isUnitId(businessUnitId)) return undefined;
  const [row] = await db
    .select({
      id: businessUnit.id,
      version: businessUnit.version,
      logoKey: businessUnit.logoKey,
      mainColor: businessUnit.mainColor,
      highlightColor: businessUnit.highlightColor,
      lightHeaderText: businessUnit.lightHeaderText,
      headerTextTitle: businessUnit.headerTextTitle,
      headerTextBody: businessUnit.headerTextBody,
      oneColumnLayout: businessUnit.oneColumnLayout,
    })
    .from(businessUnit)
    .where(eq(businessUnit.id, businessUnitId));
  return row;
}
export type UnitLayoutRow = NonNullable<Awaited<ReturnType<typeof findUnitLayout>>>;

/** The unit's footer items as a statement for the translations list (decision 0089): id, label, text. */
export function footerTextsQuery(businessUnitId: number): SQL {
  return sql`SELECT ${footerItem.id} AS id, ${footerItem.text} AS label, ${footerItem.text} AS "text" FROM ${footerItem}
    WHERE ${footerItem.businessUnitId} = ${businessUnitId}`;
}

/** The unit's content blocks as a statement for the translations list: id, label (type and product type), content. */
export function contentBlockTextsQuery(businessUnitId: number): SQL {
  return sql`SELECT ${contentBlock.id} AS id,
    CASE WHEN ${contentBlock.productTypeId} IS NULL THEN ${contentBlock.type}
         ELSE ${contentBlock.type} || ' (product type ' || ${contentBlock.productTypeId} || ')' END AS label,
    ${contentBlock.content} AS "content"
    FROM ${contentBlock} WHERE ${contentBlock.businessUnitId} = ${businessUnitId}`;
}
