import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import {
  document,
  documentAttributeDefinition,
  documentAttributeValue,
  documentProduct,
  documentProductGroup,
  documentType,
  file,
  fileVersion,
} from '../db/schema/index.js';

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

/**
 * A document of the unit with a number of its own unless given, its attribute values (definition
 * id → value; `is_unique` taken from each definition), product groups and products.
 */
export async function makeDocument(
  db: DbOrTx,
  businessUnitId: number,
  documentTypeId: number,
  over: Partial<typeof document.$inferInsert> = {},
  links: { values?: Record<number, string>; productGroupIds?: number[]; productIds?: number[] } = {},
) {
  const [row] = await db
    .insert(document)
    .values({ businessUnitId, documentTypeId, number: `DOC-${next()}`, name: `Document ${next()}`, ...over })
    .returning();
  const values = Object.entries(links.values ?? {});
  if (values.length > 0) {
    const definitions = await db
      .select({ id: documentAttributeDefinition.id, unique: documentAttributeDefinition.unique })
      .from(documentAttributeDefinition)
      .where(
        inArray(
          documentAttributeDefinition.id,
          values.map(([id]) => Number(id)),
        ),
      );
    await db.insert(documentAttributeValue).values(
      values.map(([id, value]) => ({
        documentId: row.id,
        attributeDefinitionId: Number(id),
        value,
        isUnique: definitions.find((d) => d.id === Number(id))?.unique ?? false,
      })),
    );
  }
  if (links.productGroupIds?.length) {
    await db.insert(documentProductGroup).values(links.productGroupIds.map((productGroupId) => ({ documentId: row.id, productGroupId })));
  }
  if (links.productIds?.length) {
    await db.insert(documentProduct).values(links.productIds.map((productId) => ({ documentId: row.id, productId })));
  }
  return row;
}

/** A file of the document with versions (label, date, publish date, binary key), oldest first. */
export async function makeDocumentFile(
  db: DbOrTx,
  doc: { id: number; businessUnitId: number },
  versions: { label?: string; versionDate?: string; publishDate?: Date | null; binaryKey?: string | null }[] = [{}],
  over: Partial<typeof file.$inferInsert> = {},
) {
  const [row] = await db
    .insert(file)
    .values({ businessUnitId: doc.businessUnitId, documentId: doc.id, name: `File ${next()}`, ...over })
    .returning();
  for (const [i, v] of versions.entries()) {
    await db.insert(fileVersion).values({
      fileId: row.id,
      businessUnitId: doc.businessUnitId,
      label: v.label ?? `${i + 1}.0`,
      versionDate: v.versionDate ?? `2026-01-${String(i + 1).padStart(2, '0')}`,
      publishDate: v.publishDate ?? null,
      binaryKey: v.binaryKey ?? null,
    });
  }
  return row;
}
