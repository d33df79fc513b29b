import { z } from 'zod';
import { bodyId, emailSchema, multiLineText, nameSchema, nameText, pageQuery, searchText, strongPassword, versionField } from './common.js';
import { ErrorKeys } from './errors.js';
import { ACCESS_RIGHTS } from './rights.js';

/** Error keys of roles, user groups and users (the shared ones come from ErrorKeys). */
export const AccessErrorKeys = {
  idExists: ErrorKeys.idExists,
  concurrencyFailure: ErrorKeys.concurrencyFailure,
  predefinedRole: ErrorKeys.predefinedRole,
  roleInUse: ErrorKeys.roleInUse,
  roleNameExists: 'error.role.nameExists',
  superAdminGroup: ErrorKeys.superAdminGroup,
  userGroupNameExists: 'error.userGroup.nameExists',
  roleNotFound: 'error.userGroup.roleNotFound',
  businessUnitNotFound: 'error.userGroup.businessUnitNotFound',
  userNotFound: 'error.userGroup.userNotFound',
  userGroupNotFound: 'error.user.userGroupNotFound',
  selfAction: ErrorKeys.selfAction,
  loginAlreadyUsed: ErrorKeys.loginAlreadyUsed,
  emailAlreadyUsed: ErrorKeys.emailAlreadyUsed,
} as const;

/**
 * The id of a create body: accepted by the schema so that the server can answer the specific
 * `error.idexists` when a client sends one.
 */
const createId = z.number().nullable().optional().describe('Leave empty: a create with an id answers 400 error.idexists');

/** An optional case-insensitive, partial text filter. */
const searchField = searchText().optional();

export const ROLE_SORT_FIELDS = ['id', 'name', 'description', 'predefined'] as const;
/** GET api/roles: the whole (small) list, optionally filtered by name and sorted. */
export const roleListQuery = pageQuery.pick({ sort: true }).extend({ search: searchField });

export const USER_GROUP_SORT_FIELDS = ['id', 'name', 'allBusinessUnits', 'superAdmin'] as const;
/** GET api/user-groups: the whole (small) list, optionally filtered by name and sorted. */
export const userGroupListQuery = pageQuery.pick({ sort: true }).extend({ search: searchField });

export const USER_SORT_FIELDS = ['id', 'login', 'email', 'firstName', 'lastName', 'createdDate', 'lastModifiedDate', 'activated'] as const;

export const accessRightSchema = z.enum(ACCESS_RIGHTS);

export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  predefined: z.boolean(),
  accessRights: z.array(z.string()),
  userGroups: z.array(z.object({ id: z.number(), name: z.string() })),
  version: z.number(),
});
export type Role = z.infer<typeof roleSchema>;
export const roleCreateBody = z.object({
  id: createId,
  name: nameSchema,
  /** Plain text (several lines). */
  description: multiLineText().trim().max(255, 'Size').nullable().optional(),
  accessRights: z.array(accessRightSchema).max(ACCESS_RIGHTS.length),
});
export const roleUpdateBody = roleCreateBody.extend({ id: bodyId(), version: versionField });

export const userGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  allBusinessUnits: z.boolean(),
  superAdmin: z.boolean(),
  role: z.object({ id: z.number(), name: z.string() }),
  businessUnits: z.array(z.object({ id: z.number(), displayName: z.string() })),
  users: z.array(z.object({ id: z.number(), login: z.string(), fullName: z.string() })),
  version: z.number(),
});
export type UserGroup = z.infer<typeof userGroupSchema>;
export const userGroupCreateBody = z.object({
  id: createId,
  name: nameSchema,
  allBusinessUnits: z.boolean().default(false),
  roleId: bodyId(),
  businessUnitIds: z.array(bodyId(0)).max(1000).default([]),
  userIds: z.array(bodyId()).max(10000).default([]),
});
export const userGroupUpdateBody = userGroupCreateBody.extend({ id: bodyId(), version: versionField });

export const userSchema = z.object({
  id: z.number(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  activated: z.boolean(),
  locked: z.boolean(),
  technicalAccount: z.boolean(),
  /** Signs in only through single sign-on: password sign-in and password reset are refused. */
  ssoOnly: z.boolean(),
  langKey: z.string(),
  userGroups: z.array(z.object({ id: z.number(), name: z.string() })),
  createdBy: z.string().nullable(),
  createdDate: z.string().nullable(),
  lastModifiedBy: z.string().nullable(),
  lastModifiedDate: z.string().nullable(),
  version: z.number(),
});
export type User = z.infer<typeof userSchema>;
export const loginSchema = nameText()
  .trim()
  .toLowerCase()
  .min(1, 'NotBlank')
  .max(100, 'Size')
  .regex(/^[a-z0-9_.@+-]+$/, 'Pattern');
export const userCreateBody = z.object({
  id: createId,
  login: loginSchema,
  firstName: nameText().trim().max(50, 'Size').nullable().optional(),
  lastName: nameText().trim().max(50, 'Size').nullable().optional(),
  email: emailSchema,
  activated: z.boolean().default(true),
  technicalAccount: z.boolean().default(false),
  ssoOnly: z.boolean().default(false),
  langKey: z.literal('en').default('en'),
  userGroupIds: z.array(bodyId()).max(1000).default([]),
  /** Optional initial password; without it the user receives a mail to choose one. */
  password: strongPassword.optional(),
});
export const userUpdateBody = userCreateBody.omit({ password: true }).extend({
  id: bodyId(),
  version: versionField,
  /** Clears a lock from too many failed sign-ins. */
  unlock: z.boolean().optional(),
});
/** Search on login, e-mail, first or last name (case-insensitive, partial). */
export const userListQuery = z.object({ search: searchField });
/** GET api/users: page, size, sort (USER_SORT_FIELDS) and search; the answer is an array with x-total-count. */
export const userPageQuery = pageQuery.extend(userListQuery.shape);
