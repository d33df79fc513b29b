import {
  catalogueNameSchema,
  type DocumentAttributeList,
  type DocumentAttributeListBody,
  DocumentErrorKeys,
  documentAttributeSlugSchema,
  MAX_DOCUMENT_ATTRIBUTES,
  searchTypeSchema,
} from '@vellum/contract';
import { z } from 'zod';
import { slugify } from '../product-types';

const rowSchema = z.object({
  /** null for a row not saved yet. */
  id: z.number().nullable(),
  name: catalogueNameSchema,
  slug: documentAttributeSlugSchema,
  unique: z.boolean(),
  mandatory: z.boolean(),
  isActive: z.boolean(),
  searchType: searchTypeSchema,
});
export type DocumentAttributeRow = z.input<typeof rowSchema>;

/** The rows in their order (the order is the visualisation order); names and slugs unique, as the server checks. */
export const documentAttributesFormSchema = z
  .object({ definitions: z.array(rowSchema).max(MAX_DOCUMENT_ATTRIBUTES, 'Size') })
  .superRefine((v, ctx) => {
    const names = new Set<string>();
    const slugs = new Set<string>();
    v.definitions.forEach((d, i) => {
      const name = d.name.trim().toLowerCase();
      if (name && names.has(name))
        ctx.addIssue({ code: 'custom', path: ['definitions', i, 'name'], message: DocumentErrorKeys.attributeNameExists });
      names.add(name);
      if (d.slug && slugs.has(d.slug))
        ctx.addIssue({ code: 'custom', path: ['definitions', i, 'slug'], message: DocumentErrorKeys.attributeSlugExists });
      slugs.add(d.slug);
    });
  });
export type DocumentAttributesFormValues = z.input<typeof documentAttributesFormSchema>;

export const toDocumentAttributesForm = (list: DocumentAttributeList): DocumentAttributesFormValues => ({
  definitions: list.definitions.map(({ id, name, slug, unique, mandatory, isActive, searchType }) => ({
    id,
    name,
    slug,
    unique,
    mandatory,
    isActive,
    searchType,
  })),
});

export const newDocumentAttributeRow = (): DocumentAttributeRow => ({
  id: null,
  name: '',
  slug: '',
  unique: false,
  mandatory: false,
  isActive: true,
  searchType: 'NOT_VISIBLE',
});

/** The PUT body: the rows in order, each row's position its visualisation order. */
export const toDocumentAttributesBody = (version: number, v: DocumentAttributesFormValues): DocumentAttributeListBody => ({
  version,
  definitions: v.definitions.map((d, i) => ({ ...d, name: d.name.trim(), slug: d.slug.trim(), visualizationOrder: i })),
});

/** A new row's slug follows its name (at most 30 characters) until the user edits the slug. */
export function followAttributeSlug(previousName: string, nextName: string, currentSlug: string): string {
  const suggest = (name: string) => slugify(name).slice(0, 30).replace(/-+$/, '');
  return currentSlug === '' || currentSlug === suggest(previousName) ? suggest(nextName) : currentSlug;
}

/** The saved definitions the form no longer lists (the save removes them). */
export const removedDefinitions = (list: DocumentAttributeList, v: DocumentAttributesFormValues) => {
  const kept = new Set(v.definitions.map((d) => d.id));
  return list.definitions.filter((d) => !kept.has(d.id));
};
