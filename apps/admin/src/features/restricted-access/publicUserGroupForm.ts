import { catalogueNameSchema, type PublicUserGroup, type PublicUserGroupCreateBody, type PublicUserGroupDocument } from '@vellum/contract';
import { z } from 'zod';

export const publicUserGroupFormSchema = z.object({
  name: catalogueNameSchema,
  enabled: z.boolean(),
  // each address is checked as it is added (EmailListEditor); the server checks them again
  emails: z.array(z.string()),
  documents: z.array(z.object({ id: z.number(), number: z.string(), name: z.string() })),
});
export type PublicUserGroupFormValues = {
  name: string;
  enabled: boolean;
  emails: string[];
  documents: PublicUserGroupDocument[];
};

/** A new group: enabled, no addresses, no documents. */
export const toGroupForm = (g?: PublicUserGroup): PublicUserGroupFormValues => ({
  name: g?.name ?? '',
  enabled: g?.enabled ?? true,
  emails: g?.emails ?? [],
  documents: g?.documents ?? [],
});

export const toGroupBody = (businessUnitId: number, v: PublicUserGroupFormValues): PublicUserGroupCreateBody => ({
  businessUnitId,
  name: v.name.trim(),
  enabled: v.enabled,
  emails: v.emails,
  documentIds: v.documents.map((d) => d.id),
});
