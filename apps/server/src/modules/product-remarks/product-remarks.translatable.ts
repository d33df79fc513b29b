import { RICH_TEXT_TRANSLATION_MAX } from '@vellum/contract';
import { registerTranslatableEntity } from '../internationalizations/translatable-entities.js';
import * as repo from './product-remarks.repo.js';

/* A remark's content is what visitors read (rich text); its name is how staff pick it, not shown. */
registerTranslatableEntity({
  entityName: 'product_remark',
  fields: { content: { maxLength: RICH_TEXT_TRANSLATION_MAX, richText: true } },
  sources: async (db, businessUnitId, ids) =>
    (await repo.remarkTexts(db, businessUnitId, ids)).map((r) => ({ id: r.id, label: r.name, values: { content: r.content } })),
});
