import { ssoApi as api } from '@vellum/contract';
import type { RoutesPlugin } from '../../platform/deps.js';
import { limitPerAddress } from '../../platform/rate-limit.js';
import { route } from '../../platform/route.js';
import { startImplicitSignIn } from './sso-implicit.js';
import { convertToken, startSsoSignIn } from './sso-sign-in.service.js';

export const ssoRoutes: RoutesPlugin = async (app) => {
  const deps = app.deps;
  const perMinute = deps.config.loginRateLimitPerMinute;

  route(app, api.start, { access: 'public', onRequest: limitPerAddress(app, 'sso-start:address', perMinute) }, (req) =>
    startSsoSignIn(deps, req.query),
  );
  route(app, api.openIdAuthUrl, { access: 'public', onRequest: limitPerAddress(app, 'sso-implicit-start:address', perMinute) }, (req) =>
    startImplicitSignIn(deps, req.query),
  );
  route(app, api.convertToken, { access: 'public', onRequest: limitPerAddress(app, 'sso-convert:address', perMinute) }, (req) =>
    convertToken(deps, req.body, req.ip, req.log),
  );
};
