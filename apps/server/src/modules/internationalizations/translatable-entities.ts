import {
  CONTENT_BLOCK_MAX_CHARS,
  FOOTER_TEXT_MAX,
  RICH_TEXT_TRANSLATION_MAX,
  TRANSLATABLE_ENTITIES,
  type TranslatableEntityName,
} from '@vellum/contract';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { definitionNamesQuery, definitionsOfUnit } from '../document-types/document-attributes.repo.js';
import { typeNamesQuery, typesOfUnit } from '../document-types/document-types.repo.js';
import { remarkTexts, remarkTextsQuery } from '../product-remarks/product-remarks.repo.js';
import { definitionTexts, definitionTextsQuery, typeTexts, typeTextsQuery } from '../product-types/product-types.repo.js';
import { regionsOfUnit, regionTextsQuery } from '../regions/regions.repo.js';
import { contentBlockTextsQuery, footerTextsQuery, listContentBlocks, listFooterItems } from '../website-layout/website-layout.repo.js';

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
  /** The unit's records with their source values (only the given ids when `ids` is set). */
  sources(db: DbOrTx, businessUnitId: number, ids?: readonly number[]): Promise<TranslationSource[]>;
  /**
   * The same records as one statement of the owning area's repo, for the list to page in SQL
   * (decision 0089): columns `id`, `label` and one per field, named as the field.
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
const ENTITIES: { [name in TranslatableEntityName]: Omit<TranslatableEntity, 'entityName'> } = {
  interface_region: {
    fields: { name: NAME },
    sources: async (db, unit, ids) =>
      (await regionsOfUnit(db, 'INTERFACE', unit, ids)).map((r) => ({ id: r.id, label: r.name, values: { name: r.name } })),
    sourcesQuery: (unit) => regionTextsQuery('INTERFACE', unit),
  },
  footer_item: {
    fields: { text: { maxLength: FOOTER_TEXT_MAX } },
    sources: async (db, unit, ids) =>
      (await listFooterItems(db, unit))
        .filter((r) => !ids || ids.includes(r.id))
        .map((r) => ({ id: r.id, label: r.text, values: { text: r.text } })),
    sourcesQuery: footerTextsQuery,
  },
  document_type: {
    fields: { name: NAME },
    sources: async (db, unit, ids) =>
      (await typesOfUnit(db, unit, ids)).map((t) => ({ id: t.id, label: t.name, values: { name: t.name } })),
    sourcesQuery: typeNamesQuery,
  },
  document_attribute_definition: {
    fields: { name: NAME },
    sources: async (db, unit, ids) =>
      (await definitionsOfUnit(db, unit, ids)).map((d) => ({ id: d.id, label: d.name, values: { name: d.name } })),
    sourcesQuery: definitionNamesQuery,
  },
  // the name and the key-code labels per audience (names are at most 50 characters)
  product_type: {
    fields: { name: NAME, keyCodeLabelHcp: NAME, keyCodeLabelPatient: NAME },
    sources: async (db, unit, ids) =>
      (await typeTexts(db, unit, ids)).map((t) => ({
        id: t.id,
        label: t.name,
        values: { name: t.name, keyCodeLabelHcp: t.keyCodeLabelHcp, keyCodeLabelPatient: t.keyCodeLabelPatient },
      })),
    sourcesQuery: typeTextsQuery,
  },
  product_type_attribute_definition: {
    fields: { name: NAME },
    sources: async (db, unit, ids) =>
      (await definitionTexts(db, unit, ids)).map((d) => ({ id: d.id, label: `${d.typeName} › ${d.name}`, values: { name: d.name } })),
    sourcesQuery: definitionTextsQuery,
  },
  content_block: {
    fields: { content: { maxLength: CONTENT_BLOCK_MAX_CHARS, richText: true } },
    sources: async (db, unit, ids) =>
      (await listContentBlocks(db, unit, ids)).map((r) => ({
        id: r.id,
        label: r.productTypeId ? `${r.type} (product type ${r.productTypeId})` : r.type,
        values: { content: r.content },
      })),
    sourcesQuery: contentBlockTextsQuery,
  },
  // a remark's content is what visitors read (rich text); its name is how staff pick it, not shown
  product_remark: {
    fields: { content: { maxLength: RICH_TEXT_TRANSLATION_MAX, richText: true } },
    sources: async (db, unit, ids) =>
      (await remarkTexts(db, unit, ids)).map((r) => ({ id: r.id, label: r.name, values: { content: r.content } })),
    sourcesQuery: remarkTextsQuery,
  },
};

/** The record type of that name. */
export function translatableEntity(name: TranslatableEntityName): TranslatableEntity {
  return { entityName: name, ...ENTITIES[name] };
}

/** Every record type, in the contract's order. */
export function translatableEntities(): TranslatableEntity[] {
  return TRANSLATABLE_ENTITIES.map(translatableEntity);
}
