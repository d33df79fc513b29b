import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { internationalization } from '../../db/schema/index.js';

/** Every record translation the unit stores, by key and language (the configuration export's read, decision 0078). */
export async function recordTranslationsOfUnit(db: DbOrTx, businessUnitId: number) {
  return db
    .select({
      entityName: internationalization.entityName,
      entityId: internationalization.entityId,
      field: internationalization.field,
      interfaceLanguageIso: internationalization.interfaceLanguageIso,
      translatedValue: internationalization.translatedValue,
      cloudStorageObjectKey: internationalization.cloudStorageObjectKey,
    })
    .from(internationalization)
    .where(eq(internationalization.businessUnitId, businessUnitId))
    .orderBy(asc(internationalization.translationKey), asc(internationalization.interfaceLanguageIso));
}
