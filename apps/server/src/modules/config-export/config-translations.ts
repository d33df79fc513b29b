import { type CONFIG_TRANSLATED_ENTITIES, type ConfigDocument, TRANSLATION_BATCH_MAX, translationKeyOf } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { getDocumentAttributes } from '../document-types/document-attributes.service.js';
import { typesOfUnit } from '../document-types/document-types.repo.js';
import { saveInternationalizations } from '../internationalizations/internationalizations.service.js';
import { recordTranslationsOf, saveTranslationDocument } from '../internationalizations/translations-transfer.service.js';
import { withDetails } from '../product-types/product-type-views.js';
import { listProductTypes } from '../product-types/product-types.repo.js';
import { regionsOfUnit } from '../regions/regions.repo.js';
import { listContentBlocks } from '../website-layout/content-blocks.service.js';
import { listFooterItems } from '../website-layout/footer-items.service.js';
import { type BinaryCollector, mediaTypeOfFormat, richTextFormatOf, type ZipBinaries } from './config-binaries.js';
import { unitKey } from './config-catalogue.js';
import { groupBy, type UnitIds, unitIdOf, unknownReference } from './config-units.js';

type ConfigRecordTranslation = ConfigDocument['recordTranslations'][number];
type Translated = (typeof CONFIG_TRANSLATED_ENTITIES)[number];

/** `entity/unit/record/field/language`: the natural key of a record translation. */
export const recordTranslationKey = (t: Pick<ConfigRecordTranslation, 'entityName' | 'businessUnit' | 'record' | 'field' | 'language'>) =>
  `${t.entityName}/${unitKey(t.businessUnit, t.record)}/${t.field}/${t.language}`;

/** `entity/unit/record`: a record a translation names. */
const recordOf = (entityName: string, unit: string, record: string) => `${entityName}/${unitKey(unit, record)}`;

/** How a record is named after its unit: the rest of the natural key its own part uses. */
const regionRecord = (kind: string, name: string) => `${kind}/${name}`;
const definitionRecord = (typeName: string, slug: string) => `${typeName}/${slug}`;
const blockRecord = (type: string, productType: string | null) => `${type}/${productType ?? '*'}`;

/** The records a document holds that translations may name (`entity/unit/record`). */
export function documentRecords(doc: ConfigDocument): Set<string> {
  const records = new Set<string>();
  const add = (entityName: Translated, unit: string, record: string) => records.add(recordOf(entityName, unit, record));
  for (const r of doc.regions) if (r.kind === 'INTERFACE') add('interface_region', r.businessUnit, regionRecord(r.kind, r.name));
  for (const f of doc.footers) for (const i of f.items) add('footer_item', f.businessUnit, String(i.visualizationOrder));
  for (const t of doc.documentTypes) add('document_type', t.businessUnit, t.name);
  for (const d of doc.documentAttributes) add('document_attribute_definition', d.businessUnit, d.slug);
  for (const t of doc.productTypes) {
    add('product_type', t.businessUnit, t.name);
    for (const d of t.attributeDefinitions) add('product_type_attribute_definition', t.businessUnit, definitionRecord(t.name, d.slug));
  }
  for (const b of doc.contentBlocks) add('content_block', b.businessUnit, blockRecord(b.type, b.productType));
  return records;
}

/** The record a translation names, as `documentRecords` lists it. */
export const translatedRecord = (t: ConfigRecordTranslation) => recordOf(t.entityName, t.businessUnit, t.record);

/** A unit's translatable records: each one's name by id, per record type, read through the areas that own them. */
async function recordNames(deps: Pick<Deps, 'db'>, unitId: number): Promise<Record<Translated, Map<number, string>>> {
  const types = await withDetails(deps.db, await listProductTypes(deps.db, unitId));
  const typeNames = new Map(types.map((t) => [t.id, t.name]));
  // unit 0 has no document types or attributes
  const documentTypes = unitId === 0 ? [] : await typesOfUnit(deps.db, unitId);
  const attributes = unitId === 0 ? [] : (await getDocumentAttributes(deps, unitId)).definitions;
  return {
    interface_region: new Map((await regionsOfUnit(deps.db, 'INTERFACE', unitId)).map((r) => [r.id, regionRecord(r.kind, r.name)])),
    footer_item: new Map((await listFooterItems(deps.db, unitId)).map((i) => [i.id, String(i.visualizationOrder)])),
    document_type: new Map(documentTypes.map((t) => [t.id, t.name])),
    document_attribute_definition: new Map(attributes.map((d) => [d.id, d.slug])),
    product_type: new Map(types.map((t) => [t.id, t.name])),
    product_type_attribute_definition: new Map(
      types.flatMap((t) => t.attributeDefinitions.map((d) => [d.id, definitionRecord(t.name, d.slug)] as const)),
    ),
    content_block: new Map(
      (await listContentBlocks(deps.db, unitId)).map((b) => [
        b.id,
        blockRecord(b.type, b.productTypeId === null ? null : (typeNames.get(b.productTypeId) ?? `#${b.productTypeId}`)),
      ]),
    ),
  };
}

