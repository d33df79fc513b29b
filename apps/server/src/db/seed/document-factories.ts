import type { DbOrTx } from '../client.js';
import { documentAttributeDefinition, documentType } from '../schema/index.js';

let n = 0;
const next = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

/** A document type of the unit (HCP, active) with a name and sort number of its own unless given. */
export async function makeDocumentType(db: DbOrTx, businessUnitId: number, over: Partial<typeof documentType.$inferInsert> = {}) {
  const [row] = await db
    .insert(documentType)
    .values({ businessUnitId, name: `Type ${next()}`, hcp: true, sortNumber: 50_000 + (n % 50_000), ...over })
    .returning();
  return row;
}

/** A document attribute definition of the unit. */
export async function makeDocumentAttribute(
  db: DbOrTx,
  businessUnitId: number,
  over: Partial<typeof documentAttributeDefinition.$inferInsert> = {},
) {
  const tag = next();
  const [row] = await db
    .insert(documentAttributeDefinition)
    .values({ businessUnitId, name: `Attribute ${tag}`, slug: `attr-${tag}`, ...over })
    .returning();
  return row;
}
