import { sql } from 'drizzle-orm';
import { boolean, foreignKey, integer, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessUnit } from './organisation.js';

/*
 * Reference data (read-only, upserted by db/bootstrap.ts from the countries-list package, decision
 * 0022): continents, ISO 3166-1 countries and ISO 639-1 languages with the regional variants.
 * Countries and languages are keyed by their ISO codes, which is how the contract names them.
 */
export const continent = pgTable('continent', {
  isoCode: text('iso_code').primaryKey(),
  name: text('name').notNull(),
});

export const country = pgTable('country', {
  /** ISO 3166-1 alpha-2. */
  isoCode: text('iso_code').primaryKey(),
  name: text('name').notNull(),
  continentIsoCode: text('continent_iso_code')
    .notNull()
    .references(() => continent.isoCode),
});

export const language = pgTable('language', {
  /** ISO 639-1 (`de`) or a language with its region (`de-AT`). */
  isoCode: text('iso_code').primaryKey(),
  name: text('name').notNull(),
  nativeName: text('native_name').notNull(),
  /** Written right to left: the public website sets dir="rtl" for it. */
  rtl: boolean('rtl').notNull().default(false),
});

/**
 * A region of a business unit: INTERFACE (what a visitor picks, 'Choose your country') or
 * DOCUMENT (the countries a file is valid for). Unit 0 holds the manufacturer-wide regions. The
 * rows go with their unit (decision 0021).
 */
export const region = pgTable(
  'region',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('region_unit_kind_name_uq').on(t.businessUnitId, t.kind, sql`lower(${t.name})`),
    // the target of region_country's composite key, which keeps a link's unit and kind its region's
    unique('region_id_unit_kind_uq').on(t.id, t.businessUnitId, t.kind),
  ],
);

/** A country of a region. A country belongs to one region of a kind in a unit: the unique index decides races. */
export const regionCountry = pgTable(
  'region_country',
  {
    regionId: integer('region_id').notNull(),
    businessUnitId: integer('business_unit_id').notNull(),
    kind: text('kind').notNull(),
    countryIsoCode: text('country_iso_code')
      .notNull()
      .references(() => country.isoCode),
  },
  (t) => [
    primaryKey({ columns: [t.regionId, t.countryIsoCode] }),
    foreignKey({
      name: 'region_country_region_fk',
      columns: [t.regionId, t.businessUnitId, t.kind],
      foreignColumns: [region.id, region.businessUnitId, region.kind],
    }).onDelete('cascade'),
    uniqueIndex('region_country_unit_kind_country_uq').on(t.businessUnitId, t.kind, t.countryIsoCode),
  ],
);

/** A named set of a unit's document languages ("Nordic" = da, sv, no, fi). */
export const languageGroup = pgTable(
  'language_group',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('language_group_unit_name_uq').on(t.businessUnitId, sql`lower(${t.name})`),
    unique('language_group_id_unit_uq').on(t.id, t.businessUnitId),
  ],
);

/** A language of a group; a language belongs to one group of a unit. */
export const languageGroupLanguage = pgTable(
  'language_group_language',
  {
    languageGroupId: integer('language_group_id').notNull(),
    businessUnitId: integer('business_unit_id').notNull(),
    languageIsoCode: text('language_iso_code')
      .notNull()
      .references(() => language.isoCode),
  },
  (t) => [
    primaryKey({ columns: [t.languageGroupId, t.languageIsoCode] }),
    foreignKey({
      name: 'language_group_language_group_fk',
      columns: [t.languageGroupId, t.businessUnitId],
      foreignColumns: [languageGroup.id, languageGroup.businessUnitId],
    }).onDelete('cascade'),
    uniqueIndex('language_group_language_unit_language_uq').on(t.businessUnitId, t.languageIsoCode),
  ],
);
