import type { AttributeDefinition, ProductType, SearchType } from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { imageVersion } from '../../platform/images.js';
import * as repo from './product-types.repo.js';

/** How product types and their definitions are answered and audited, shared by the product-type services. */

type ProductTypeRow = repo.ProductTypeRow;
type DefinitionRow = repo.DefinitionRow;

/** Audit entity names. */
export const ENTITY = 'product-type';
export const DEFINITION_ENTITY = 'attribute-definition';
/** Field errors name this object. */
export const OBJECT = 'productType';

/** What a delete removes, as audit changes (every field to null). */
export const removed = (view: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(view).map(([k, v]) => [k, { from: v, to: null }]));

const imageUrl = (path: string, key: string | null) => (key ? `${path}${path.includes('?') ? '&' : '?'}v=${imageVersion(key)}` : null);

export function toDefinition(row: DefinitionRow): AttributeDefinition {
  return {
    id: row.id,
    productTypeId: row.productTypeId,
    name: row.name,
    slug: row.slug,
    type: row.type as AttributeDefinition['type'],
    isUnique: row.isUnique,
    isMandatory: row.isMandatory,
    isMandatoryHcpSearch: row.isMandatoryHcpSearch,
    isMandatoryPatientSearch: row.isMandatoryPatientSearch,
    pinned: row.pinned,
    isActive: row.isActive,
    searchTypeHCP: row.searchTypeHcp as SearchType,
    searchTypePatient: row.searchTypePatient as SearchType,
    meta: row.meta,
    visualizationOrder: row.visualizationOrder,
  };
}

function toProductType(row: ProductTypeRow, defs: DefinitionRow[], counts = { products: 0, productGroups: 0 }): ProductType {
  const base = `/api/product-types/${row.id}`;
  return {
    id: row.id,
    businessUnitId: row.businessUnitId,
    slug: row.slug,
    name: row.name,
    status: row.status as ProductType['status'],
    keyCodeSearchTypeHCP: row.keyCodeSearchTypeHcp as SearchType,
    keyCodeSearchTypePatient: row.keyCodeSearchTypePatient as SearchType,
    keyCodeLabelHCP: row.keyCodeLabelHcp,
    keyCodeLabelPatient: row.keyCodeLabelPatient,
    searchVisualisationHCP: row.searchVisualisationHcp as ProductType['searchVisualisationHCP'],
    searchVisualisationPatient: row.searchVisualisationPatient as ProductType['searchVisualisationPatient'],
    crossFieldByAttributeSetting: row.crossFieldByAttributeSetting,
    lotNumbers: row.lotNumbers,
    retentionYears: row.retentionYears,
    implantable: row.implantable,
    active: row.status === 'ENABLED',
    imageUrl: imageUrl(`${base}/image`, row.imageKey),
    heroImageHcpUrl: imageUrl(`${base}/heroImage?patient=false`, row.heroImageHcpKey),
    heroImagePatientUrl: imageUrl(`${base}/heroImage?patient=true`, row.heroImagePatientKey),
    copiedFromId: row.copiedFromId,
    attributeDefinitions: defs.filter((d) => d.productTypeId === row.id).map(toDefinition),
    products: counts.products,
    productGroups: counts.productGroups,
    version: row.version,
  };
}

export async function withDetails(db: DbOrTx, rows: ProductTypeRow[]): Promise<ProductType[]> {
  const ids = rows.map((r) => r.id);
  const defs = await repo.definitionsOf(db, ids);
  const counts = await repo.contentCountsOf(db, ids);
  return rows.map((r) => toProductType(r, defs, counts.get(r.id)));
}

/** What the audit log records of a type: its editable fields and its definitions, without URLs and counts. */
export function auditView(row: ProductTypeRow, defs: DefinitionRow[]) {
  const {
    imageUrl: _i,
    heroImageHcpUrl: _h,
    heroImagePatientUrl: _p,
    products: _n,
    productGroups: _g,
    id: _id,
    version: _v,
    ...fields
  } = toProductType(row, defs);
  return { ...fields, attributeDefinitions: fields.attributeDefinitions.map(({ productTypeId: _t, ...d }) => d) };
}

/** The stored type (locked for the transaction when asked), or 404. */
export async function load(db: DbOrTx, id: number, forUpdate = false): Promise<ProductTypeRow> {
  const row = await repo.findProductType(db, id, forUpdate);
  if (!row) throw notFound(OBJECT);
  return row;
}

/** The type as the API answers it, read again after a change. */
export async function loadDetails(db: DbOrTx, id: number): Promise<ProductType> {
  return (await withDetails(db, [await load(db, id)]))[0];
}
