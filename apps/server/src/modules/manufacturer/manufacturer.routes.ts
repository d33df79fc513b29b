import { manufacturerApi as api, manufacturerFeaturesSchema, ssoApi } from '@vellum/contract';
import { type AccessRule, authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { readImageUpload, sendImage } from '../../platform/images.js';
import { route } from '../../platform/route.js';
import { startTestSignIn, testSignInResult } from '../sso/sso-test.service.js';
import {
  getAuthenticationMechanism,
  getManufacturer,
  getManufacturerName,
  getPublicWebsiteUrl,
  getSettings,
  imageKey,
  renameManufacturer,
  storeImage,
  updateSettings,
} from './manufacturer.service.js';
import { getSsoConfigs, updateSsoConfigs } from './sso-config.service.js';

const READ: AccessRule = { right: ['MANUFACTURER_READ', 'MANUFACTURER_MANAGE'] };
const MANAGE: AccessRule = { right: 'MANUFACTURER_MANAGE' };
const SSO_MANAGE: AccessRule = { right: 'MANUFACTURER_SSO_MANAGE' };
const UPDATED = 'vellumApp.manufacturer.updated';

export const manufacturerRoutes: RoutesPlugin = async (app) => {
  const deps = app.deps;

  route(app, api.get, { access: READ }, () => getManufacturer(deps));
  route(app, api.name, { access: 'public' }, () => getManufacturerName(deps));

  route(app, api.rename, { access: MANAGE }, async (req, reply) => {
    const result = await renameManufacturer(deps, authOf(req), req.body.name);
    alert(reply, UPDATED, result.name);
    return result;
  });

  route(app, api.settings, { access: READ }, () => getSettings(deps));
  route(app, api.features, { access: 'authenticated' }, async () => manufacturerFeaturesSchema.parse(await getSettings(deps)));

  route(app, api.updateSettings, { access: MANAGE }, async (req, reply) => {
    const result = await updateSettings(deps, authOf(req), req.body);
    alert(reply, UPDATED);
    return result;
  });

  route(app, api.authenticationMechanism, { access: 'public' }, (req) => getAuthenticationMechanism(deps, req.query.admin));
  route(app, ssoApi.configs, { access: SSO_MANAGE }, () => getSsoConfigs(deps));
  route(app, ssoApi.updateConfigs, { access: SSO_MANAGE }, async (req, reply) => {
    const result = await updateSsoConfigs(deps, authOf(req), req.body);
    alert(reply, UPDATED);
    return result;
  });
  route(app, ssoApi.testSignIn, { access: SSO_MANAGE }, (req) => startTestSignIn(deps, authOf(req).userId));
  route(app, ssoApi.testResult, { access: SSO_MANAGE }, (req) => testSignInResult(deps, authOf(req).userId, req.body, req.log));
  route(app, api.publicWebsiteUrl, { access: 'authenticated' }, () => getPublicWebsiteUrl(deps));

  route(app, api.uploadLogo, { access: MANAGE }, async (req, reply) => {
    const image = await readImageUpload(req, 'logo');
    const result = await storeImage(deps, authOf(req), 'logo', image);
    alert(reply, UPDATED, result.name);
    return result;
  });

  // the administration's own brand: the sign-in page shows it before anyone signs in; the public website never does
  route(app, api.logo, { access: 'public' }, async (req, reply) => sendImage(req, reply, deps.files, await imageKey(deps, 'logo'), 'logo'));

  route(app, api.uploadAudienceImage, { access: MANAGE }, async (req, reply) => {
    const image = await readImageUpload(req, 'image');
    const result = await storeImage(deps, authOf(req), req.query.audience, image);
    alert(reply, UPDATED, result.name);
    return result;
  });

  route(app, api.audienceImage, { access: READ }, async (req, reply) =>
    sendImage(req, reply, deps.files, await imageKey(deps, req.query.audience), 'audience-image', { signedIn: true }),
  );
};
