import {
  AccountAlerts,
  accountResponse,
  accountUpdateBody,
  authenticateBody,
  authenticateResponse,
  authorizationResponse,
  changeExpiredPasswordBody,
  changePasswordBody,
  resetPasswordFinishBody,
  resetPasswordInitBody,
} from '@vellum/contract';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { limitPerAddress, limitPerKey } from '../../platform/rate-limit.js';
import { changePassword, getAccount, getAuthorization, updateAccount } from './account.service.js';
import { throttleFailedSignIns } from './login-throttle.js';
import { finishPasswordReset, requestPasswordReset } from './password-reset.service.js';
import { authenticate, changeExpiredPassword, logout } from './sign-in.service.js';

const bodyField = (name: string) => (req: FastifyRequest) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.trim().toLowerCase() : undefined;
};
const bodyText = (req: FastifyRequest) => (typeof req.body === 'string' ? req.body.trim().toLowerCase() : undefined);

export const accountRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const deps = app.deps;
  const perMinute = deps.config.loginRateLimitPerMinute;

  r.post(
    '/api/authenticate',
    {
      config: { access: 'public' },
      onRequest: limitPerAddress(app, perMinute),
      preHandler: [limitPerKey(app, perMinute, bodyField('username')), throttleFailedSignIns(deps)],
      schema: {
        tags: ['account'],
        summary: 'Sign in with login or e-mail and password',
        description:
          '401 error.authentication for every failure (wrong password, locked or not; unknown or deactivated user); error.accountLocked only with the right password of a locked account; error.credentialsExpired; 429 when rate limited or when the address must wait after repeated failures (Retry-After).',
        security: [],
        body: authenticateBody,
        response: { 200: authenticateResponse },
      },
    },
    async (req) => authenticate(deps, req.body, req.ip, req.log),
  );

  r.post(
    '/api/logout',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['account'], summary: 'End the current session server-side' },
    },
    async (req, reply) => {
      await logout(deps, authOf(req));
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/account',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: accountResponse } },
    },
    async (req) => getAccount(deps, authOf(req)),
  );

  r.post(
    '/api/account',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: 'Update own name and e-mail',
        description: '400 error.emailexists when another user has the e-mail.',
        body: accountUpdateBody,
        response: { 200: accountResponse },
      },
    },
    async (req, reply) => {
      const account = await updateAccount(deps, authOf(req), req.body);
      alert(reply, AccountAlerts.updated, account.login);
      return account;
    },
  );

  r.get(
    '/api/authorization',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['account'], summary: 'General rights and rights per business unit', response: { 200: authorizationResponse } },
    },
    async (req) => getAuthorization(authOf(req)),
  );

  r.post(
    '/api/account/change-password',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: 'Change own password',
        description:
          'login is ignored (always the signed-in user). 400 error.invalidPassword, error.existingOldPassword. Other sessions of the user end.',
        body: changePasswordBody,
      },
    },
    async (req, reply) => {
      await changePassword(deps, authOf(req), req.body);
      alert(reply, AccountAlerts.passwordChanged);
      return reply.status(200).send();
    },
  );

  r.post(
    '/api/account/change-expired-password',
    {
      config: { access: 'public' },
      onRequest: limitPerAddress(app, perMinute),
      preHandler: [limitPerKey(app, perMinute, bodyField('username')), throttleFailedSignIns(deps)],
      schema: {
        tags: ['account'],
        summary: 'Replace an expired password before signing in',
        description:
          'A wrong current password (or an unknown username) counts as a failed sign-in: 400 error.invalidPassword; 401 error.accountLocked only with the right password of a locked account; 400 error.existingOldPassword; 429 like sign-in.',
        security: [],
        body: changeExpiredPasswordBody,
      },
    },
    async (req, reply) => {
      await changeExpiredPassword(deps, req.body, req.ip, req.log);
      alert(reply, AccountAlerts.passwordChanged);
      return reply.status(200).send();
    },
  );

  r.post(
    '/api/account/reset-password/init',
    {
      config: { access: 'public' },
      onRequest: limitPerAddress(app, perMinute),
      preHandler: limitPerKey(app, perMinute, bodyText),
      schema: {
        tags: ['account'],
        summary: 'Request a password reset mail',
        description: 'Body: the e-mail as text/plain (or a JSON string). Answers 200 whether or not the address is known.',
        security: [],
        consumes: ['text/plain', 'application/json'],
        body: resetPasswordInitBody,
      },
    },
    async (req, reply) => {
      await requestPasswordReset(deps, req.body, req.log);
      return reply.status(200).send();
    },
  );

  r.post(
    '/api/account/reset-password/finish',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Choose a new password with the key from the reset mail',
        description: '400 error.resetKeyInvalid (unknown, used or expired key), error.existingOldPassword. Unlocks the account.',
        security: [],
        body: resetPasswordFinishBody,
      },
    },
    async (req, reply) => {
      await finishPasswordReset(deps, req.body);
      alert(reply, AccountAlerts.passwordReset);
      return reply.status(200).send();
    },
  );
};
