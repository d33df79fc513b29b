import {
  CatalogueErrorKeys,
  ErrorKeys,
  type Product,
  type ProductListItem,
  type productCreateBody,
  type productSearchBody,
  type productSearchQuery,
  type productUpdateBody,
  publishStateOf,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, type AuditEntry, audit, auditMany, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, invalidField, notFound } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { type LotRangeEntry, parseLotRangeEntries } from '../lot-ranges/lot-range-input.js';
import { linkedLotRangeIds, linkedLotRangeIdsOf, productsWithLotRanges } from '../lot-ranges/lot-ranges.repo.js';
import { applyProductLotRanges, lotRangesOfProduct, removeLotRangesLeftWithoutProducts } from '../lot-ranges/lot-ranges.service.js';
import { checkAttributeValues, PRODUCT_OBJECT, valueDefinitions } from './product-input.js';
import { PRODUCT_SORT_FIELDS, type ProductSort, type ProductSortField, searchProducts as searchRows } from './product-search.repo.js';
import * as repo from './products.repo.js';

type CreateBody = z.output<typeof productCreateBody>;
type UpdateBody = z.output<typeof productUpdateBody>;
type SearchBody = z.output<typeof productSearchBody>;
type SearchQuery = z.output<typeof productSearchQuery>;
type ProductTypeRow = NonNullable<Awaited<ReturnType<typeof repo.findProductType>>>;

const ENTITY = 'product';
const NESTED_ID_NOT_FOUND = 'error.sql.nestedIdNotFound';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the audit log records of a product. */
interface ProductState {
  keyCode: string;
  productTypeId: number;
  publishDate: string | null;
  endOfLifeDate: string | null;
  attributeValues: Record<string, string>;
  productGroupIds: number[];
  lotRangeIds: number[];
}

const sortedUnique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

async function stateOf(db: DbOrTx, row: repo.ProductRow): Promise<ProductState> {
  const values = await repo.valuesOf(db, [row.id]);
  const groups = await repo.groupsOf(db, row.id);
  return {
    keyCode: row.keyCode,
    productTypeId: row.productTypeId,
    publishDate: iso(row.publishDate),
    endOfLifeDate: row.endOfLifeDate,
    attributeValues: Object.fromEntries(values.map((v) => [String(v.attributeDefinitionId), v.value])),
    productGroupIds: sortedUnique(groups.map((g) => g.id)),
    lotRangeIds: await linkedLotRangeIds(db, row.id),
  };
}

export async function getProduct(deps: Pick<Deps, 'db'>, id: number): Promise<Product> {
  const row = await repo.findProduct(deps.db, id);
  if (!row) throw notFound(ENTITY);
  const [values, groups, lotRanges, live] = await Promise.all([
    repo.valuesOf(deps.db, [id]),
    repo.groupsOf(deps.db, id),
    lotRangesOfProduct(deps.db, id, row.productTypeId),
    repo.isLive(deps.db, id, row.businessUnitId),
  ]);
  return {
    id: row.id,
    businessUnitId: row.businessUnitId,
    productTypeId: row.productTypeId,
    keyCode: row.keyCode,
    publishDate: iso(row.publishDate),
    publishState: publishStateOf(row.publishDate, new Date(), live),
    endOfLifeDate: row.endOfLifeDate,
    attributeValues: values.map(({ id: valueId, attributeDefinitionId, value }) => ({ id: valueId, attributeDefinitionId, value })),
    productGroups: groups,
    lotRanges,
    createdDate: row.createdDate.toISOString(),
    lastModifiedDate: row.lastModifiedDate.toISOString(),
    version: row.version,
  };
}

