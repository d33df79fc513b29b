import { z } from 'zod';
import { CatalogueErrorKeys as E } from '../catalogue-errors.js';
import { idParams } from '../common.js';
import { ErrorKeys } from '../errors.js';
import {
  attributeDefinitionListQuery,
  attributeDefinitionSchema,
  heroImageQuery,
  productTypeCopyBody,
  productTypeCreateBody,
  productTypeListQuery,
  productTypeNameSchema,
  productTypeSchema,
  productTypeUpdateBody,
} from '../product-types.js';
import { defineRoute } from './define.js';

const tags = ['product-types'];
const READ_DESCRIPTION =
  'Needs PRODUCT_READ, PRODUCT_MANAGE or PRODUCT_TYPE_MANAGE in the business unit of the type; the global types (business unit 0) ' +
  'are also readable with PRODUCT_TYPE_MANAGE in any unit.';
const IMAGE_UPLOAD =
  'multipart/form-data with one PNG, JPEG or SVG file in the field `image` (at most 5 MB; checked by content, SVG sanitised)';
const IMAGE = 'reference image of a product type';
const HERO_IMAGE = 'hero image of a product type for HCP (patient=false) or patients (patient=true)';

/** What the patient-portal and audience rules answer when a type would show patients what the portal does not allow. */
const patientErrors = [E.patientKeyCodeSearchDisabled, E.patientAttributeSearchDisabled, E.noSearchableAttributes] as const;

/** What a create or an update may answer beside validation: the rules of the type and its attribute definitions. */
const writeErrors = [
  E.productTypeNameExists,
  E.productTypeSlugExists,
  E.attributeDefinitionInvalid,
  E.attributeTypeCannotChange,
  E.attributeUniqueCannotChange,
  E.attributeNameExists,
  E.attributeSlugExists,
  E.tooManyLotNumberAttributes,
  E.tooManyStringAttributes,
  E.lotNumbersDisabled,
  ...patientErrors,
] as const;

/** What reading an uploaded image answers beside validation. */
const uploadErrors = [ErrorKeys.notAnImage, ErrorKeys.unsupportedContentType, ErrorKeys.fileTooLarge] as const;

const update = {
  method: 'PUT',
  tags,
  summary: 'Updates a product type; attribute definitions of the body are added (no id or -1) or updated (by id)',
  description:
    'PRODUCT_TYPE_MANAGE in the unit of the type; changing the lot-numbers switch or the status also needs PRODUCT_TYPE_SPECIAL. ' +
    'Definitions left out of the body are kept (delete them with DELETE api/product-type-attribute-definitions/{id}). ' +
    'A stale version answers 409.',
  body: productTypeUpdateBody,
  response: { 200: productTypeSchema },
  errors: [...writeErrors, ErrorKeys.idMismatch],
} as const;

/** The three routes of an image of a type: upload, the saved image for the administration, removal. */
const imageUpload = (what: string) =>
  ({
    method: 'POST',
    tags,
    summary: `Uploads the ${what}`,
    description: IMAGE_UPLOAD,
    params: idParams,
    response: { 200: productTypeSchema },
  }) as const;
const imageRead = (what: string) =>
  ({
    method: 'GET',
    tags,
    summary: `The saved ${what}, for the administration (404 when none)`,
    description: `${READ_DESCRIPTION} The public website shows the image of the live publication at /site/{slug}/media/{key}, never this one (decision 0050).`,
    params: idParams,
  }) as const;
const imageRemoval = (what: string) =>
  ({ method: 'DELETE', tags, summary: `Removes the ${what}`, params: idParams, response: { 200: productTypeSchema } }) as const;

