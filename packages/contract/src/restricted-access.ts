import { z } from 'zod';
import { bodyId, emailSchema, idSchema, intInput, pageQuery, searchText, versionField } from './common.js';
import { catalogueNameSchema } from './product-types.js';

/**
 * Restricted access (spec 001 §3 "Restricted (public) user group: name, enabled flag, e-mail
 * addresses, documents" and "Document search access: list of e-mails"; decision 0032): the
 * public-website visitors who may open a unit's restricted documents, and who may use its
 * restricted document search.
 */

/** At most this many e-mail addresses in one group or one search-access list. */
export const MAX_RESTRICTED_EMAILS = 1000;

/**
 * A list of e-mail addresses: each valid (trimmed, lower-case), at most 1,000; duplicates are
 * removed, keeping the first occurrence's place.
 */
export const restrictedEmailsSchema = z
  .array(emailSchema)
  .max(MAX_RESTRICTED_EMAILS, 'Size')
  .transform((emails) => [...new Set(emails)]);

/** The same rule for one address typed in a form (trimmed, lower-case). */
export const restrictedEmailSchema = emailSchema;

export const publicUserGroupDocumentSchema = z.object({ id: z.number(), number: z.string(), name: z.string() });
export type PublicUserGroupDocument = z.infer<typeof publicUserGroupDocumentSchema>;

export const publicUserGroupSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  emails: z.array(z.string()),
  documentIds: z.array(z.number()),
  /** The linked documents, by number. */
  documents: z.array(publicUserGroupDocumentSchema),
  createdDate: z.string(),
  version: z.number(),
});
export type PublicUserGroup = z.infer<typeof publicUserGroupSchema>;

const publicUserGroupFields = {
  businessUnitId: idSchema,
  name: catalogueNameSchema,
  enabled: z.boolean().default(true),
  emails: restrictedEmailsSchema.default([]),
  /** Documents of the same business unit; each once. */
  documentIds: z
    .array(bodyId())
    .max(10_000, 'Size')
    .default([])
    .transform((ids) => [...new Set(ids)]),
};
export const publicUserGroupCreateBody = z.object({ id: z.undefined().or(z.null()).optional(), ...publicUserGroupFields });
export const publicUserGroupUpdateBody = z.object({ id: bodyId(), version: versionField, ...publicUserGroupFields });
export type PublicUserGroupCreateBody = z.input<typeof publicUserGroupCreateBody>;
export type PublicUserGroupUpdateBody = z.input<typeof publicUserGroupUpdateBody>;

/**
 * GET api/public-user-groups?business-unit[&document]: an array with x-total-count; search by name
 * (case-insensitive), sort by name (the default), id, enabled or createdDate.
 */
export const publicUserGroupListQuery = z.object({
  'business-unit': idSchema,
  /** Only the groups this document is restricted to. */
  document: idSchema.optional(),
  search: searchText().optional(),
  page: pageQuery.shape.page,
  size: intInput(1, 2000).default(2000),
  sort: z
    .string()
    .regex(/^(name|id|enabled|createdDate)(,(asc|desc))?$/, 'Pattern')
    .optional(),
});
/** DELETE api/public-user-groups/{id}?unlink-documents=true: also unlink the documents restricted to the group. */
export const publicUserGroupDeleteQuery = z.object({
  'unlink-documents': z.enum(['true', 'false']).default('false'),
});

/** Who may use the unit's restricted document search (version 0 before the first save). */
export const documentSearchAccessSchema = z.object({
  businessUnitId: z.number(),
  emails: z.array(z.string()),
  version: z.number(),
});
export type DocumentSearchAccess = z.infer<typeof documentSearchAccessSchema>;
export const documentSearchAccessQuery = z.object({ 'business-unit': idSchema });
export const documentSearchAccessBody = z.object({ emails: restrictedEmailsSchema, version: versionField });
export type DocumentSearchAccessBody = z.input<typeof documentSearchAccessBody>;

/** Message keys of restricted access (spec 001 §8: "public user group name exists or is linked to documents"; business unit rules). */
export const RestrictedAccessErrorKeys = {
  /** params: { name } */
  groupNameExists: 'error.publicUserGroup.nameExists',
  /** The group is linked to documents; delete with unlink-documents=true. params: { documents } */
  groupLinkedToDocuments: 'error.publicUserGroup.linkedToDocuments',
  /** A document id that names no document of the group's unit. params: { id } */
  documentInvalid: 'error.publicUserGroup.documentInvalid',
  /** The unit's publicUserGroupActive setting is off: groups cannot be created or changed. */
  publicUserGroupsDisabled: 'error.businessUnit.publicUserGroupsDisabled',
  /** publicUserGroupActive cannot be switched off while the unit has groups. params: { groups } */
  publicUserGroupsExist: 'error.businessUnit.publicUserGroupsExist',
} as const;