/** sort=keyCode|publishDate|createdDate|lastModifiedDate|id|attribute.{definitionId}[,asc|desc]; key code ascending by default. */
function sortOf(sort: readonly string[]): ProductSort[] {
  if (sort.length > 5) throw invalidField('query', 'sort', 'Size');
  if (sort.length === 0) return [{ by: 'keyCode', desc: false }];
  return sort.map((s) => {
    const [field, dir] = s.split(',');
    const desc = dir?.toLowerCase() === 'desc';
    const attribute = /^attribute\.(\d{1,9})$/.exec(field);
    if (attribute) return { by: { attributeDefinitionId: Number(attribute[1]) }, desc };
    if ((PRODUCT_SORT_FIELDS as readonly string[]).includes(field)) return { by: field as ProductSortField, desc };
    throw invalidField('query', 'sort', 'Pattern');
  });
}

/**
 * POST api/products/search: the products of a product type, of a business unit, or (no scope) of
 * every business unit, that match every filter given; one page with the total.
 */
export async function searchProducts(deps: Pick<Deps, 'db'>, q: SearchQuery, body: SearchBody) {
  const sort = sortOf(q.sort);
  const { rows, total } = await searchRows(
    deps.db,
    {
      productTypeId: q['product-type'],
      businessUnitId: q['business-unit'],
      keyCode: body.keyCode,
      attributes: body.attributes,
      text: body.text,
      orphans: body.orphans,
      publishState: body.publishState,
      productGroupId: body.productGroupId,
    },
    sort,
    { limit: q.size, offset: q.page * q.size },
  );
  const items: ProductListItem[] = rows.map((r) => ({
    id: r.id,
    businessUnitId: r.businessUnitId,
    productTypeId: r.productTypeId,
    productTypeName: r.productTypeName,
    keyCode: r.keyCode,
    publishDate: iso(r.publishDate),
    publishState: publishStateOf(r.publishDate, new Date(), Boolean(r.live)),
    attributeValues: typeof r.attributeValues === 'string' ? JSON.parse(r.attributeValues) : r.attributeValues,
    productGroups: Number(r.productGroups),
    lastModifiedDate: r.lastModifiedDate.toISOString(),
  }));
  return pageOf(items, total, q);
}

async function requireProductType(db: DbOrTx, id: number): Promise<ProductTypeRow> {
  const type = await repo.findProductType(db, id);
  if (!type || type.businessUnitId === 0) throw notFound('productType');
  return type;
}

interface CheckedProduct {
  definitions: repo.DefinitionRow[];
  values: Map<number, string>;
  groupIds: number[];
  lotNumbersEnabled: boolean;
}

/**
 * What the product rules read from the database, for one product or a batch of one type: the
 * type's definitions, the products holding each key code and each value of a unique definition
 * (ignoring case), and the product groups named.
 */
interface ProductLookups {
  definitions: repo.DefinitionRow[];
  keyCodes: Map<string, number[]>;
  /** Unique definition id → value → ids of the products holding it. */
  uniqueValues: Map<number, Map<string, number[]>>;
  groups: Map<number, { id: number; name: string; productTypeId: number }>;
}

/** One query per kind for all the bodies (a unique definition's values: one query per such definition). */
async function lookupsOf(tx: DbOrTx, type: ProductTypeRow, bodies: readonly Omit<CreateBody, 'id'>[]): Promise<ProductLookups> {
  const definitions = await repo.definitionsOf(tx, type.id);
  // every key given has its entry (empty when no product holds it), one list shared by the keys that
  // are the same ignoring case: what a batch claims for one of them, the others see
  const withEntries = (found: Map<string, number[]>, keys: readonly string[]) => {
    const byLower = new Map<string, number[]>();
    for (const k of keys) {
      const shared = byLower.get(k.toLowerCase()) ?? [];
      byLower.set(k.toLowerCase(), shared);
      for (const id of found.get(k) ?? []) if (!shared.includes(id)) shared.push(id);
    }
    for (const k of keys) found.set(k, byLower.get(k.toLowerCase()) as number[]);
    return found;
  };
  const given = bodies.map((b) => b.keyCode);
  const keyCodes = withEntries(await repo.productsWithKeyCodes(tx, type.businessUnitId, given), given);
  const uniqueValues = new Map<number, Map<string, number[]>>();
  for (const def of definitions.filter((d) => d.isUnique)) {
    const values = bodies.flatMap((b) =>
      b.attributeValues.filter((v) => v.attributeDefinitionId === def.id && typeof v.value === 'string').map((v) => String(v.value).trim()),
    );
    if (values.length > 0) uniqueValues.set(def.id, withEntries(await repo.productsWithValues(tx, def.id, values), values));
  }
  const groups = await repo.findGroups(tx, sortedUnique(bodies.flatMap((b) => b.productGroupIds)));
  return { definitions, keyCodes, uniqueValues, groups: new Map(groups.map((g) => [g.id, g])) };
}

