import {
  accountResponse,
  accountUpdateBody,
  authenticateBody,
  authenticateResponse,
  authorizationResponse,
  changeExpiredPasswordBody,
  changePasswordBody,
  AuthErrorKeys as E,
  resetPasswordFinishBody,
  resetPasswordInitBody,
} from '../auth.js';
import { ErrorKeys } from '../errors.js';
import { defineRoute } from './define.js';

const tags = ['account'];

/** The calls made before signing in: no bearer token in the OpenAPI document. */
const noToken = { security: [] } as const;

/** The signed-in user's own account, the sign-in and the password reset (spec 000). */
export const accountApi = {
  authenticate: defineRoute({
    method: 'POST',
    path: '/api/authenticate',
    tags,
    summary: 'Sign in with login or e-mail and password',
    description:
      '401 error.authentication for every failure (wrong password, locked or not; unknown or deactivated user); error.accountLocked only with the right password of a locked account; error.credentialsExpired; 429 when rate limited or when the address must wait after repeated failures (Retry-After).',
    ...noToken,
    body: authenticateBody,
    response: { 200: authenticateResponse },
    errors: [E.authenticationFailed, E.accountLocked, E.credentialsExpired, ErrorKeys.tooManyRequests],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/logout',
    tags,
    summary: 'End the current session server-side',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/account',
    tags,
    summary: 'The signed-in user',
    response: { 200: accountResponse },
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/account',
    tags,
    summary: 'Update own name and e-mail',
    description: '400 error.emailexists when another user has the e-mail.',
    body: accountUpdateBody,
    response: { 200: accountResponse },
    errors: [E.emailAlreadyUsed],
  }),
  authorization: defineRoute({
    method: 'GET',
    path: '/api/authorization',
    tags,
    summary: 'General rights and rights per business unit',
    response: { 200: authorizationResponse },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/account/change-password',
    tags,
    summary: 'Change own password',
    description:
      'login is ignored (always the signed-in user). 400 error.invalidPassword, error.existingOldPassword. Other sessions of the user end.',
    body: changePasswordBody,
    errors: [E.invalidPassword, E.existingOldPassword],
  }),
  changeExpiredPassword: defineRoute({
    method: 'POST',
    path: '/api/account/change-expired-password',
    tags,
    summary: 'Replace an expired password before signing in',
    description:
      'A wrong current password (or an unknown username) counts as a failed sign-in: 400 error.invalidPassword; 401 error.accountLocked only with the right password of a locked account; 400 error.existingOldPassword; 429 like sign-in.',
    ...noToken,
    body: changeExpiredPasswordBody,
    errors: [E.invalidPassword, E.accountLocked, E.existingOldPassword, ErrorKeys.tooManyRequests],
  }),
  /** The e-mail is sent as text/plain (`rawBody`), not as JSON. */
  resetPasswordInit: defineRoute({
    method: 'POST',
    path: '/api/account/reset-password/init',
    tags,
    summary: 'Request a password reset mail',
    description: 'Body: the e-mail as text/plain (or a JSON string). Answers 200 whether or not the address is known.',
    ...noToken,
    consumes: ['text/plain', 'application/json'],
    body: resetPasswordInitBody,
    errors: [ErrorKeys.tooManyRequests],
  }),
  resetPasswordFinish: defineRoute({
    method: 'POST',
    path: '/api/account/reset-password/finish',
    tags,
    summary: 'Choose a new password with the key from the reset mail',
    description: '400 error.resetKeyInvalid (unknown, used or expired key), error.existingOldPassword. Unlocks the account.',
    ...noToken,
    body: resetPasswordFinishBody,
    errors: [E.resetKeyInvalid, E.existingOldPassword],
  }),
};
