import { showsPatients } from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import { fromJson, type MatchMode } from '../../db/sql.js';
import type { PublishedSite } from '../publishing/published-site.js';
import * as repo from './catalogue.repo.js';
import { translator } from './live-site.js';
import type {
  Audience,
  LivePublication,
  ProductHit,
  ProductRef,
  ProductSearchQuery,
  ProductSearchResult,
  PublicProduct,
  PublicProductType,
  SearchField,
  SearchType,
  ShownAttribute,
  SiteProductType,
} from './public-read.types.js';

const SEARCHABLE: readonly SearchType[] = ['SEARCHABLE_EXACT', 'SEARCHABLE_PARTIAL', 'SEARCHABLE_DROPDOWN'];
const isSearchable = (t: string): t is SearchField['searchType'] => SEARCHABLE.includes(t as SearchType);
const MAX_PAGE_SIZE = 100;

/** Whether the site answers this audience at all: an active unit, and the audience offered (PATIENT only with the patient portal). */
export function servesAudience(site: PublishedSite, audience: Audience): boolean {
  return site.unit.active && site.audiences.includes(audience);
}

/** Whether a type shows anything to the audience: HCP always, PATIENT when the type shows patients anything (the admin's rule). */
function typeServes(type: SiteProductType, audience: Audience): boolean {
  if (audience === 'HCP') return true;
  return showsPatients({
    lotNumbers: type.lotNumbers,
    keyCodeSearchTypeHCP: type.keyCodeSearchTypeHcp as SearchType,
    keyCodeSearchTypePatient: type.keyCodeSearchTypePatient as SearchType,
    attributeDefinitions: type.attributeDefinitions.map((d) => ({
      type: d.type,
      isActive: true,
      searchTypeHCP: d.searchTypeHcp as SearchType,
      searchTypePatient: d.searchTypePatient as SearchType,
    })),
  });
}

/** The product types the audience sees, in the site's order (empty when the site does not serve the audience). */
export function audienceTypes(site: PublishedSite, audience: Audience): SiteProductType[] {
  if (!servesAudience(site, audience)) return [];
  return site.productTypes.filter((t) => typeServes(t, audience));
}

const keyCodeSearchType = (type: SiteProductType, audience: Audience) =>
  (audience === 'HCP' ? type.keyCodeSearchTypeHcp : type.keyCodeSearchTypePatient) as SearchType;
const definitionSearchType = (d: SiteProductType['attributeDefinitions'][number], audience: Audience) =>
  (audience === 'HCP' ? d.searchTypeHcp : d.searchTypePatient) as SearchType;
const definitionMandatory = (d: SiteProductType['attributeDefinitions'][number], audience: Audience) =>
  audience === 'HCP' ? d.isMandatoryHcpSearch : d.isMandatoryPatientSearch;

/**
 * The search fields of a type for an audience: the key code when searchable for it, each STRING
 * attribute searchable for it, and the lot number while the type's lot numbers are on and its
 * lot-number (MULTI_ARRAY) attribute is searchable for it.
 */
function searchFields(site: PublishedSite, type: SiteProductType, audience: Audience, language?: string): SearchField[] {
  const t = translator(site, language);
  const fields: SearchField[] = [];
  const keyCode = keyCodeSearchType(type, audience);
  // no setting makes the key code a mandatory search field
  if (isSearchable(keyCode))
    fields.push({ field: 'keyCode', label: keyCodeLabel(site, type, audience, language), searchType: keyCode, mandatory: false });
  for (const d of type.attributeDefinitions) {
    const searchType = definitionSearchType(d, audience);
    if (!isSearchable(searchType)) continue;
    if (d.type === 'MULTI_ARRAY' && !type.lotNumbers) continue;
    const label = t(`product_type_attribute_definition.${d.id}.name`, d.name);
    fields.push({ field: d.type === 'MULTI_ARRAY' ? 'lot' : d.id, label, searchType, mandatory: definitionMandatory(d, audience) });
  }
  return fields;
}

function keyCodeLabel(site: PublishedSite, type: SiteProductType, audience: Audience, language?: string): string {
  const t = translator(site, language);
  const field = audience === 'HCP' ? 'keyCodeLabelHcp' : 'keyCodeLabelPatient';
  const own = audience === 'HCP' ? type.keyCodeLabelHcp : type.keyCodeLabelPatient;
  return t(`product_type.${type.id}.${field}`, own ?? t('keyCode', 'Key code'));
}

