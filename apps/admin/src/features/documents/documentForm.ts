import {
  ATTRIBUTE_VALUE_MAX,
  type Document,
  type DocumentAttributeDefinition,
  type DocumentCreateBody,
  documentNameSchema,
  documentNumberSchema,
  textFault,
} from '@vellum/contract';
import { z } from 'zod';

/** The form's key of a definition's value (react-hook-form paths need a non-numeric key). */
export const valueKey = (definitionId: number) => `d${definitionId}`;

/** The definitions the form shows: the unit's active ones, in their visualisation order. */
export const formDefinitions = (definitions: readonly DocumentAttributeDefinition[]) => definitions.filter((d) => d.isActive);

const valueText = (mandatory: boolean) => {
  const base = z.string().trim();
  return (mandatory ? base.min(1, 'NotBlank') : base)
    .max(ATTRIBUTE_VALUE_MAX, 'Size')
    .refine((s) => textFault(s, { name: true }) === undefined, 'Pattern');
};

/** The form's schema for the unit's definitions: mandatory active ones need a value. */
export function documentFormSchema(definitions: readonly DocumentAttributeDefinition[]) {
  return z.object({
    number: documentNumberSchema,
    name: documentNameSchema,
    documentTypeId: z.string({ error: 'NotNull' }).min(1, 'NotNull'),
    values: z.object(Object.fromEntries(formDefinitions(definitions).map((d) => [valueKey(d.id), valueText(d.mandatory)]))),
    productGroupIds: z.array(z.number()),
    productIds: z.array(z.number()),
  });
}
export interface DocumentFormValues {
  number: string;
  name: string;
  documentTypeId: string | null;
  values: Record<string, string>;
  productGroupIds: number[];
  productIds: number[];
}

export function toDocumentForm(definitions: readonly DocumentAttributeDefinition[], d?: Document): DocumentFormValues {
  return {
    number: d?.number ?? '',
    name: d?.name ?? '',
    documentTypeId: d ? String(d.documentTypeId) : null,
    values: Object.fromEntries(
      formDefinitions(definitions).map((def) => [
        valueKey(def.id),
        d?.attributeValues.find((v) => v.attributeDefinitionId === def.id)?.value ?? '',
      ]),
    ),
    productGroupIds: d?.productGroupIds ?? [],
    productIds: d?.productIds ?? [],
  };
}

/**
 * The body of a save: the values filled in for active definitions, and the stored values of
 * inactive definitions unchanged (the form does not show them, a save must not drop them).
 */
export function toDocumentBody(
  businessUnitId: number,
  definitions: readonly DocumentAttributeDefinition[],
  v: DocumentFormValues,
  stored?: Document,
): DocumentCreateBody {
  const shown = formDefinitions(definitions);
  const shownIds = new Set(shown.map((d) => d.id));
  const attributeValues = shown.flatMap((d) => {
    const value = (v.values[valueKey(d.id)] ?? '').trim();
    return value ? [{ attributeDefinitionId: d.id, value }] : [];
  });
  for (const kept of stored?.attributeValues ?? []) {
    if (!shownIds.has(kept.attributeDefinitionId)) attributeValues.push(kept);
  }
  return {
    businessUnitId,
    number: v.number.trim(),
    name: v.name.trim(),
    documentTypeId: Number(v.documentTypeId),
    attributeValues,
    productGroupIds: v.productGroupIds,
    productIds: v.productIds,
  };
}