const takenByOther = (ids: readonly number[] | undefined, exceptId?: number) => (ids ?? []).some((id) => id !== exceptId);

/** The product rules of spec 001 §8 that do not concern lot ranges (those are checked as they are written), on looked-up rows. */
function checkProductWith(l: ProductLookups, type: ProductTypeRow, body: Omit<CreateBody, 'id'>, exceptId?: number): CheckedProduct {
  if (takenByOther(l.keyCodes.get(body.keyCode), exceptId)) {
    throw fieldError(PRODUCT_OBJECT, 'keyCode', CatalogueErrorKeys.keyCodeExists, { keyCode: body.keyCode });
  }
  const definitions = l.definitions;
  const values = checkAttributeValues(body.attributeValues, definitions);
  for (const [i, { attributeDefinitionId }] of body.attributeValues.entries()) {
    const def = definitions.find((d) => d.id === attributeDefinitionId) as repo.DefinitionRow;
    const value = values.get(attributeDefinitionId) as string;
    if (def.isUnique && takenByOther(l.uniqueValues.get(def.id)?.get(value), exceptId)) {
      throw fieldError(PRODUCT_OBJECT, `attributeValues.${i}.value`, CatalogueErrorKeys.attributeValueNotUnique, {
        attributeDefinitionId: def.id,
        name: def.name,
        value,
      });
    }
  }
  const groupIds = sortedUnique(body.productGroupIds);
  const missing = groupIds.filter((id) => !l.groups.has(id));
  if (missing.length > 0) {
    throw new AppError(NESTED_ID_NOT_FOUND, 400, { entity: 'productGroup', ids: missing }, [
      { objectName: 'product', field: 'productGroupIds', message: 'NotFound' },
    ]);
  }
  const other = groupIds.map((id) => l.groups.get(id)).find((g) => g && g.productTypeId !== type.id);
  if (other)
    throw fieldError(PRODUCT_OBJECT, 'productGroupIds', CatalogueErrorKeys.productGroupTypeMismatch, { id: other.id, name: other.name });
  const lotNumbersEnabled = type.lotNumbers && definitions.some((d) => d.type === 'MULTI_ARRAY' && d.isActive);
  return { definitions, values, groupIds, lotNumbersEnabled };
}

/**
 * A product accepted in a batch holds its key code and unique values from then on: a later body of
 * the batch that names them (ignoring case) is refused as if the product were written already.
 */
function claim(l: ProductLookups, body: Omit<CreateBody, 'id'>, checked: CheckedProduct, pendingId: number): void {
  l.keyCodes.get(body.keyCode)?.push(pendingId);
  for (const [defId, byValue] of l.uniqueValues) {
    const value = checked.values.get(defId);
    if (value !== undefined) byValue.get(value)?.push(pendingId);
  }
}

/** The product rules of spec 001 §8 that do not concern lot ranges, for one product. */
async function checkProduct(tx: DbOrTx, type: ProductTypeRow, body: Omit<CreateBody, 'id'>, exceptId?: number): Promise<CheckedProduct> {
  return checkProductWith(await lookupsOf(tx, type, [body]), type, body, exceptId);
}

