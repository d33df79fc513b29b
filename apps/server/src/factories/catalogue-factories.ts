import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../db/client.js';
import {
  attributeDefinition,
  attributeValue,
  lotRange,
  product,
  productGroup,
  productGroupProduct,
  productGroupRemark,
  productLotRange,
  productRemark,
  productType,
} from '../db/schema/index.js';

/** Builders of catalogue rows (written straight to the database), shared by the demo seed, tests and benchmarks. */
const unique = () => randomUUID().slice(0, 8);

type DefinitionRow = typeof attributeDefinition.$inferInsert;

export async function makeProductType(
  db: DbOrTx,
  businessUnitId: number,
  over: Partial<typeof productType.$inferInsert> = {},
  definitions: Partial<Omit<DefinitionRow, 'productTypeId'>>[] = [],
) {
  const slug = over.slug ?? `type-${unique()}`;
  const [type] = await db
    .insert(productType)
    .values({ businessUnitId, slug, name: over.name ?? `Type ${slug}`, ...over })
    .returning();
  const defs =
    definitions.length === 0
      ? []
      : await db
          .insert(attributeDefinition)
          .values(
            definitions.map((d, i) => {
              const defSlug = d.slug ?? `attr-${unique()}`;
              return {
                productTypeId: type.id,
                name: d.name ?? `Attribute ${defSlug}`,
                slug: defSlug,
                type: d.type ?? 'STRING',
                visualizationOrder: d.visualizationOrder ?? i,
                ...d,
              };
            }),
          )
          .returning();
  return { ...type, definitions: defs };
}

export async function makeProduct(
  db: DbOrTx,
  type: { id: number; businessUnitId: number },
  over: Partial<typeof product.$inferInsert> = {},
  values: Record<number, string> = {},
) {
  const [row] = await db
    .insert(product)
    .values({ businessUnitId: type.businessUnitId, productTypeId: type.id, keyCode: over.keyCode ?? `KC-${unique()}`, ...over })
    .returning();
  const entries = Object.entries(values);
  if (entries.length > 0) {
    await db
      .insert(attributeValue)
      .values(entries.map(([defId, value]) => ({ productId: row.id, attributeDefinitionId: Number(defId), value })));
  }
  return row;
}

export async function makeProductGroup(
  db: DbOrTx,
  type: { id: number; businessUnitId: number },
  productIds: number[] = [],
  over: Partial<typeof productGroup.$inferInsert> = {},
  remarkIds: number[] = [],
) {
  const [row] = await db
    .insert(productGroup)
    .values({ businessUnitId: type.businessUnitId, productTypeId: type.id, name: over.name ?? `Group ${unique()}`, ...over })
    .returning();
  if (productIds.length > 0)
    await db.insert(productGroupProduct).values(productIds.map((productId) => ({ productGroupId: row.id, productId })));
  if (remarkIds.length > 0)
    await db.insert(productGroupRemark).values(remarkIds.map((productRemarkId) => ({ productGroupId: row.id, productRemarkId })));
  return row;
}

export async function makeProductRemark(db: DbOrTx, businessUnitId: number, over: Partial<typeof productRemark.$inferInsert> = {}) {
  const [row] = await db
    .insert(productRemark)
    .values({ businessUnitId, name: over.name ?? `Remark ${unique()}`, content: '<p>Remark</p>', ...over })
    .returning();
  return row;
}

export async function makeLotRange(
  db: DbOrTx,
  type: { id: number; businessUnitId: number },
  productIds: number[] = [],
  over: Partial<typeof lotRange.$inferInsert> = {},
) {
  const [row] = await db
    .insert(lotRange)
    .values({
      businessUnitId: type.businessUnitId,
      productTypeId: type.id,
      name: over.name ?? `Lots ${unique()}`,
      numbers: over.numbers ?? [`L${unique()}`],
      ...over,
    })
    .returning();
  if (productIds.length > 0) await db.insert(productLotRange).values(productIds.map((productId) => ({ productId, lotRangeId: row.id })));
  return row;
}
