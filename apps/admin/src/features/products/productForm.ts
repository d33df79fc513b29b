import {
  ATTRIBUTE_VALUE_MAX,
  CatalogueErrorKeys,
  catalogueNameSchema,
  keyCodeSchema,
  LOT_NUMBER_MAX,
  type Product,
  type ProductCreateBody,
  type ProductType,
} from '@vellum/contract';
import type { TFunction } from 'i18next';
import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { normaliseFieldCode } from '../../components/formErrors';
import { stringAttributes } from './productFilters';

const lotRangeFormSchema = z.object({
  /** null: a new lot range. */
  id: z.number().nullable(),
  version: z.number().optional(),
  name: catalogueNameSchema,
  numbers: z.array(z.string().trim().min(1, 'NotBlank').max(LOT_NUMBER_MAX, 'Size')).min(1, 'NotEmpty'),
  archiveDate: z.string().nullable(),
  appliesToAll: z.boolean(),
});

const baseSchema = z.object({
  keyCode: keyCodeSchema,
  publishDate: z.string().nullable(),
  /** The device's last expiry or end date (YYYY-MM-DD); empty: not ended (its public documents are kept indefinitely). */
  endOfLifeDate: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Pattern'),
  /** One entry per active STRING attribute of the type, in the order of `stringAttributes(type)`. */
  attributes: z.array(z.object({ attributeDefinitionId: z.number(), value: z.string() })),
  productGroupIds: z.array(z.number()),
  lotRanges: z.array(lotRangeFormSchema),
});
export type ProductFormValues = z.input<typeof baseSchema>;

/** The form's validation: the key code, mandatory and over-long attribute values, lot ranges. */
export function productFormSchema(type: ProductType) {
  const definitions = new Map(type.attributeDefinitions.map((d) => [d.id, d]));
  return baseSchema.superRefine((values, ctx) => {
    values.attributes.forEach((a, i) => {
      const value = a.value.trim();
      if (!value && definitions.get(a.attributeDefinitionId)?.isMandatory)
        ctx.addIssue({ code: 'custom', message: 'NotBlank', path: ['attributes', i, 'value'] });
      else if (value.length > ATTRIBUTE_VALUE_MAX) ctx.addIssue({ code: 'custom', message: 'Size', path: ['attributes', i, 'value'] });
    });
    const seen = new Set<string>();
    values.lotRanges.forEach((r, i) => {
      const name = r.name.trim().toLowerCase();
      if (name && seen.has(name))
        ctx.addIssue({ code: 'custom', message: 'products.lotRanges.duplicateName', path: ['lotRanges', i, 'name'] });
      seen.add(name);
    });
  });
}

/** The form values of a product (or of a new one) of a type. */
export function toForm(type: ProductType, product?: Product): ProductFormValues {
  const values = new Map((product?.attributeValues ?? []).map((v) => [v.attributeDefinitionId, v.value]));
  return {
    keyCode: product?.keyCode ?? '',
    publishDate: product?.publishDate ?? null,
    endOfLifeDate: product?.endOfLifeDate ?? '',
    attributes: stringAttributes(type).map((d) => ({ attributeDefinitionId: d.id, value: values.get(d.id) ?? '' })),
    productGroupIds: product?.productGroups.map((g) => g.id) ?? [],
    lotRanges: (product?.lotRanges ?? []).map((r) => ({
      id: r.id,
      version: r.version,
      name: r.name,
      numbers: [...r.numbers],
      archiveDate: r.archiveDate,
      appliesToAll: r.appliesToAll,
    })),
  };
}

/**
 * The values of a new product duplicated from `source` (the form as shown): everything but the key
 * code, which must be new, and the lot ranges, which belong to the original.
 */
export function duplicateValues(source: ProductFormValues): ProductFormValues {
  return {
    keyCode: '',
    publishDate: source.publishDate,
    endOfLifeDate: source.endOfLifeDate,
    attributes: source.attributes.map((a) => ({ ...a })),
    productGroupIds: [...source.productGroupIds],
    lotRanges: [],
  };
}

/** Router state that carries a duplicate to the new-product form. */
export interface DuplicateState {
  duplicate: ProductFormValues;
}