/** The product types an audience sees, with their search fields, names in the visitor's language. */
export function productTypes(site: PublishedSite, audience: Audience, language?: string): PublicProductType[] {
  const t = translator(site, language);
  return audienceTypes(site, audience).map((type) => {
    const searchType = keyCodeSearchType(type, audience);
    return {
      id: type.id,
      slug: type.slug,
      name: t(`product_type.${type.id}.name`, type.name),
      imageKey: type.imageKey,
      heroImageKey: audience === 'HCP' ? type.heroImageHcpKey : type.heroImagePatientKey,
      searchVisualisation: audience === 'HCP' ? type.searchVisualisationHcp : type.searchVisualisationPatient,
      crossFieldByAttributeSetting: type.crossFieldByAttributeSetting,
      lotNumbers: type.lotNumbers,
      keyCodeLabel: searchType === 'NOT_VISIBLE' ? null : keyCodeLabel(site, type, audience, language),
      keyCodeSearchType: searchType,
      searchFields: searchFields(site, type, audience, language),
    };
  });
}

/** The type of that slug the audience sees, or undefined. */
function typeBySlug(site: PublishedSite, slug: string, audience: Audience): SiteProductType | undefined {
  return audienceTypes(site, audience).find((t) => t.slug === slug);
}

/** The STRING attributes the audience sees (every search type but NOT_VISIBLE), in visualisation order. */
function shownDefinitions(type: SiteProductType, audience: Audience) {
  return type.attributeDefinitions.filter((d) => d.type === 'STRING' && definitionSearchType(d, audience) !== 'NOT_VISIBLE');
}

function toShown(site: PublishedSite, type: SiteProductType, values: unknown, language?: string): ShownAttribute[] {
  const t = translator(site, language);
  const names = new Map(type.attributeDefinitions.map((d) => [d.id, d.name]));
  return fromJson<{ id: number; value: string }[]>(values).map((v) => ({
    attributeDefinitionId: v.id,
    name: t(`product_type_attribute_definition.${v.id}.name`, names.get(v.id)),
    value: v.value,
  }));
}

const matchOf = (searchType: SearchField['searchType']): MatchMode => (searchType === 'SEARCHABLE_PARTIAL' ? 'PARTIAL' : 'EXACT');

/**
 * Products of a type the audience sees, visible at `at`, matching every criterion by its field's
 * search type for the audience (exact and dropdown: equal ignoring case; partial: contains,
 * ignoring case; lot: held by a non-archived range of the product or of the whole type). Null for
 * an unknown type (or one the audience does not see). Criteria on fields not searchable for the
 * audience are refused ('invalid'), and a mandatory field without a value too ('missing').
 */
export async function searchProducts(
  db: DbOrTx,
  live: LivePublication,
  q: ProductSearchQuery,
  at: Date,
): Promise<ProductSearchResult | null> {
  const type = typeBySlug(live.site, q.productTypeSlug, q.audience);
  if (!type) return null;
  const fields = searchFields(live.site, type, q.audience);
  const fieldOf = (f: SearchField['field']) => fields.find((x) => x.field === f);
  const given = (v: string | undefined) => (v !== undefined && v.trim() !== '' ? v.trim() : undefined);

  const invalid: SearchField['field'][] = [];
  const keyCode = given(q.keyCode);
  const keyCodeField = keyCode !== undefined ? fieldOf('keyCode') : undefined;
  if (keyCode !== undefined && !keyCodeField) invalid.push('keyCode');
  const lot = given(q.lot);
  if (lot !== undefined && !fieldOf('lot')) invalid.push('lot');
  const attributes: repo.ProductFilter['attributes'] = [];
  for (const [key, raw] of Object.entries(q.attributes ?? {})) {
    const value = given(raw);
    if (value === undefined) continue;
    const id = Number(key);
    const field = fieldOf(id);
    if (!field) invalid.push(id);
    else attributes.push({ attributeDefinitionId: id, value, match: matchOf(field.searchType) });
  }
  if (invalid.length > 0) return { kind: 'invalid', fields: invalid };
  const missing = fields
    .filter((f) => f.mandatory)
    .filter((f) => (f.field === 'lot' ? lot === undefined : !attributes.some((a) => a.attributeDefinitionId === f.field)))
    .map((f) => f.field);
  if (missing.length > 0) return { kind: 'missing', fields: missing };

  const page = Math.max(0, Math.trunc(q.page ?? 0));
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(q.size ?? 10)));
  const shown = shownDefinitions(type, q.audience);
  const found = await repo.searchProducts(
    db,
    {
      contentId: live.contentId,
      productTypeId: type.id,
      at,
      keyCode: keyCode !== undefined && keyCodeField ? { value: keyCode, match: matchOf(keyCodeField.searchType) } : undefined,
      attributes,
      lot,
      shownAttributeIds: shown.map((d) => d.id),
    },
    { limit: size, offset: page * size },
  );
  const keyCodeShown = keyCodeSearchType(type, q.audience) !== 'NOT_VISIBLE';
  const items: ProductHit[] = found
    .filter((r) => r.productId !== null)
    .map((r) => ({
      productId: r.productId as number,
      keyCode: keyCodeShown ? r.keyCode : null,
      attributes: toShown(live.site, type, r.attributes, q.language),
    }));
  return { kind: 'page', items, page, size, total: found[0]?.total ?? 0 };
}

