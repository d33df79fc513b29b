import type { DbOrTx } from '../client.js';
import { file, fileCountry, fileLanguage, fileVersion } from '../schema/index.js';

let n = 0;
const next = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

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
