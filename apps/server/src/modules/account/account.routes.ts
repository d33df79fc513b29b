import { AccountAlerts, accountApi as api } from '@vellum/contract';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { limitPerAddress, limitPerKey } from '../../platform/rate-limit.js';
import { route } from '../../platform/route.js';
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
  const deps = app.deps;
  const perMinute = deps.config.loginRateLimitPerMinute;

  route(
    app,
    api.authenticate,
    {
      access: 'public',
      onRequest: limitPerAddress(app, 'sign-in:address', perMinute),
      preHandler: [limitPerKey(app, 'sign-in:account', perMinute, bodyField('username')), throttleFailedSignIns(deps)],
    },
    async (req) => authenticate(deps, req.body, req.ip, req.log),
  );

  route(app, api.logout, { access: 'authenticated', inDemo: true }, async (req, reply) => {
    await logout(deps, authOf(req));
    return reply.status(204).send();
  });

  route(app, api.get, { access: 'authenticated' }, async (req) => getAccount(deps, authOf(req)));

  route(app, api.update, { access: 'authenticated' }, async (req, reply) => {
    const account = await updateAccount(deps, authOf(req), req.body);
    alert(reply, AccountAlerts.updated, account.login);
    return account;
  });

  route(app, api.authorization, { access: 'authenticated' }, async (req) => getAuthorization(authOf(req)));

  route(app, api.changePassword, { access: 'authenticated' }, async (req, reply) => {
    await changePassword(deps, authOf(req), req.body);
    alert(reply, AccountAlerts.passwordChanged);
    return reply.status(200).send();
  });

  route(
    app,
    api.changeExpiredPassword,
    {
      access: 'public',
      onRequest: limitPerAddress(app, 'expired-password:address', perMinute),
      preHandler: [limitPerKey(app, 'expired-password:account', perMinute, bodyField('username')), throttleFailedSignIns(deps)],
    },
    async (req, reply) => {
      await changeExpiredPassword(deps, req.body, req.ip, req.log);
      alert(reply, AccountAlerts.passwordChanged);
      return reply.status(200).send();
    },
  );

  route(
    app,
    api.resetPasswordInit,
    {
      access: 'public',
      onRequest: limitPerAddress(app, 'reset-request:address', perMinute),
      preHandler: limitPerKey(app, 'reset-request:email', perMinute, bodyText),
    },
    async (req, reply) => {
      await requestPasswordReset(deps, req.body, req.log);
      return reply.status(200).send();
    },
  );

  route(app, api.resetPasswordFinish, { access: 'public' }, async (req, reply) => {
    await finishPasswordReset(deps, req.body);
    alert(reply, AccountAlerts.passwordReset);
    return reply.status(200).send();
  });
};