/**
 * The values a dropdown field offers: the distinct key codes or attribute values of the type's
 * products visible at `at`. Null unless the field is a dropdown for the audience.
 */
export async function dropdownValues(
  db: DbOrTx,
  live: LivePublication,
  q: { productTypeSlug: string; audience: Audience; field: 'keyCode' | number },
  at: Date,
): Promise<string[] | null> {
  const type = typeBySlug(live.site, q.productTypeSlug, q.audience);
  if (!type) return null;
  const field = searchFields(live.site, type, q.audience).find((f) => f.field === q.field);
  if (!field || field.field === 'lot' || field.searchType !== 'SEARCHABLE_DROPDOWN') return null;
  return repo.dropdownValues(db, { contentId: live.contentId, productTypeId: type.id, at, field: field.field });
}

export type ProductQuery = { productTypeSlug: string; audience: Audience; language?: string } & ProductRef;

/** How a product is asked for: its type, whether the audience is shown key codes, the statement's filter; null when the audience cannot find it. */
export interface ProductAsked {
  type: SiteProductType;
  keyCodeShown: boolean;
  filter: Parameters<typeof repo.productSql>[0];
  ref: Parameters<typeof repo.productSql>[1];
}

export function productAsked(live: LivePublication, q: ProductQuery, at: Date): ProductAsked | null {
  const type = typeBySlug(live.site, q.productTypeSlug, q.audience);
  if (!type) return null;
  const keyCodeShown = keyCodeSearchType(type, q.audience) !== 'NOT_VISIBLE';
  // a key code the audience is not shown does not find the product either
  if ('keyCode' in q && !keyCodeShown) return null;
  return {
    type,
    keyCodeShown,
    filter: {
      contentId: live.contentId,
      productTypeId: type.id,
      at,
      shownAttributeIds: shownDefinitions(type, q.audience).map((d) => d.id),
      audience: q.audience,
    },
    ref: 'keyCode' in q ? { keyCode: q.keyCode } : { productId: q.productId },
  };
}

/** The product row as the visitor sees it, in their language. */
export function publicProduct(
  live: LivePublication,
  asked: ProductAsked,
  row: repo.ProductRow,
  language: string | undefined,
): PublicProduct {
  const t = translator(live.site, language);
  return {
    productId: row.productId,
    productTypeId: asked.type.id,
    productTypeSlug: asked.type.slug,
    keyCode: asked.keyCodeShown ? row.keyCode : null,
    attributes: toShown(live.site, asked.type, row.attributes, language),
    remarks: fromJson<{ id: number; content: string; storageKey: string | null }[]>(row.remarks).map((r) => ({
      id: r.id,
      content: t(`product_remark.${r.id}.content`, r.content),
      storageKey: r.storageKey,
    })),
  };
}

/**
 * One product of a type the audience sees, visible at `at`, by key code (ignoring case) or id:
 * its attributes the audience sees and the remarks of its groups for the audience by
 * visualisation order, in the visitor's language. Null when there is no such product for it.
 */
export async function product(db: DbOrTx, live: LivePublication, q: ProductQuery, at: Date): Promise<PublicProduct | null> {
  const asked = productAsked(live, q, at);
  if (!asked) return null;
  const row = await repo.product(db, asked.filter, asked.ref);
  return row ? publicProduct(live, asked, row, q.language) : null;
}
