import { z } from 'zod';
import { emailSchema, nameText, plainText, secretText, strongPassword } from './common.js';
import { ErrorKeys } from './errors.js';

export const authenticateBody = z.object({
  username: plainText().trim().min(1, 'NotBlank').max(254, 'Size'),
  password: secretText().min(1, 'NotBlank').max(200, 'Size'),
  rememberMe: z.boolean().optional().default(false),
});
export const authenticateResponse = z.object({ id_token: z.string() });

export const accountResponse = z.object({
  id: z.number(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  langKey: z.string(),
  activated: z.boolean(),
  technicalAccount: z.boolean(),
  authenticationMechanism: z.enum(['USERNAME_PASSWORD', 'IMPLICIT_FLOW', 'AUTHORIZATION_CODE_FLOW']),
  authorities: z.array(z.string()),
  passwordExpiresAt: z.string().nullable(),
});
export type Account = z.infer<typeof accountResponse>;

export const accountUpdateBody = z.object({
  firstName: nameText().trim().max(50, 'Size').nullable().optional(),
  lastName: nameText().trim().max(50, 'Size').nullable().optional(),
  email: emailSchema,
  langKey: z.literal('en').default('en'),
});

/** General rights plus, per business unit, the rights held there (unit 0 = global). */
export const authorizationResponse = z.object({
  general: z.array(z.string()),
  businessUnits: z.array(z.object({ businessUnitId: z.number(), rights: z.array(z.string()) })),
});
export type Authorization = z.infer<typeof authorizationResponse>;

export const changePasswordBody = z.object({
  login: plainText().max(254, 'Size').optional(),
  currentPassword: secretText().min(1, 'NotBlank').max(200, 'Size'),
  newPassword: strongPassword,
});

/** Change of an expired password, before sign-in (the sign-in answered 'User credentials have expired'). */
export const changeExpiredPasswordBody = z.object({
  username: plainText().trim().min(1, 'NotBlank').max(254, 'Size'),
  currentPassword: secretText().min(1, 'NotBlank').max(200, 'Size'),
  newPassword: strongPassword,
});

export const resetPasswordInitBody = emailSchema;
export const resetPasswordFinishBody = z.object({
  key: plainText().min(1, 'NotBlank').max(200, 'Size'),
  newPassword: strongPassword,
});

export const managementInfoResponse = z.object({
  activeProfiles: z.array(z.string()),
  'display-ribbon-on-profiles': z.string(),
  version: z.string(),
});

/**
 * Error keys of the account area. The sign-in keys come from the shared catalogue; a deactivated
 * user is answered like wrong credentials (error.authentication) so that the answer does not
 * reveal that the password was right.
 */
export const AuthErrorKeys = {
  authenticationFailed: ErrorKeys.authenticationFailed,
  accountLocked: ErrorKeys.accountLocked,
  credentialsExpired: ErrorKeys.credentialsExpired,
  invalidPassword: ErrorKeys.invalidPassword,
  existingOldPassword: ErrorKeys.existingOldPassword,
  resetKeyInvalid: ErrorKeys.resetKeyInvalid,
  emailAlreadyUsed: ErrorKeys.emailAlreadyUsed,
} as const;

/** Success alerts (x-vellum-alert) of the account area. */
export const AccountAlerts = {
  updated: 'vellumApp.account.updated',
  passwordChanged: 'vellumApp.account.passwordChanged',
  passwordReset: 'vellumApp.account.passwordReset',
} as const;

/** Audit actions of the account area (entity name 'user'). */
export const AccountAuditActions = {
  login: 'LOGIN',
  loginFailed: 'LOGIN_FAILED',
  accountLocked: 'ACCOUNT_LOCKED',
  logout: 'LOGOUT',
  update: 'UPDATE',
  passwordChanged: 'PASSWORD_CHANGED',
  passwordResetRequested: 'PASSWORD_RESET_REQUESTED',
  passwordReset: 'PASSWORD_RESET',
} as const;