/** The product types of a business unit and their attribute definitions (decision 0009). */
export const productTypesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/product-types',
    tags,
    summary: 'The product types of a business unit (0: the global ones), by name',
    description: `${READ_DESCRIPTION} search matches the name or slug; the total is in x-total-count.`,
    query: productTypeListQuery,
    response: { 200: z.array(productTypeSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/product-types/:id',
    tags,
    summary: 'A product type with its attribute definitions',
    description: READ_DESCRIPTION,
    params: idParams,
    response: { 200: productTypeSchema },
  }),
  name: defineRoute({
    method: 'GET',
    path: '/api/product-types/:id/name',
    tags,
    summary: 'The name of a product type (breadcrumb)',
    description: READ_DESCRIPTION,
    params: idParams,
    response: { 200: productTypeNameSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/product-types',
    tags,
    summary: 'Creates a product type with its attribute definitions',
    description:
      'PRODUCT_TYPE_MANAGE in the business unit; a lot-numbers switch on or a status other than ENABLED also needs PRODUCT_TYPE_SPECIAL.',
    body: productTypeCreateBody,
    response: { 201: productTypeSchema },
    errors: writeErrors,
  }),
  update: defineRoute({ ...update, path: '/api/product-types' }),
  updateById: defineRoute({ ...update, path: '/api/product-types/:id', params: idParams }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/product-types/:id',
    tags,
    summary: 'Deletes a product type with its attribute definitions',
    description: 'Refused (400 error.productType.notEmpty) while it holds products, product groups or lot ranges.',
    params: idParams,
    errors: [E.productTypeNotEmpty],
  }),
  copy: defineRoute({
    method: 'POST',
    path: '/api/product-types/:id/copy',
    tags,
    summary: 'Copies a global product type (business unit 0) with its attribute definitions and images into a business unit',
    description:
      'PRODUCT_TYPE_MANAGE in the target unit. The copy keeps name, slug and settings (conflicts answer error.productType.nameExists ' +
      'or slugExists) and records copiedFromId; a source that is not global answers error.productType.notGlobal.',
    params: idParams,
    body: productTypeCopyBody,
    response: { 201: productTypeSchema },
    errors: [E.productTypeNotGlobal, E.productTypeNameExists, E.productTypeSlugExists, E.patientToggleDisabled, ...patientErrors],
  }),

  // images: the reference image and a hero image per audience
  uploadImage: defineRoute({ ...imageUpload(IMAGE), path: '/api/product-types/:id/image', errors: uploadErrors }),
  image: defineRoute({ ...imageRead(IMAGE), path: '/api/product-types/:id/image' }),
  deleteImage: defineRoute({ ...imageRemoval(IMAGE), path: '/api/product-types/:id/image' }),
  uploadHeroImage: defineRoute({
    ...imageUpload(HERO_IMAGE),
    path: '/api/product-types/:id/heroImage',
    query: heroImageQuery,
    errors: [...uploadErrors, E.patientToggleDisabled],
  }),
  heroImage: defineRoute({ ...imageRead(HERO_IMAGE), path: '/api/product-types/:id/heroImage', query: heroImageQuery }),
  deleteHeroImage: defineRoute({ ...imageRemoval(HERO_IMAGE), path: '/api/product-types/:id/heroImage', query: heroImageQuery }),

  attributeDefinitions: defineRoute({
    method: 'GET',
    path: '/api/product-type-attribute-definitions',
    tags,
    summary: 'The attribute definitions of a product type, by visualisation order',
    description: `${READ_DESCRIPTION} The total is in x-total-count.`,
    query: attributeDefinitionListQuery,
    response: { 200: z.array(attributeDefinitionSchema) },
  }),
  deleteAttributeDefinition: defineRoute({
    method: 'DELETE',
    path: '/api/product-type-attribute-definitions/:id',
    tags,
    summary: 'Deletes an attribute definition of a product type',
    description:
      'PRODUCT_TYPE_MANAGE in the unit of the type. Refused (400 error.productType.attributeDefinitionInUse) while products hold ' +
      'values for it or, for the lot-number attribute, while the type has lot ranges; the type must keep a searchable key code or ' +
      'attribute for every active audience (error.productType.noSearchableAttributes).',
    params: idParams,
    errors: [E.attributeDefinitionInUse, E.noSearchableAttributes],
  }),
};
