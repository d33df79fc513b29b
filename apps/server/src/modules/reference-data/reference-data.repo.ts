import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businessUnit, continent, country, language } from '../../db/schema/index.js';
import { isUnitId } from '../../db/sql.js';

export type LanguageRow = typeof language.$inferSelect;

export async function listContinents(db: DbOrTx) {
  return db.select().from(continent).orderBy(asc(continent.name));
}

export async function listCountries(db: DbOrTx) {
  return db.select().from(country).orderBy(asc(country.name));
}

/** A language's English name ("French"), or the code itself when it is not a known language. */
export async function languageNameOf(db: DbOrTx, code: string): Promise<string> {
  const [row] = await listLanguages(db, [code]);
  return row?.name ?? code;
}

export async function listLanguages(db: DbOrTx, codes?: readonly string[]): Promise<LanguageRow[]> {
  if (codes && codes.length === 0) return [];
  return db
    .select()
    .from(language)
    .where(codes ? inArray(language.isoCode, [...codes]) : undefined)
    .orderBy(asc(language.name), asc(language.isoCode));
}

/** The codes that name no country, in the order given. */
export async function unknownCountryCodes(db: DbOrTx, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const known = new Set(
    (
      await db
        .select({ c: country.isoCode })
        .from(country)
        .where(inArray(country.isoCode, [...codes]))
    ).map((r) => r.c),
  );
  return codes.filter((c) => !known.has(c));
}

/** The codes that name no language, in the order given. */
export async function unknownLanguageCodes(db: DbOrTx, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const known = new Set(
    (
      await db
        .select({ c: language.isoCode })
        .from(language)
        .where(inArray(language.isoCode, [...codes]))
    ).map((r) => r.c),
  );
  return codes.filter((c) => !known.has(c));
}

/** The stored language lists of a business unit (unit 0: the manufacturer-wide lists), locked when asked. */
export async function unitLanguageLists(
  db: DbOrTx,
  businessUnitId: number,
  forUpdate = false,
): Promise<{ displayName: string; interfaceLanguages: string[]; documentLanguages: string[] } | undefined> {
  if (!isUnitId(businessUnitId)) return undefined;
  const query = db
    .select({
      displayName: businessUnit.displayName,
      interfaceLanguages: businessUnit.interfaceLanguages,
      documentLanguages: businessUnit.documentLanguages,
    })
    .from(businessUnit)
    .where(eq(businessUnit.id, businessUnitId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}