const isTranslated = (entityName: string, names: Record<Translated, unknown>): entityName is Translated => Object.hasOwn(names, entityName);

/**
 * Every level's translations of its records (product remarks aside: they are no configuration),
 * each record named by its natural key; a translation of a record gone since is left out. A
 * rich-text translation uploaded as a document carries its original by reference.
 */
export async function readRecordTranslations(
  deps: Deps,
  slugs: Map<number, string>,
  binaries: BinaryCollector,
): Promise<ConfigRecordTranslation[]> {
  const result: ConfigRecordTranslation[] = [];
  for (const [unitId, unit] of slugs) {
    const stored = await recordTranslationsOf(deps, unitId);
    if (stored.length === 0) continue;
    const names = await recordNames(deps, unitId);
    for (const t of stored) {
      if (!isTranslated(t.entityName, names)) continue;
      const record = names[t.entityName].get(t.entityId);
      if (record === undefined) continue;
      const original = t.original ? await binaries.stored(t.original.key, mediaTypeOfFormat(t.original.format)) : undefined;
      result.push({
        entityName: t.entityName,
        businessUnit: unit,
        record,
        field: t.field,
        language: t.language,
        value: t.value,
        ...(original ? { original } : {}),
      });
    }
  }
  return result;
}

/**
 * Through the translations' own saves, after every other part (the records must exist): per unit,
 * record type and language one save of the typed translations, and each translation that came as a
 * document through the document upload with its original. A record this instance does not hold
 * (once the parts before are applied) is 400 unknownReference; translations only here stay.
 */
export async function applyRecordTranslations(
  deps: Deps,
  auth: AuthContext,
  units: UnitIds,
  binaries: ZipBinaries,
  translations: ConfigRecordTranslation[],
): Promise<void> {
  const idsByUnit = new Map<number, Record<Translated, Map<string, number>>>();
  const idsOf = async (unitId: number) => {
    let ids = idsByUnit.get(unitId);
    if (!ids) {
      const names = await recordNames(deps, unitId);
      ids = Object.fromEntries(
        Object.entries(names).map(([entity, byId]) => [entity, new Map([...byId].map(([id, name]) => [name, id]))]),
      ) as Record<Translated, Map<string, number>>;
      idsByUnit.set(unitId, ids);
    }
    return ids;
  };
  for (const group of groupBy(translations, (t) => `${t.businessUnit}|${t.entityName}|${t.language}`).values()) {
    const { businessUnit, entityName, language } = group[0];
    const unitId = unitIdOf(units, 'recordTranslations', recordTranslationKey(group[0]), businessUnit);
    const ids = (await idsOf(unitId))[entityName];
    const keyed = group.map((t) => {
      const id = ids.get(t.record);
      if (id === undefined)
        throw unknownReference('recordTranslations', recordTranslationKey(t), { businessUnit, entityName, record: t.record });
      return { t, translationKey: translationKeyOf(entityName, id, t.field) };
    });
    const q = { 'business-unit': unitId, entityName, interfaceLanguageISO: language };
    const typed = keyed.filter(({ t }) => !t.original);
    for (let i = 0; i < typed.length; i += TRANSLATION_BATCH_MAX) {
      const batch = typed.slice(i, i + TRANSLATION_BATCH_MAX);
      await saveInternationalizations(deps, auth, q, {
        internationalizations: batch.map(({ t, translationKey }) => ({ translationKey, translatedValue: t.value })),
      });
    }
    for (const { t, translationKey } of keyed) {
      if (!t.original) continue;
      const format = richTextFormatOf(t.original.mediaType) as NonNullable<ReturnType<typeof richTextFormatOf>>;
      await saveTranslationDocument(deps, auth, { ...q, translationKey }, await binaries.bytes(t.original), format);
    }
  }
}
