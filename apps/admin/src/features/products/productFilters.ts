import {
  type AttributeDefinition,
  isSearchable,
  type MATCH_MODES,
  type ProductSearchBody,
  type ProductType,
  PUBLISH_STATES,
  type PublishState,
  type SearchType,
} from '@vellum/contract';

export type MatchMode = (typeof MATCH_MODES)[number];

/** Active STRING attributes in their visualisation order (lot numbers are edited as lot ranges). */
export function stringAttributes(type: ProductType): AttributeDefinition[] {
  return type.attributeDefinitions
    .filter((d) => d.isActive && d.type === 'STRING')
    .sort((a, b) => a.visualizationOrder - b.visualizationOrder || a.id - b.id);
}

/**
 * The attribute columns of the product list: the active attributes the public site shows to HCPs or
 * patients; when it shows none, every active attribute.
 */
export function listAttributes(type: ProductType): AttributeDefinition[] {
  const active = stringAttributes(type);
  const visible = active.filter((d) => d.searchTypeHCP !== 'NOT_VISIBLE' || d.searchTypePatient !== 'NOT_VISIBLE');
  return visible.length > 0 ? visible : active;
}

/** SEARCHABLE_PARTIAL matches part of a value; SEARCHABLE_EXACT and SEARCHABLE_DROPDOWN the whole value. */
export function matchOfSearchType(searchType: SearchType): MatchMode | null {
  if (!isSearchable(searchType)) return null;
  return searchType === 'SEARCHABLE_PARTIAL' ? 'PARTIAL' : 'EXACT';
}

export interface FilterField {
  /** URL parameter of the filter. */
  param: string;
  /** The attribute filtered on; absent for the key code. */
  definitionId?: number;
  label: string;
  match: MatchMode;
}

export const KEY_CODE_PARAM = 'keyCode';
export const STATE_PARAM = 'state';
export const ORPHANS_PARAM = 'orphans';
const attributeParam = (id: number) => `attr${id}`;

/**
 * The filter bar of a product type: the key code (partial) and each active attribute searchable for
 * HCPs or patients, matched as its search type says (the HCP one first).
 */
export function filterFieldsOf(type: ProductType, keyCodeLabel: string): FilterField[] {
  const fields: FilterField[] = [{ param: KEY_CODE_PARAM, label: keyCodeLabel, match: 'PARTIAL' }];
  for (const d of stringAttributes(type)) {
    const match = matchOfSearchType(d.searchTypeHCP) ?? matchOfSearchType(d.searchTypePatient);
    if (match) fields.push({ param: attributeParam(d.id), definitionId: d.id, label: d.name, match });
  }
  return fields;
}

const publishStateOfParam = (raw: string | null): PublishState | undefined =>
  (PUBLISH_STATES as readonly string[]).includes(raw ?? '') ? (raw as PublishState) : undefined;

/** The search body of the filters in the URL (`text` is the table's search box). */
export function searchBodyOf(fields: FilterField[], params: URLSearchParams, text: string): ProductSearchBody {
  const body: ProductSearchBody = { attributes: [], orphans: params.get(ORPHANS_PARAM) === 'true' };
  const trimmed = text.trim();
  if (trimmed) body.text = trimmed;
  for (const f of fields) {
    const value = params.get(f.param)?.trim();
    if (!value) continue;
    if (f.definitionId === undefined) body.keyCode = { value, match: f.match };
    else body.attributes?.push({ attributeDefinitionId: f.definitionId, value, match: f.match });
  }
  const state = publishStateOfParam(params.get(STATE_PARAM));
  if (state) body.publishState = state;
  return body;
}

/** Whether any filter of the bar (not the search box) is set. */
export function hasFilters(fields: FilterField[], params: URLSearchParams): boolean {
  return fields.some((f) => !!params.get(f.param)?.trim()) || !!publishStateOfParam(params.get(STATE_PARAM));
}