/** What the audit log records of a new product. */
const createdState = (
  row: { keyCode: string; publishDate: Date | null; endOfLifeDate?: string | null },
  type: ProductTypeRow,
  checked: CheckedProduct,
  lotRangeIds: number[],
): ProductState => ({
  keyCode: row.keyCode,
  productTypeId: type.id,
  publishDate: iso(row.publishDate),
  endOfLifeDate: row.endOfLifeDate ?? null,
  attributeValues: Object.fromEntries([...checked.values].map(([k, v]) => [String(k), v])),
  productGroupIds: checked.groupIds,
  lotRangeIds,
});

/** The constraint a unique violation names, if the error is one. */
function uniqueConstraintOf(err: unknown): string | undefined {
  for (const e of [err, (err as { cause?: unknown })?.cause] as { code?: unknown; constraint?: unknown }[]) {
    if (e?.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  }
  return undefined;
}

/** Runs a change; a racing duplicate key code or lot-range name answers its catalogue key, not a 500. */
async function inTransaction<T>(deps: Pick<Deps, 'db'>, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(fn);
  } catch (err) {
    const constraint = uniqueConstraintOf(err);
    if (constraint === 'product_unit_key_code_uq') throw fieldError(PRODUCT_OBJECT, 'keyCode', CatalogueErrorKeys.keyCodeExists);
    if (constraint === 'lot_range_unit_name_uq') throw fieldError(PRODUCT_OBJECT, 'lotRanges', CatalogueErrorKeys.lotRangeNameTaken);
    throw err;
  }
}

export async function createProduct(deps: Pick<Deps, 'db'>, actor: Actor, body: CreateBody): Promise<Product> {
  const entries: LotRangeEntry[] = parseLotRangeEntries(body.lotRanges);
  const id = await inTransaction(deps, async (tx) => {
    const type = await requireProductType(tx, body.productTypeId);
    const checked = await checkProduct(tx, type, body);
    const row = await repo.insertProduct(tx, {
      businessUnitId: type.businessUnitId,
      productTypeId: type.id,
      keyCode: body.keyCode,
      publishDate: body.publishDate === null ? null : new Date(body.publishDate),
      endOfLifeDate: body.endOfLifeDate,
    });
    await repo.replaceValues(tx, row.id, [], checked.values);
    await repo.replaceGroups(tx, row.id, checked.groupIds);
    const lotRangeIds = await applyProductLotRanges(tx, actor, {
      productId: row.id,
      productType: type,
      lotNumbersEnabled: checked.lotNumbersEnabled,
      entries,
      linkedIds: [],
    });
    await audit(tx, actor, createdAudit(row, type, checked, lotRangeIds));
    return row.id;
  });
  return getProduct(deps, id);
}

const createdAudit = (
  row: Pick<repo.ProductRow, 'id' | 'keyCode' | 'publishDate'> & { endOfLifeDate?: string | null },
  type: ProductTypeRow,
  checked: CheckedProduct,
  lotRangeIds: number[],
): AuditEntry => ({
  entityName: ENTITY,
  entityId: row.id,
  entityLabel: row.keyCode,
  action: 'CREATE',
  businessUnitId: type.businessUnitId,
  changes: createdState(row, type, checked, lotRangeIds),
});

/**
 * Creates products of one type as a bulk import does (decision 0063): every body checked by the
 * same rules as createProduct (the same lookups, made once for the batch, and the same checks in
 * memory, a body also refused for a key code or unique value an earlier body of the batch takes),
 * then the accepted ones written with multi-row statements and one CREATE audit row each, as
 * createProduct writes them. A body with lot ranges, and every body of a batch whose statements
 * fail (a product written meanwhile by someone else), goes through createProduct itself, one by one
 * in a savepoint. Runs inside the caller's transaction; answers per body its id or the AppError
 * that refuses it.
 */
