import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businessUnit, internationalization, websiteTranslation } from '../../db/schema/index.js';
import { isUnitId } from '../../db/sql.js';

export type InternationalizationRow = typeof internationalization.$inferSelect;
export type WebsiteTranslationRow = typeof websiteTranslation.$inferSelect;

/** The unit's interface languages, or undefined when there is no such unit. */
export async function interfaceLanguagesOf(db: DbOrTx, businessUnitId: number): Promise<string[] | undefined> {
  if (!isUnitId(businessUnitId)) return undefined;
  const [row] = await db
    .select({ languages: businessUnit.interfaceLanguages })
    .from(businessUnit)
    .where(eq(businessUnit.id, businessUnitId));
  return row?.languages;
}

/** Every interface language of any unit (the manufacturer-wide texts may be set in each). */
export async function allInterfaceLanguages(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ languages: businessUnit.interfaceLanguages }).from(businessUnit);
  return [...new Set(rows.flatMap((r) => r.languages))];
}

// record translations ------------------------------------------------------------------------

/** The unit's translations of the record types, in the languages (all when undefined). */
export async function translationsOf(
  db: DbOrTx,
  businessUnitId: number,
  entityNames: readonly string[],
  languages?: readonly string[],
): Promise<Pick<InternationalizationRow, 'translationKey' | 'interfaceLanguageIso' | 'translatedValue' | 'cloudStorageObjectKey'>[]> {
  if (entityNames.length === 0 || languages?.length === 0) return [];
  return db
    .select({
      translationKey: internationalization.translationKey,
      interfaceLanguageIso: internationalization.interfaceLanguageIso,
      translatedValue: internationalization.translatedValue,
      cloudStorageObjectKey: internationalization.cloudStorageObjectKey,
    })
    .from(internationalization)
    .where(
      and(
        eq(internationalization.businessUnitId, businessUnitId),
        inArray(internationalization.entityName, [...entityNames]),
        languages ? inArray(internationalization.interfaceLanguageIso, [...languages]) : undefined,
      ),
    );
}

/** The stored translations of these keys in one language (locked for the change). */
export async function translationsForUpdate(db: DbOrTx, businessUnitId: number, language: string, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(internationalization)
    .where(
      and(
        eq(internationalization.businessUnitId, businessUnitId),
        eq(internationalization.interfaceLanguageIso, language),
        inArray(internationalization.translationKey, [...keys]),
      ),
    )
    .for('update');
}

export type TranslationValues = Pick<
  typeof internationalization.$inferInsert,
  'businessUnitId' | 'entityName' | 'entityId' | 'field' | 'translationKey' | 'interfaceLanguageIso' | 'translatedValue'
> & { cloudStorageObjectKey?: string | null };

export async function upsertTranslations(db: DbOrTx, rows: TranslationValues[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(internationalization)
    .values(rows)
    .onConflictDoUpdate({
      target: [internationalization.businessUnitId, internationalization.translationKey, internationalization.interfaceLanguageIso],
      set: {
        translatedValue: sql`excluded.translated_value`,
        cloudStorageObjectKey: sql`excluded.cloud_storage_object_key`,
        updatedDate: sql`now()`,
      },
    });
}

export async function deleteTranslations(db: DbOrTx, businessUnitId: number, language: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .delete(internationalization)
    .where(
      and(
        eq(internationalization.businessUnitId, businessUnitId),
        eq(internationalization.interfaceLanguageIso, language),
        inArray(internationalization.translationKey, [...keys]),
      ),
    );
}

// website texts ------------------------------------------------------------------------------

/** The overrides of the units (a unit and the manufacturer's unit 0) in the languages. */
export async function websiteOverrides(db: DbOrTx, businessUnitIds: readonly number[], languages: readonly string[]) {
  return db
    .select({
      businessUnitId: websiteTranslation.businessUnitId,
      translationKey: websiteTranslation.translationKey,
      interfaceLanguageIso: websiteTranslation.interfaceLanguageIso,
      translatedValue: websiteTranslation.translatedValue,
    })
    .from(websiteTranslation)
    .where(
      and(
        inArray(websiteTranslation.businessUnitId, [...businessUnitIds]),
        inArray(websiteTranslation.interfaceLanguageIso, [...languages]),
      ),
    );
}

export async function websiteOverridesForUpdate(db: DbOrTx, businessUnitId: number, language: string, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(websiteTranslation)
    .where(
      and(
        eq(websiteTranslation.businessUnitId, businessUnitId),
        eq(websiteTranslation.interfaceLanguageIso, language),
        inArray(websiteTranslation.translationKey, [...keys]),
      ),
    )
    .for('update');
}

export async function upsertWebsiteOverrides(
  db: DbOrTx,
  rows: Pick<WebsiteTranslationRow, 'businessUnitId' | 'translationKey' | 'interfaceLanguageIso' | 'translatedValue'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(websiteTranslation)
    .values(rows)
    .onConflictDoUpdate({
      target: [websiteTranslation.businessUnitId, websiteTranslation.translationKey, websiteTranslation.interfaceLanguageIso],
      set: { translatedValue: sql`excluded.translated_value`, updatedDate: sql`now()` },
    });
}

export async function deleteWebsiteOverrides(db: DbOrTx, businessUnitId: number, language: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .delete(websiteTranslation)
    .where(
      and(
        eq(websiteTranslation.businessUnitId, businessUnitId),
        eq(websiteTranslation.interfaceLanguageIso, language),
        inArray(websiteTranslation.translationKey, [...keys]),
      ),
    );
}
