import { ATTRIBUTE_VALUE_MAX, CatalogueErrorKeys, textFault } from '@vellum/contract';
import { fieldError, invalidField } from '../../platform/errors.js';
import type { DefinitionRow } from './products.repo.js';

export const PRODUCT_OBJECT = 'product';

/** Definitions a product may hold a value for: the active STRING (custom) attributes of its type. */
export const valueDefinitions = (defs: readonly DefinitionRow[]) => defs.filter((d) => d.isActive && d.type === 'STRING');

/**
 * Checks the values of a product create/update against its type's definitions, in order:
 * each names an active STRING definition of the type (a lot-number one is linked as lot ranges
 * instead) at most once, its value is a non-blank string of at most 255 characters; then every
 * mandatory definition has a value. Answers the trimmed values by definition id.
 */
export function checkAttributeValues(input: readonly { attributeDefinitionId: number; value: unknown }[], defs: readonly DefinitionRow[]) {
  const byId = new Map(defs.map((d) => [d.id, d]));
  const values = new Map<number, string>();
  input.forEach(({ attributeDefinitionId, value }, i) => {
    const params = { attributeDefinitionId };
    const def = byId.get(attributeDefinitionId);
    if (def?.type === 'MULTI_ARRAY') {
      throw fieldError(PRODUCT_OBJECT, `attributeValues.${i}.attributeDefinitionId`, CatalogueErrorKeys.onlyLotNumbersLinkable, params);
    }
    if (!def?.isActive || def.type !== 'STRING' || values.has(attributeDefinitionId)) {
      throw fieldError(PRODUCT_OBJECT, `attributeValues.${i}.attributeDefinitionId`, CatalogueErrorKeys.attributeDefinitionInvalid, params);
    }
    const field = `attributeValues.${i}.value`;
    if (value === undefined || value === null) throw fieldError(PRODUCT_OBJECT, field, CatalogueErrorKeys.attributeValueEmpty, params);
    if (typeof value !== 'string') throw fieldError(PRODUCT_OBJECT, field, CatalogueErrorKeys.attributeValueNotString, params);
    const trimmed = value.trim();
    if (trimmed === '') throw fieldError(PRODUCT_OBJECT, field, CatalogueErrorKeys.attributeValueEmpty, params);
    if (trimmed.length > ATTRIBUTE_VALUE_MAX) {
      throw fieldError(PRODUCT_OBJECT, field, CatalogueErrorKeys.attributeValueTooLong, { ...params, max: ATTRIBUTE_VALUE_MAX });
    }
    // attribute values are plain text on one line (decision 0012)
    if (textFault(trimmed, { name: true })) {
      throw invalidField(PRODUCT_OBJECT, field, 'Pattern', params);
    }
    values.set(attributeDefinitionId, trimmed);
  });
  for (const d of valueDefinitions(defs)) {
    if (d.isMandatory && !values.has(d.id)) {
      throw fieldError(PRODUCT_OBJECT, 'attributeValues', CatalogueErrorKeys.mandatoryAttributeMissing, {
        attributeDefinitionId: d.id,
        name: d.name,
      });
    }
  }
  return values;
}
