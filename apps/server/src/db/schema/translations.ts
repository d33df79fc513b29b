import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessUnit } from './organisation.js';

/**
 * A translation of one text field of a unit's record into one interface language
 * (`product_type.12.name` in `de`). The English source stays on the record (the dictionary).
 * Rows of a deleted record are removed by triggers on the record tables (docs/decisions/0024).
 */
export const internationalization = pgTable(
  'internationalization',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    entityName: text('entity_name').notNull(),
    entityId: integer('entity_id').notNull(),
    field: text('field').notNull(),
    /** `<entityName>.<entityId>.<field>`, kept whole for sorting and matching. */
    translationKey: text('translation_key').notNull(),
    interfaceLanguageIso: text('interface_language_iso').notNull(),
    translatedValue: text('translated_value').notNull(),
    /** The uploaded original of a rich-text translation, if it came as a document. */
    cloudStorageObjectKey: text('cloud_storage_object_key'),
    updatedDate: timestamp('updated_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('internationalization_key_language_uq').on(t.businessUnitId, t.translationKey, t.interfaceLanguageIso),
    index('internationalization_entity_idx').on(t.entityName, t.entityId),
    // the translator's list: a record type's keys translated per language, read from the index alone (decision 0060)
    index('internationalization_unit_entity_language_idx').on(t.businessUnitId, t.entityName, t.interfaceLanguageIso, t.translationKey),
  ],
);

/**
 * How many translations a unit has per record type, field and language, kept by statement
 * triggers on `internationalization` in the changing transaction (migration 0045, decision 0089):
 * the translator's list reads its counts per language here instead of visiting every translation.
 */
export const internationalizationCount = pgTable(
  'internationalization_count',
  {
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    entityName: text('entity_name').notNull(),
    field: text('field').notNull(),
    interfaceLanguageIso: text('interface_language_iso').notNull(),
    translations: integer('translations').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'internationalization_count_pk', columns: [t.businessUnitId, t.entityName, t.field, t.interfaceLanguageIso] }),
  ],
);

/**
 * An override of a fixed text of the public website (WEBSITE_TEXTS) in one language, for one
 * unit or, at unit 0, for the whole manufacturer. Gone with the unit.
 */
export const websiteTranslation = pgTable(
  'website_translation',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    translationKey: text('translation_key').notNull(),
    interfaceLanguageIso: text('interface_language_iso').notNull(),
    translatedValue: text('translated_value').notNull(),
    updatedDate: timestamp('updated_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('website_translation_key_language_uq').on(t.businessUnitId, t.translationKey, t.interfaceLanguageIso)],
);