export async function createProductsOfType(
  tx: DbOrTx,
  actor: Actor,
  productTypeId: number,
  bodies: readonly CreateBody[],
): Promise<(number | AppError)[]> {
  const out: (number | AppError)[] = new Array(bodies.length);
  const one = async (i: number) => {
    try {
      out[i] = (await createProduct({ db: tx as Deps['db'] }, actor, bodies[i] as CreateBody)).id;
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      out[i] = err;
    }
  };
  const type = await requireProductType(tx, productTypeId);
  const batch = bodies.flatMap((b, i) => (b.lotRanges.length === 0 ? [i] : []));
  const lookups = await lookupsOf(
    tx,
    type,
    batch.map((i) => bodies[i] as CreateBody),
  );
  const accepted: { i: number; checked: CheckedProduct }[] = [];
  for (const i of batch) {
    const body = bodies[i] as CreateBody;
    try {
      parseLotRangeEntries(body.lotRanges);
      const checked = checkProductWith(lookups, type, body);
      claim(lookups, body, checked, -1 - i);
      accepted.push({ i, checked });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out[i] = err;
    }
  }
  if (accepted.length > 0) {
    try {
      await tx.transaction(async (sp) => {
        const rows = await repo.insertProducts(
          sp,
          type.businessUnitId,
          type.id,
          accepted.map(({ i }) => {
            const body = bodies[i] as CreateBody;
            return {
              keyCode: body.keyCode,
              publishDate: body.publishDate === null ? null : new Date(body.publishDate),
              endOfLifeDate: body.endOfLifeDate,
            };
          }),
        );
        await repo.insertValues(
          sp,
          accepted.flatMap(({ checked }, n) =>
            [...checked.values].map(([attributeDefinitionId, value]) => ({
              productId: (rows[n] as { id: number }).id,
              attributeDefinitionId,
              value,
            })),
          ),
        );
        await repo.insertGroupLinks(
          sp,
          accepted.flatMap(({ checked }, n) =>
            checked.groupIds.map((productGroupId) => ({ productId: (rows[n] as { id: number }).id, productGroupId })),
          ),
        );
        await auditMany(
          sp,
          actor,
          accepted.map(({ i, checked }, n) => {
            const body = bodies[i] as CreateBody;
            const publishDate = body.publishDate === null ? null : new Date(body.publishDate);
            return createdAudit(
              { ...(rows[n] as { id: number; keyCode: string }), publishDate, endOfLifeDate: body.endOfLifeDate },
              type,
              checked,
              [],
            );
          }),
        );
        accepted.forEach(({ i }, n) => {
          out[i] = (rows[n] as { id: number }).id;
        });
      });
    } catch (err) {
      if (uniqueConstraintOf(err) === undefined) throw err;
      for (const { i } of accepted) await one(i);
    }
  }
  for (const [i, b] of bodies.entries()) if (b.lotRanges.length > 0) await one(i);
  return out;
}

/** A refusal for a key code or unique value that another product holds (and may give up later in the same batch). */
const isTakenRefusal = (err: AppError) =>
  [err.key, ...(err.fieldErrors ?? []).map((f) => f.message)].some(
    (k) => k === CatalogueErrorKeys.keyCodeExists || k === CatalogueErrorKeys.attributeValueNotUnique,
  );

/**
 * Each product's state as the audit log records it (`stateOf`), read for many at once; their lot
 * ranges only when asked (a batch update takes only products without any).
 */
async function statesOf(
  tx: DbOrTx,
  rows: readonly Pick<repo.ProductRow, 'id' | 'keyCode' | 'productTypeId' | 'publishDate' | 'endOfLifeDate'>[],
  withLotRanges = false,
) {
  const ids = rows.map((r) => r.id);
  const values = await repo.valuesOf(tx, ids);
  const groups = await repo.groupIdsOf(tx, ids);
  const lotRanges = withLotRanges ? await linkedLotRangeIdsOf(tx, ids) : new Map<number, number[]>();
  return new Map(
    rows.map((row): [number, ProductState] => [
      row.id,
      {
        keyCode: row.keyCode,
        productTypeId: row.productTypeId,
        publishDate: iso(row.publishDate),
        endOfLifeDate: row.endOfLifeDate ?? null,
        attributeValues: Object.fromEntries(
          values.filter((v) => v.productId === row.id).map((v) => [String(v.attributeDefinitionId), v.value]),
        ),
        productGroupIds: groups.get(row.id) ?? [],
        lotRangeIds: lotRanges.get(row.id) ?? [],
      },
    ]),
  );
}

