import {
  audienceQuery,
  authenticationMechanismQuery,
  authenticationMechanismResponse,
  manufacturerFeaturesSchema,
  manufacturerNameBody,
  manufacturerNameSchema,
  manufacturerSchema,
  manufacturerSettingsBody,
  manufacturerSettingsSchema,
  publicWebsiteUrlSchema,
} from '@vellum/contract';
import { type AccessRule, authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { readImageUpload, sendImage } from '../../platform/images.js';
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

const tags = ['manufacturer'];
const READ: AccessRule = { right: ['MANUFACTURER_READ', 'MANUFACTURER_MANAGE'] };
const MANAGE: AccessRule = { right: 'MANUFACTURER_MANAGE' };
const UPDATED = 'vellumApp.manufacturer.updated';
const imageUpload = (field: string) =>
  `multipart/form-data with one PNG, JPEG or SVG file in the field \`${field}\` (at most 5 MB; checked by content, SVG sanitised)`;

export const manufacturerRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const deps = app.deps;

  r.get(
    '/api/manufacturer/own',
    { config: { access: READ }, schema: { tags, summary: 'The manufacturer with its settings', response: { 200: manufacturerSchema } } },
    () => getManufacturer(deps),
  );

  r.get(
    '/api/manufacturer/own/name',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The manufacturer name (shown on the sign-in page) and its logo URL, null when none is stored',
        response: { 200: manufacturerNameSchema },
      },
    },
    () => getManufacturerName(deps),
  );

  r.put(
    '/api/manufacturer/own/name',
    {
      config: { access: MANAGE },
      schema: { tags, summary: 'Renames the manufacturer', body: manufacturerNameBody, response: { 200: manufacturerSchema } },
    },
    async (req, reply) => {
      const result = await renameManufacturer(deps, authOf(req), req.body.name);
      alert(reply, UPDATED, result.name);
      return result;
    },
  );

  r.get(
    '/api/manufacturer/own/settings',
    { config: { access: READ }, schema: { tags, summary: 'Manufacturer settings', response: { 200: manufacturerSettingsSchema } } },
    () => getSettings(deps),
  );

  r.get(
    '/api/manufacturer/own/features',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The feature switches that shape menus and forms (patient portal, global search, ...), for every signed-in user',
        response: { 200: manufacturerFeaturesSchema },
      },
    },
    async () => manufacturerFeaturesSchema.parse(await getSettings(deps)),
  );

  r.put(
    '/api/manufacturer/own/settings',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Updates the manufacturer settings',
        description: 'Only USERNAME_PASSWORD can be chosen while single sign-on is not configured. A stale version answers 409.',
        body: manufacturerSettingsBody,
        response: { 200: manufacturerSettingsSchema },
      },
    },
    async (req, reply) => {
      const result = await updateSettings(deps, authOf(req), req.body);
      alert(reply, UPDATED);
      return result;
    },
  );

  r.get(
    '/api/manufacturer/own/authentication-mechanism',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'How users sign in (?admin=true: how administrators sign in)',
        querystring: authenticationMechanismQuery,
        response: { 200: authenticationMechanismResponse },
      },
    },
    (req) => getAuthenticationMechanism(deps, req.query.admin),
  );

  r.get(
    '/api/manufacturer/own/public-website-url',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The address of the public website', response: { 200: publicWebsiteUrlSchema } },
    },
    () => getPublicWebsiteUrl(deps),
  );

  r.post(
    '/api/manufacturer/own/logo',
    {
      config: { access: MANAGE },
      schema: { tags, summary: 'Uploads the manufacturer logo', description: imageUpload('logo'), response: { 200: manufacturerSchema } },
    },
    async (req, reply) => {
      const image = await readImageUpload(req, 'logo');
      const result = await storeImage(deps, authOf(req), 'logo', image);
      alert(reply, UPDATED, result.name);
      return result;
    },
  );

  r.get(
    '/api/manufacturer/own/logo',
    {
      // the administration's own brand: the sign-in page shows it before anyone signs in; the public website never does
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The manufacturer logo (404 when none)',
        description: "Public: the administration's sign-in page shows it. It is no content of the public website (decision 0050).",
      },
    },
    async (req, reply) => sendImage(req, reply, deps.files, await imageKey(deps, 'logo'), 'logo'),
  );

  r.put(
    '/api/manufacturer/own/audience-image',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Uploads the image of an audience (HCP or PATIENT)',
        description: imageUpload('image'),
        querystring: audienceQuery,
        response: { 200: manufacturerSchema },
      },
    },
    async (req, reply) => {
      const image = await readImageUpload(req, 'image');
      const result = await storeImage(deps, authOf(req), req.query.audience, image);
      alert(reply, UPDATED, result.name);
      return result;
    },
  );

  r.get(
    '/api/manufacturer/own/audience-image',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'The saved image of an audience, for the administration (404 when none)',
        description: 'MANUFACTURER_READ or MANUFACTURER_MANAGE, as the settings it belongs to (decision 0050).',
        querystring: audienceQuery,
      },
    },
    async (req, reply) => sendImage(req, reply, deps.files, await imageKey(deps, req.query.audience), 'audience-image', { signedIn: true }),
  );
};
