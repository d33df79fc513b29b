/**
 * The records whose text fields are translated into a unit's interface languages
 * (`api/internationalizations?entityName=`), as the spec names them (001 §7).
 */
export const TRANSLATABLE_ENTITIES = [
  'interface_region',
  'footer_item',
  'document_type',
  'document_attribute_definition',
  'product_type',
  'product_type_attribute_definition',
  'content_block',
  'product_remark',
] as const;
export type TranslatableEntityName = (typeof TRANSLATABLE_ENTITIES)[number];