/** A product a batch update accepted: its id, and whether the body changed anything of it. */
export interface ProductUpdated {
  id: number;
  changed: boolean;
}

/**
 * The state an accepted update body would leave, from the state before: the body's key code and
 * dates, its groups, and its values in place of those of the definitions it writes (the others kept).
 */
function stateAfter(before: ProductState, body: UpdateBody, checked: CheckedProduct, written: ReadonlySet<number>): ProductState {
  const kept = Object.entries(before.attributeValues).filter(([id]) => !written.has(Number(id)));
  return {
    ...before,
    keyCode: body.keyCode,
    publishDate: body.publishDate === null ? null : iso(new Date(body.publishDate)),
    endOfLifeDate: body.endOfLifeDate ?? null,
    attributeValues: Object.fromEntries([...kept, ...[...checked.values].map(([id, value]) => [String(id), value] as const)]),
    productGroupIds: checked.groupIds,
  };
}

/** Whether the audit log would record no change (attribute ids are integer keys, so both sides list them in one order). */
const sameState = (a: ProductState, b: ProductState) => Object.keys(diff({ ...a }, { ...b })).length === 0;

/**
 * Updates products of one type as a bulk import does (decision 0067, as createProductsOfType
 * creates them, decision 0063): the rows locked, each body checked by updateProduct's rules (its
 * version, the same lookups made once for the batch and the same checks in memory), then the
 * accepted ones written with one statement per table and one UPDATE audit row each with the diff
 * updateProduct records. updateProduct itself, one by one in a savepoint, takes: a body with lot
 * ranges or whose product has some (their rules write as they go), a body whose product is not of
 * the type or does not exist (its own errors), a body refused for a key code or unique value that
 * another product of the batch may give up (tried after the batch, as one by one in order), and
 * every body of a batch whose statements fail with a unique violation. A body that would change
 * nothing of its product (key code, dates, values, groups) is not written and gets no audit row, as
 * nothing changed (decision 0088). Runs inside the caller's transaction; answers per body its id and
 * whether it changed, or the AppError that refuses it.
 */
