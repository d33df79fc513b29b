import {
  catalogueNameSchema,
  DEFAULT_GS1_LINK_TYPE,
  DOCUMENT_TYPE_SORT_MAX,
  DocumentErrorKeys,
  type DocumentType,
  type DocumentTypeCreateBody,
  gs1LinkTypeSchema,
} from '@vellum/contract';
import { z } from 'zod';

export const documentTypeFormSchema = z
  .object({
    name: catalogueNameSchema,
    sortNumber: z.number({ error: 'NotNull' }).int('Pattern').min(0, 'Size').max(DOCUMENT_TYPE_SORT_MAX, 'Size'),
    active: z.boolean(),
    hcp: z.boolean(),
    patient: z.boolean(),
    linkType: gs1LinkTypeSchema,
  })
  // the server's rule, shown on the audience switches before a save
  .refine((v) => v.hcp || v.patient, { path: ['hcp'], error: DocumentErrorKeys.typeNeedsAudience });
export type DocumentTypeFormValues = z.input<typeof documentTypeFormSchema>;

/** A new type: active, for HCPs, GS1 instructions, its sort number left for the user to choose (unique in the unit). */
export const toDocumentTypeForm = (d?: DocumentType): DocumentTypeFormValues => ({
  name: d?.name ?? '',
  sortNumber: d?.sortNumber as number,
  active: d?.active ?? true,
  hcp: d?.hcp ?? true,
  patient: d?.patient ?? false,
  linkType: d?.linkType ?? DEFAULT_GS1_LINK_TYPE,
});

export const toDocumentTypeBody = (businessUnitId: number, v: DocumentTypeFormValues): DocumentTypeCreateBody => ({
  businessUnitId,
  name: v.name.trim(),
  sortNumber: v.sortNumber,
  active: v.active,
  hcp: v.hcp,
  patient: v.patient,
  linkType: v.linkType,
});
