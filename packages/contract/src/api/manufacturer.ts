import {
  audienceQuery,
  authenticationMechanismQuery,
  authenticationMechanismResponse,
  OrganisationErrorKeys as E,
  manufacturerFeaturesSchema,
  manufacturerNameBody,
  manufacturerNameSchema,
  manufacturerSchema,
  manufacturerSettingsBody,
  manufacturerSettingsSchema,
  publicWebsiteUrlSchema,
} from '../organisation.js';
import { defineRoute } from './define.js';

const tags = ['manufacturer'];
const imageUpload = (field: string) =>
  `multipart/form-data with one PNG, JPEG or SVG file in the field \`${field}\` (at most 5 MB; checked by content, SVG sanitised)`;
/** What an image upload may answer beside validation: the image checks of platform/images. */
const imageErrors = [E.notAnImage, E.fileTooLarge, E.unsupportedContentType] as const;

/** The manufacturer: its name, settings, feature switches, sign-in mechanism and images (spec 001 §7 "Manufacturer"). */
export const manufacturerApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/manufacturer/own',
    tags,
    summary: 'The manufacturer with its settings',
    response: { 200: manufacturerSchema },
  }),
  name: defineRoute({
    method: 'GET',
    path: '/api/manufacturer/own/name',
    tags,
    summary: 'The manufacturer name (shown on the sign-in page) and its logo URL, null when none is stored',
    response: { 200: manufacturerNameSchema },
  }),
  rename: defineRoute({
    method: 'PUT',
    path: '/api/manufacturer/own/name',
    tags,
    summary: 'Renames the manufacturer',
    body: manufacturerNameBody,
    response: { 200: manufacturerSchema },
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/manufacturer/own/settings',
    tags,
    summary: 'Manufacturer settings',
    response: { 200: manufacturerSettingsSchema },
  }),
  features: defineRoute({
    method: 'GET',
    path: '/api/manufacturer/own/features',
    tags,
    summary: 'The feature switches that shape menus and forms (patient portal, global search, ...), for every signed-in user',
    response: { 200: manufacturerFeaturesSchema },
  }),
  updateSettings: defineRoute({
    method: 'PUT',
    path: '/api/manufacturer/own/settings',
    tags,
    summary: 'Updates the manufacturer settings',
    description:
      'AUTHORIZATION_CODE_FLOW only while the ADMIN single sign-on configuration is enabled (error.manufacturer.ssoNotConfigured otherwise); IMPLICIT_FLOW is not offered yet. A stale version answers 409.',
    body: manufacturerSettingsBody,
    response: { 200: manufacturerSettingsSchema },
    errors: [E.ssoNotConfigured],
  }),
  authenticationMechanism: defineRoute({
    method: 'GET',
    path: '/api/manufacturer/own/authentication-mechanism',
    tags,
    summary: 'How users sign in (?admin=true: how administrators sign in)',
    query: authenticationMechanismQuery,
    response: { 200: authenticationMechanismResponse },
  }),
  publicWebsiteUrl: defineRoute({
    method: 'GET',
    path: '/api/manufacturer/own/public-website-url',
    tags,
    summary: 'The address of the public website',
    response: { 200: publicWebsiteUrlSchema },
  }),
  uploadLogo: defineRoute({
    method: 'POST',
    path: '/api/manufacturer/own/logo',
    tags,
    summary: 'Uploads the manufacturer logo',
    description: imageUpload('logo'),
    response: { 200: manufacturerSchema },
    errors: imageErrors,
  }),
  logo: defineRoute({
    method: 'GET',
    path: '/api/manufacturer/own/logo',
    tags,
    summary: 'The manufacturer logo (404 when none)',
    description: "Public: the administration's sign-in page shows it. It is no content of the public website (decision 0050).",
  }),
  uploadAudienceImage: defineRoute({
    method: 'PUT',
    path: '/api/manufacturer/own/audience-image',
    tags,
    summary: 'Uploads the image of an audience (HCP or PATIENT)',
    description: imageUpload('image'),
    query: audienceQuery,
    response: { 200: manufacturerSchema },
    errors: imageErrors,
  }),
  audienceImage: defineRoute({
    method: 'GET',
    path: '/api/manufacturer/own/audience-image',
    tags,
    summary: 'The saved image of an audience, for the administration (404 when none)',
    description: 'MANUFACTURER_READ or MANUFACTURER_MANAGE, as the settings it belongs to (decision 0050).',
    query: audienceQuery,
  }),
};