export async function updateProductsOfType(
  tx: DbOrTx,
  actor: Actor,
  productTypeId: number,
  bodies: readonly UpdateBody[],
): Promise<(ProductUpdated | AppError)[]> {
  const out: (ProductUpdated | AppError)[] = new Array(bodies.length);
  const later: number[] = [];
  const type = await requireProductType(tx, productTypeId);
  const rows = new Map(
    (
      await repo.findProducts(
        tx,
        bodies.map((b) => b.id),
        true,
      )
    ).map((r) => [r.id, r]),
  );
  const withLots = await productsWithLotRanges(tx, [...rows.keys()]);
  const batch: number[] = [];
  for (const [i, b] of bodies.entries()) {
    const simple =
      b.lotRanges.length === 0 && !withLots.has(b.id) && rows.get(b.id)?.productTypeId === type.id && b.productTypeId === type.id;
    (simple ? batch : later).push(i);
  }
  const lookups = await lookupsOf(
    tx,
    type,
    batch.map((i) => bodies[i] as UpdateBody),
  );
  const accepted: { i: number; row: repo.ProductRow; checked: CheckedProduct }[] = [];
  for (const i of batch) {
    const body = bodies[i] as UpdateBody;
    const row = rows.get(body.id) as repo.ProductRow;
    try {
      if (body.version !== row.version) throw conflict();
      const checked = checkProductWith(lookups, type, body, row.id);
      claim(lookups, body, checked, row.id);
      accepted.push({ i, row, checked });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (isTakenRefusal(err)) later.push(i);
      else out[i] = err;
    }
  }
  // a body that changes nothing is not written: no new version, no audit row (decision 0088)
  const before = await statesOf(
    tx,
    accepted.map(({ row }) => row),
  );
  const written = new Set(valueDefinitions(lookups.definitions).map((d) => d.id));
  const changing = accepted.filter(({ i, row, checked }) => {
    const state = before.get(row.id) as ProductState;
    if (!sameState(state, stateAfter(state, bodies[i] as UpdateBody, checked, written))) return true;
    out[i] = { id: row.id, changed: false };
    return false;
  });
  if (changing.length > 0) {
    try {
      await tx.transaction(async (sp) => {
        const ids = changing.map(({ row }) => row.id);
        const after = changing.map(({ i, row }) => {
          const body = bodies[i] as UpdateBody;
          return {
            ...row,
            keyCode: body.keyCode,
            publishDate: body.publishDate === null ? null : new Date(body.publishDate),
            endOfLifeDate: body.endOfLifeDate,
          };
        });
        const updated = await repo.updateProducts(sp, after);
        if (updated.size !== changing.length) throw conflict(); // the rows are locked: not expected
        await repo.clearValuesAndGroups(
          sp,
          ids,
          valueDefinitions(lookups.definitions).map((d) => d.id),
        );
        await repo.insertValues(
          sp,
          changing.flatMap(({ row, checked }) =>
            [...checked.values].map(([attributeDefinitionId, value]) => ({ productId: row.id, attributeDefinitionId, value })),
          ),
        );
        await repo.insertGroupLinks(
          sp,
          changing.flatMap(({ row, checked }) => checked.groupIds.map((productGroupId) => ({ productId: row.id, productGroupId }))),
        );
        const states = await statesOf(sp, after);
        await auditMany(
          sp,
          actor,
          after.map((row) => ({
            entityName: ENTITY,
            entityId: row.id,
            entityLabel: row.keyCode,
            action: 'UPDATE',
            businessUnitId: row.businessUnitId,
            changes: diff({ ...(before.get(row.id) as ProductState) }, { ...(states.get(row.id) as ProductState) }),
          })),
        );
        for (const { i, row } of changing) out[i] = { id: row.id, changed: true };
      });
    } catch (err) {
      if (uniqueConstraintOf(err) === undefined) throw err;
      later.push(...changing.map(({ i }) => i));
    }
  }
  for (const i of later.sort((a, b) => a - b)) {
    try {
      out[i] = { id: (await updateProduct({ db: tx as Deps['db'] }, actor, bodies[i] as UpdateBody)).id, changed: true };
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      out[i] = err;
    }
  }
  return out;
}

/** The product type never changes; a stale version answers 409. */
export async function updateProduct(deps: Pick<Deps, 'db'>, actor: Actor, body: UpdateBody, pathId?: number): Promise<Product> {
  if (pathId !== undefined && pathId !== body.id) throw fieldError(PRODUCT_OBJECT, 'id', ErrorKeys.idMismatch);
  const entries = parseLotRangeEntries(body.lotRanges);
  await inTransaction(deps, async (tx) => {
    const row = await repo.findProduct(tx, body.id, true);
    if (!row) throw notFound(ENTITY);
    if (body.productTypeId !== row.productTypeId)
      throw fieldError(PRODUCT_OBJECT, 'productTypeId', CatalogueErrorKeys.productTypeCannotChange);
    if (body.version !== row.version) throw conflict();
    const type = (await repo.findProductType(tx, row.productTypeId)) as ProductTypeRow;
    const before = await stateOf(tx, row);
    const checked = await checkProduct(tx, type, body, row.id);
    const updated = await repo.updateProduct(tx, row.id, row.version, {
      keyCode: body.keyCode,
      publishDate: body.publishDate === null ? null : new Date(body.publishDate),
      endOfLifeDate: body.endOfLifeDate,
    });
    if (!updated) throw conflict();
    await repo.replaceValues(
      tx,
      row.id,
      valueDefinitions(checked.definitions).map((d) => d.id),
      checked.values,
    );
    await repo.replaceGroups(tx, row.id, checked.groupIds);
    const lotRangeIds = await applyProductLotRanges(tx, actor, {
      productId: row.id,
      productType: type,
      lotNumbersEnabled: checked.lotNumbersEnabled,
      entries,
      linkedIds: before.lotRangeIds,
    });
    const after: ProductState = { ...(await stateOf(tx, updated)), lotRangeIds };
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: row.id,
      entityLabel: updated.keyCode,
      action: 'UPDATE',
      businessUnitId: row.businessUnitId,
      changes: diff({ ...before }, { ...after }),
    });
  });
  return getProduct(deps, body.id);
}

