import type { DbOrTx } from '../client.js';
import { document, documentProduct, documentProductGroup, file, fileCountry, fileLanguage, fileVersion } from '../schema/index.js';

let n = 0;
const next = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

/**
 * A document of the unit written straight to the table (tests, e2e and benchmarks of files),
 * documenting the products and product groups given.
 */
export async function makeDocument(
  db: DbOrTx,
  businessUnitId: number,
  documentTypeId: number,
  over: Partial<typeof document.$inferInsert> & { productIds?: number[]; productGroupIds?: number[] } = {},
) {
  const { productIds = [], productGroupIds = [], ...values } = over;
  const tag = next();
  const [row] = await db
    .insert(document)
    .values({ businessUnitId, documentTypeId, number: `DOC-${tag}`, name: `Document ${tag}`, ...values })
    .returning();
  if (productIds.length > 0) await db.insert(documentProduct).values(productIds.map((productId) => ({ documentId: row.id, productId })));
  if (productGroupIds.length > 0)
    await db.insert(documentProductGroup).values(productGroupIds.map((productGroupId) => ({ documentId: row.id, productGroupId })));
  return row;
}

/** A file of the document with one version (no binary), for the countries and languages given. */
export async function makeFile(
  db: DbOrTx,
  doc: { id: number; businessUnitId: number },
  over: { name?: string; countryIds?: string[]; languageIds?: string[]; label?: string; publishDate?: Date | null } = {},
) {
  const [row] = await db
    .insert(file)
    .values({ businessUnitId: doc.businessUnitId, documentId: doc.id, name: over.name ?? `File ${next()}` })
    .returning();
  const [version] = await db
    .insert(fileVersion)
    .values({
      fileId: row.id,
      businessUnitId: doc.businessUnitId,
      label: over.label ?? '1.0',
      versionDate: '2026-01-01',
      publishDate: over.publishDate ?? null,
    })
    .returning();
  const countries = over.countryIds ?? ['BE'];
  if (countries.length > 0) await db.insert(fileCountry).values(countries.map((countryIsoCode) => ({ fileId: row.id, countryIsoCode })));
  const languages = over.languageIds ?? ['en'];
  if (languages.length > 0) await db.insert(fileLanguage).values(languages.map((languageIsoCode) => ({ fileId: row.id, languageIsoCode })));
  return { ...row, versionId: version.id };
}