/** The duplicate carried by the router state, fitted to the type's current attributes. */
export function duplicateFromState(type: ProductType, state: unknown): ProductFormValues | undefined {
  const dup = (state as Partial<DuplicateState> | null)?.duplicate;
  if (!dup || typeof dup !== 'object' || !Array.isArray(dup.attributes)) return undefined;
  const values = new Map(dup.attributes.map((a) => [a.attributeDefinitionId, a.value]));
  return {
    ...toForm(type),
    publishDate: typeof dup.publishDate === 'string' ? dup.publishDate : null,
    endOfLifeDate: typeof dup.endOfLifeDate === 'string' ? dup.endOfLifeDate : '',
    attributes: stringAttributes(type).map((d) => ({ attributeDefinitionId: d.id, value: values.get(d.id) ?? '' })),
    productGroupIds: Array.isArray(dup.productGroupIds) ? dup.productGroupIds.filter((id) => typeof id === 'number') : [],
  };
}

/** The create body of the form's values (add id and version to update); empty attribute values are left out. */
export function toBody(type: ProductType, values: ProductFormValues): ProductCreateBody {
  return {
    productTypeId: type.id,
    keyCode: values.keyCode.trim(),
    publishDate: values.publishDate,
    endOfLifeDate: values.endOfLifeDate || null,
    attributeValues: values.attributes
      .map((a) => ({ attributeDefinitionId: a.attributeDefinitionId, value: a.value.trim() }))
      .filter((a) => a.value !== ''),
    productGroupIds: values.productGroupIds,
    lotRanges: values.lotRanges.map((r) => ({
      ...(r.id ? { id: r.id, version: r.version } : {}),
      name: r.name.trim(),
      numbers: r.numbers.map((n) => n.trim()).filter(Boolean),
      archiveDate: r.archiveDate,
      appliesToAll: r.appliesToAll,
    })),
  };
}

/** A field error whose message is already translated text (shown as it is). */
export const TEXT_ERROR = 'text';

const LOT_RANGE_FIELDS = new Set(['name', 'numbers', 'archiveDate']);

/**
 * Puts the errors of a failed save on the form's fields: each server field error (attribute values
 * by their definition, lot ranges by their position), with its catalogue key translated with the
 * error's params; without field errors, a key that names a field. Returns whether anything was placed.
 */
export function applyProductErrors(
  error: unknown,
  setError: UseFormSetError<ProductFormValues>,
  values: ProductFormValues,
  body: ProductCreateBody,
  t: TFunction,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const params = error.appParams ?? {};
  const attributeIndex = (definitionId: unknown) => values.attributes.findIndex((a) => a.attributeDefinitionId === Number(definitionId));
  let placed = false;
  const place = (field: Parameters<typeof setError>[0], message: string) => {
    // a message key (error.product...) is shown translated with the error's params; a code (NotBlank) as codes are
    if (message.includes('.')) setError(field, { type: TEXT_ERROR, message: t(message, { ...params, defaultValue: message }) });
    else setError(field, { type: 'server', message: normaliseFieldCode(message) });
    placed = true;
  };

  for (const fe of error.problem?.fieldErrors ?? []) {
    const [head, index, sub] = fe.field.split('.');
    if (head === 'keyCode' || head === 'publishDate' || head === 'endOfLifeDate' || head === 'productGroupIds') place(head, fe.message);
    else if (head === 'attributeValues') {
      const definitionId =
        index === undefined ? params.attributeDefinitionId : body.attributeValues?.[Number(index)]?.attributeDefinitionId;
      const i = attributeIndex(definitionId);
      if (i >= 0) place(`attributes.${i}.value`, fe.message);
    } else if (head === 'lotRanges') {
      const i = Number(index);
      if (index !== undefined && sub && LOT_RANGE_FIELDS.has(sub) && i >= 0 && i < values.lotRanges.length)
        place(`lotRanges.${i}.${sub as 'name' | 'numbers' | 'archiveDate'}`, fe.message);
      else place('lotRanges', fe.message);
    }
  }
  if (placed) return true;

  const key = error.problem?.message ?? error.appError;
  if (key === CatalogueErrorKeys.keyCodeExists) place('keyCode', key);
  else if (key === CatalogueErrorKeys.productGroupTypeMismatch) place('productGroupIds', key);
  else if (key?.startsWith('error.product.') && attributeIndex(params.attributeDefinitionId) >= 0)
    place(`attributes.${attributeIndex(params.attributeDefinitionId)}.value`, key);
  else if (key?.startsWith('error.lotRange.')) place('lotRanges', key);
  return placed;
}