/** Deletes the product, and the lot ranges it leaves without products (unless they apply to all): the batch delete for one id. */
export async function deleteProduct(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<repo.ProductRow> {
  return inTransaction(deps, async (tx) => {
    const [outcome] = await deleteProductRows(tx, actor, [id]);
    if (outcome instanceof AppError) throw outcome;
    return outcome as repo.ProductRow;
  });
}

/**
 * Deletes products of one type as a bulk import's REPLACE does (decision 0088), by the rules of
 * deleteProduct (the same code): answers per id the deleted row, or the AppError that refuses it
 * (no such product, or one of another type: `notFound`). Runs inside the caller's transaction.
 */
export async function deleteProductsOfType(
  tx: DbOrTx,
  actor: Actor,
  productTypeId: number,
  ids: readonly number[],
): Promise<(repo.ProductRow | AppError)[]> {
  return deleteProductRows(tx, actor, ids, productTypeId);
}

/**
 * The one copy of a product's delete, for one id or many (decision 0088): the rows locked, each
 * product's state read as the audit log records it, the products deleted by one statement (their
 * values, groups, lot-range and document links go with them by cascade; a publication keeps what
 * it holds until the next publish), then the lot ranges they leave without products (unless they
 * apply to all), and the audit rows in the order one delete after another writes them: each
 * product's deleted lot ranges (a range goes with the last product of the batch that linked it),
 * then the product's DELETE row with its state and `deletedLotRangeIds`. One statement for all the
 * audit rows.
 */
async function deleteProductRows(
  tx: DbOrTx,
  actor: Actor,
  ids: readonly number[],
  productTypeId?: number,
): Promise<(repo.ProductRow | AppError)[]> {
  const found = new Map((await repo.findProducts(tx, ids, true)).map((r) => [r.id, r]));
  const out: (repo.ProductRow | AppError)[] = new Array(ids.length);
  const doomed: repo.ProductRow[] = [];
  for (const [i, id] of ids.entries()) {
    const row = found.get(id);
    // a product of another type is not the type's to delete; an id given twice is gone the second time
    if (!row || (productTypeId !== undefined && row.productTypeId !== productTypeId)) out[i] = notFound(ENTITY);
    else {
      found.delete(id);
      doomed.push(row);
      out[i] = row;
    }
  }
  if (doomed.length === 0) return out;
  const states = await statesOf(tx, doomed, true);
  await repo.deleteProducts(
    tx,
    doomed.map((r) => r.id),
  );
  const lotRangeIds = sortedUnique(doomed.flatMap((r) => (states.get(r.id) as ProductState).lotRangeIds));
  const lastLinker = new Map<number, number>();
  for (const r of doomed) for (const rangeId of (states.get(r.id) as ProductState).lotRangeIds) lastLinker.set(rangeId, r.id);
  const deletedRanges = await removeLotRangesLeftWithoutProducts(tx, lotRangeIds);
  const entries: AuditEntry[] = [];
  for (const row of doomed) {
    const mine = deletedRanges.filter((d) => lastLinker.get(d.id) === row.id);
    entries.push(...mine.map((d) => d.entry));
    entries.push({
      entityName: ENTITY,
      entityId: row.id,
      entityLabel: row.keyCode,
      action: 'DELETE',
      businessUnitId: row.businessUnitId,
      changes: { ...(states.get(row.id) as ProductState), deletedLotRangeIds: mine.map((d) => d.id) },
    });
  }
  await auditMany(tx, actor, entries);
  return out;
}
