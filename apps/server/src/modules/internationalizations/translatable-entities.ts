import {
  CONTENT_BLOCK_MAX_CHARS,
  FOOTER_TEXT_MAX,
  RICH_TEXT_TRANSLATION_MAX,
  TRANSLATABLE_ENTITIES,
  type TranslatableEntityName,
} from '@vellum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArray, isRowId, rowsOf } from '../../db/sql.js';
import { definitionNamesQuery } from '../document-types/document-attributes.repo.js';
import { typeNamesQuery } from '../document-types/document-types.repo.js';
import { remarkTextsQuery } from '../product-remarks/product-remarks.repo.js';
import { definitionTextsQuery, typeTextsQuery } from '../product-types/product-types.repo.js';
import { regionTextsQuery } from '../regions/regions.repo.js';
import { contentBlockTextsQuery, footerTextsQuery } from '../website-layout/website-layout.repo.js';

/** One translatable text field of a record: its longest translation, and whether it is rich text. */
interface TranslatableField {
  maxLength: number;
  richText?: boolean;
}

/** A record of a unit with the English (source) value of each translatable field. */
interface TranslationSource {
  id: number;
  /** How the record is named to a translator (its name, key code, ...). */
  label: string;
  values: Record<string, string | null>;
}

/** What the translations area needs to know of a translatable record type: its fields and the unit's records. */
export interface TranslatableEntity {
  entityName: TranslatableEntityName;
  fields: Record<string, TranslatableField>;
  /** The unit's records with their source values (only the given ids when `ids` is set), read through `sourcesQuery`. */
  sources(db: DbOrTx, businessUnitId: number, ids?: readonly number[]): Promise<TranslationSource[]>;
  /**
   * The unit's records as one statement of the owning area's repo, for the list to page in SQL
   * (decision 0089) and for `sources`: columns `id`, `label` and one per field, named as the field.
   */
  sourcesQuery(businessUnitId: number): SQL;
}

const NAME = { maxLength: 50 };

/**
 * Every translatable record type (the contract's TRANSLATABLE_ENTITIES, one entry each: a missing
 * one does not compile), with the fields a translator translates and how its records are read
 * from the owning area's repo; the translations area reads no other area's tables itself
 * (decision 0024). What the public site shows of each is what is translated.
 */
const ENTITIES: { [name in TranslatableEntityName]: Omit<TranslatableEntity, 'entityName' | 'sources'> } = {
  interface_region: {
    fields: { name: NAME },
    sourcesQuery: (unit) => regionTextsQuery('INTERFACE', unit),
  },
  footer_item: {
    fields: { text: { maxLength: FOOTER_TEXT_MAX } },
    sourcesQuery: footerTextsQuery,
  },
  document_type: {
    fields: { name: NAME },
    sourcesQuery: typeNamesQuery,
  },
  document_attribute_definition: {
    fields: { name: NAME },
    sourcesQuery: definitionNamesQuery,
  },
  // the name and the key-code labels per audience (names are at most 50 characters)
  product_type: {
    fields: { name: NAME, keyCodeLabelHcp: NAME, keyCodeLabelPatient: NAME },
    sourcesQuery: typeTextsQuery,
  },
  product_type_attribute_definition: {
    fields: { name: NAME },
    sourcesQuery: definitionTextsQuery,
  },
  content_block: {
    fields: { content: { maxLength: CONTENT_BLOCK_MAX_CHARS, richText: true } },
    sourcesQuery: contentBlockTextsQuery,
  },
  // a remark's content is what visitors read (rich text); its name is how staff pick it, not shown
  product_remark: {
    fields: { content: { maxLength: RICH_TEXT_TRANSLATION_MAX, richText: true } },
    sourcesQuery: remarkTextsQuery,
  },
};

/** The records `sourcesQuery` gives, the given ids only when set, in id order. */
async function sourcesOf(db: DbOrTx, query: SQL, fields: readonly string[], ids?: readonly number[]): Promise<TranslationSource[]> {
  // ids come from translation keys: one past the column's range names no record
  const wanted = ids?.filter(isRowId);
  if (wanted?.length === 0) return [];
  const rows = await rowsOf<Record<string, string | number | null>>(
    db,
    sql`SELECT * FROM (${query}) AS s ${wanted ? sql`WHERE s.id = ANY(${intArray(wanted)})` : sql``} ORDER BY s.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    label: String(r.label),
    values: Object.fromEntries(fields.map((f) => [f, r[f] === null ? null : String(r[f])])),
  }));
}

/** The record type of that name. */
export function translatableEntity(name: TranslatableEntityName): TranslatableEntity {
  const entity = ENTITIES[name];
  return {
    entityName: name,
    ...entity,
    sources: (db, unit, ids) => sourcesOf(db, entity.sourcesQuery(unit), Object.keys(entity.fields), ids),
  };
}

/** Every record type, in the contract's order. */
export function translatableEntities(): TranslatableEntity[] {
  return TRANSLATABLE_ENTITIES.map(translatableEntity);
}
