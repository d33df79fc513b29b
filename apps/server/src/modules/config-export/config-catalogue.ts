import type { ConfigDocument } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { getDocumentAttributes, saveDocumentAttributes } from '../document-types/document-attributes.service.js';
import { typesOfUnit } from '../document-types/document-types.repo.js';
import { createDocumentType, updateDocumentType } from '../document-types/document-types.service.js';
import { withDetails } from '../product-types/product-type-views.js';
import { listProductTypes } from '../product-types/product-types.repo.js';
import { createProductType, updateProductType } from '../product-types/product-types.service.js';
import { groupBy, type UnitIds, unitIdOf } from './config-units.js';

type ConfigProductType = ConfigDocument['productTypes'][number];
type ConfigDocumentType = ConfigDocument['documentTypes'][number];
type ConfigDocumentAttribute = ConfigDocument['documentAttributes'][number];

/** `unit/name`: the natural key of an item of a unit. */
export const unitKey = (unit: string, name: string) => `${unit}/${name}`;

/** Every unit's product types (the global ones of unit 0 included) with their attribute definitions, by slug; never their images. */
export async function readProductTypes(deps: Pick<Deps, 'db'>, slugs: Map<number, string>): Promise<ConfigProductType[]> {
  const result: ConfigProductType[] = [];
  for (const [unitId, unit] of slugs) {
    for (const t of await withDetails(deps.db, await listProductTypes(deps.db, unitId))) {
      result.push({
        businessUnit: unit,
        name: t.name,
        slug: t.slug,
        status: t.status,
        keyCodeSearchTypeHCP: t.keyCodeSearchTypeHCP,
        keyCodeSearchTypePatient: t.keyCodeSearchTypePatient,
        keyCodeLabelHCP: t.keyCodeLabelHCP,
        keyCodeLabelPatient: t.keyCodeLabelPatient,
        searchVisualisationHCP: t.searchVisualisationHCP,
        searchVisualisationPatient: t.searchVisualisationPatient,
        crossFieldByAttributeSetting: t.crossFieldByAttributeSetting,
        lotNumbers: t.lotNumbers,
        retentionYears: t.retentionYears,
        implantable: t.implantable,
        attributeDefinitions: t.attributeDefinitions.map(({ id: _id, productTypeId: _t, ...d }) => d),
      });
    }
  }
  return result;
}

/** Every unit's document types (unit 0 has none). */
export async function readDocumentTypes(deps: Pick<Deps, 'db'>, slugs: Map<number, string>): Promise<ConfigDocumentType[]> {
  const result: ConfigDocumentType[] = [];
  for (const [unitId, unit] of slugs) {
    if (unitId === 0) continue;
    for (const t of await typesOfUnit(deps.db, unitId)) {
      result.push({
        businessUnit: unit,
        name: t.name,
        active: t.active,
        hcp: t.hcp,
        patient: t.patient,
        sortNumber: t.sortNumber,
        linkType: t.linkType as ConfigDocumentType['linkType'],
      });
    }
  }
  return result;
}

/** Every unit's document attribute definitions (unit 0 has none). */
export async function readDocumentAttributes(deps: Pick<Deps, 'db'>, slugs: Map<number, string>): Promise<ConfigDocumentAttribute[]> {
  const result: ConfigDocumentAttribute[] = [];
  for (const [unitId, unit] of slugs) {
    if (unitId === 0) continue;
    for (const { id: _id, businessUnitId: _u, ...d } of (await getDocumentAttributes(deps, unitId)).definitions) {
      result.push({ businessUnit: unit, ...d });
    }
  }
  return result;
}

/**
 * Through the product types' own service: a type new here is created, a changed one updated with
 * its definitions matched by slug (definitions only here are kept, as the form keeps them).
 */
export async function applyProductTypes(deps: Deps, auth: AuthContext, units: UnitIds, types: ConfigProductType[]): Promise<void> {
  for (const type of types) {
    const businessUnitId = unitIdOf(units, 'productTypes', unitKey(type.businessUnit, type.name), type.businessUnit);
    const { businessUnit: _unit, attributeDefinitions, ...fields } = type;
    const before = (await withDetails(deps.db, await listProductTypes(deps.db, businessUnitId))).find((t) => t.name === type.name);
    if (!before) {
      await createProductType(deps, auth, {
        ...fields,
        id: undefined,
        businessUnitId,
        attributeDefinitions: attributeDefinitions.map((d) => ({ ...d, id: null })),
      });
      continue;
    }
    const stored = new Map(before.attributeDefinitions.map((d) => [d.slug, d.id]));
    await updateProductType(deps, auth, {
      ...fields,
      id: before.id,
      version: before.version,
      businessUnitId,
      attributeDefinitions: attributeDefinitions.map((d) => ({ ...d, id: stored.get(d.slug) ?? null })),
    });
  }
}

/** Through the document types' own service, matched by unit and name. */
export async function applyDocumentTypes(deps: Deps, auth: AuthContext, units: UnitIds, types: ConfigDocumentType[]): Promise<void> {
  for (const type of types) {
    const businessUnitId = unitIdOf(units, 'documentTypes', unitKey(type.businessUnit, type.name), type.businessUnit);
    const { businessUnit: _unit, ...fields } = type;
    const before = (await typesOfUnit(deps.db, businessUnitId)).find((t) => t.name === type.name);
    if (!before) await createDocumentType(deps, auth, { ...fields, id: undefined, businessUnitId });
    else await updateDocumentType(deps, auth, { ...fields, id: before.id, version: before.version, businessUnitId });
  }
}

/**
 * Through the document attributes' own service, one save of each unit's whole list: definitions
 * matched by slug are updated, new ones added, and those only here sent back as they are (kept).
 */
export async function applyDocumentAttributes(
  deps: Deps,
  auth: AuthContext,
  units: UnitIds,
  definitions: ConfigDocumentAttribute[],
): Promise<void> {
  const byUnit = groupBy(definitions, (d) => d.businessUnit);
  for (const [unit, incoming] of byUnit) {
    const businessUnitId = unitIdOf(units, 'documentAttributes', unitKey(unit, incoming[0].slug), unit);
    const current = await getDocumentAttributes(deps, businessUnitId);
    const wanted = new Map(incoming.map(({ businessUnit: _u, ...d }) => [d.slug, d]));
    const kept = current.definitions.map(({ businessUnitId: _u, ...d }) => ({ ...d, ...wanted.get(d.slug), id: d.id }));
    const stored = new Set(current.definitions.map((d) => d.slug));
    const added = [...wanted.values()].filter((d) => !stored.has(d.slug)).map((d) => ({ ...d, id: null }));
    await saveDocumentAttributes(deps, auth, businessUnitId, { version: current.version, definitions: [...kept, ...added] });
  }
}
