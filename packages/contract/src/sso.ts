import { z } from 'zod';
import { plainText, secretText, versionField } from './common.js';

/** The three single sign-on configurations (spec 000 §3): the admin application, the public website, the customer API. */
export const SSO_CONFIG_KINDS = ['ADMIN', 'PUBLIC', 'CUSTOMER_API'] as const;
export const ssoConfigKindSchema = z.enum(SSO_CONFIG_KINDS);
export type SsoConfigKind = z.infer<typeof ssoConfigKindSchema>;

/** Error keys of single sign-on. */
export const SsoErrorKeys = {
  /** The domain (issuer) must start with https:// ({host}); http:// only for a loopback address. */
  domainScheme: 'error.sso.domainScheme',
  /** An SSO mechanism is chosen in the manufacturer settings: its configuration cannot be disabled. */
  configInUse: 'error.sso.configInUse',
  /** Every failure of an SSO sign-in ('SSO Login Failed'): the reason is in the audit log, never in the answer. */
  loginFailed: 'error.sso.loginFailed',
  /** The identity provider did not answer (or not as an OpenID provider). */
  providerUnreachable: 'error.sso.providerUnreachable',
  /** The sign-in mechanism asked for is not the one the manufacturer settings choose. */
  notEnabled: 'error.sso.notEnabled',
  /** "Test sign-in" needs a saved issuer (domain) and client id of the ADMIN configuration. */
  testIncomplete: 'error.sso.testIncomplete',
} as const;

/** Audit actions of single sign-on (entity names 'ssoConfig' and 'user'). */
export const SsoAuditActions = {
  configUpdated: 'SSO_CONFIG',
  login: 'LOGIN',
  loginFailed: 'SSO_LOGIN_FAILED',
  /** A client secret sealed under SSO_SECRET_KEY_PREVIOUS sealed again under the current key (decision 0074). */
  secretResealed: 'SSO_SECRET_RESEALED',
} as const;

/** The required scheme an SSO domain starts with (the {host} of "SSO domain must start with {host}"). */
export const SSO_DOMAIN_PREFIX = 'https://';

/** A configuration as answered: the client secret never leaves the server, only whether one is stored. */
export const ssoConfigSchema = z.object({
  kind: ssoConfigKindSchema,
  /** The issuer URL (the discovery document is `{domain}/.well-known/openid-configuration`). */
  domain: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  enabled: z.boolean(),
  /** 0 while the configuration was never saved. */
  version: z.number(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;
export const ssoConfigsResponse = z.array(ssoConfigSchema);

export const ssoConfigBody = z.object({
  kind: ssoConfigKindSchema,
  domain: plainText().trim().max(500, 'Size'),
  clientId: plainText().trim().max(255, 'Size'),
  /** Left out: the stored secret is kept; null: removed (a public client with PKCE); a text: replaced. */
  clientSecret: secretText().min(1, 'NotBlank').max(1000, 'Size').nullable().optional(),
  enabled: z.boolean(),
  version: versionField,
});
export type SsoConfigBody = z.infer<typeof ssoConfigBody>;
/** One to three configurations, each kind at most once; kinds left out are unchanged. */
export const ssoConfigsBody = z
  .array(ssoConfigBody)
  .min(1, 'Size')
  .max(SSO_CONFIG_KINDS.length, 'Size')
  .refine((items) => new Set(items.map((i) => i.kind)).size === items.length, 'Unique');

const adminFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/** `GET api/authenticate/sso`: where the browser returns to, and whether it is the admin sign-in (`/admin-login`). */
export const ssoStartQuery = z.object({
  originalURL: plainText().max(2000, 'Size').optional(),
  admin: adminFlag,
});
/** The provider's authorization URL the browser is sent to. */
export const ssoRedirectResponse = z.object({ url: z.string() });

/** The two states of an IMPLICIT_FLOW sign-in (spec 000 §9): `qarad` for the admin sign-in, `client` otherwise. */
export const IMPLICIT_STATES = { admin: 'qarad', staff: 'client' } as const;

/** `GET api/manufacturer/own/openid-auth-url`: whether it is the admin sign-in (`/admin-login`). */
export const openIdAuthUrlQuery = z.object({ admin: adminFlag });
/**
 * The IMPLICIT_FLOW authorization URL (response type id_token, the callback address, state `client` or
 * `qarad`, a nonce) and that nonce, which the browser keeps to send back with the id token.
 */
export const openIdAuthUrlResponse = z.object({ url: z.string(), nonce: z.string() });

/**
 * `POST api/convert-token`: what `/login/callback` received. With AUTHORIZATION_CODE_FLOW `token` is the
 * authorization code and `state` the state the provider sent back; with IMPLICIT_FLOW `token` is the id
 * token, `state` is `client` or `qarad` and `nonce` the one `openid-auth-url` answered.
 */
export const convertTokenBody = z.object({
  token: plainText().min(1, 'NotBlank').max(4000, 'Size'),
  isAdmin: z.boolean().optional().default(false),
  state: plainText().min(1, 'NotBlank').max(200, 'Size').optional(),
  /** The `iss` the provider sent back with the code (RFC 9207), when it sends one. */
  iss: plainText().max(500, 'Size').optional(),
  /** IMPLICIT_FLOW: the nonce the browser kept from `openid-auth-url` (binds the id token to this browser). */
  nonce: plainText().min(1, 'NotBlank').max(200, 'Size').optional(),
});

/**
 * What a test sign-in (settings screen, "Test sign-in") found: what the provider answered and what a
 * real sign-in would do with that answer. `signIn`: it would sign `user` in; the other outcomes are
 * the reasons a real sign-in records in the audit log when it refuses.
 */
export const SSO_TEST_OUTCOMES = [
  'signIn',
  'noEmail',
  'emailNotVerified',
  'unknownUser',
  'deactivated',
  'locked',
  'noIdToken',
  'providerAnswerRefused',
  'unknownState',
  'configChanged',
] as const;
export type SsoTestOutcome = (typeof SSO_TEST_OUTCOMES)[number];

export const ssoTestReportSchema = z.object({
  outcome: z.enum(SSO_TEST_OUTCOMES),
  /** The id token's issuer, subject and e-mail as the provider vouched for them; null when no id token passed the checks. */
  issuer: z.string().nullable(),
  subject: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean().nullable(),
  /** The names of the claims the provider sent (their values stay on the server). */
  claims: z.array(z.string()),
  /** The Vellum user the e-mail matches, whatever the outcome. */
  user: z.object({ id: z.number(), login: z.string(), activated: z.boolean(), ssoOnly: z.boolean() }).nullable(),
  /** The check of the provider's answer that failed, as the OpenID library words it. */
  check: z.string().nullable(),
});
export type SsoTestReport = z.infer<typeof ssoTestReportSchema>;

/** `POST api/manufacturer/own/sso-configs/test-result`: what `/login/callback` received for a test sign-in. */
export const ssoTestResultBody = convertTokenBody.pick({ token: true, state: true, iss: true }).required({ state: true });
