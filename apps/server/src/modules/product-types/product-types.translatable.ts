import { registerTranslatableEntity } from '../internationalizations/translatable-entities.js';
import * as repo from './product-types.repo.js';

/*
 * What of a product type the public site shows, and so what a translator translates: the name
 * (names are at most 50 characters), the key-code labels per audience, and each attribute
 * definition's name (docs/decisions/0024).
 */
registerTranslatableEntity({
  entityName: 'product_type',
  fields: { name: { maxLength: 50 }, keyCodeLabelHcp: { maxLength: 50 }, keyCodeLabelPatient: { maxLength: 50 } },
  sources: async (db, businessUnitId, ids) =>
    (await repo.typeTexts(db, businessUnitId, ids)).map((t) => ({
      id: t.id,
      label: t.name,
      values: { name: t.name, keyCodeLabelHcp: t.keyCodeLabelHcp, keyCodeLabelPatient: t.keyCodeLabelPatient },
    })),
});

registerTranslatableEntity({
  entityName: 'product_type_attribute_definition',
  fields: { name: { maxLength: 50 } },
  sources: async (db, businessUnitId, ids) =>
    (await repo.definitionTexts(db, businessUnitId, ids)).map((d) => ({
      id: d.id,
      label: `${d.typeName} › ${d.name}`,
      values: { name: d.name },
    })),
});
