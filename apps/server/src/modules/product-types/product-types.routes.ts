import {
  attributeDefinitionListQuery,
  attributeDefinitionSchema,
  heroImageQuery,
  idParams,
  productTypeCopyBody,
  productTypeCreateBody,
  productTypeListQuery,
  productTypeNameSchema,
  productTypeSchema,
  productTypeUpdateBody,
} from '@vellum/contract';
import { z } from 'zod';
import { type AccessRule, authOf, idIn, type UnitResolver, unitFromBody, unitOfEntity } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { readImageUpload, sendImage } from '../../platform/images.js';
import { sendPage } from '../../platform/paging.js';
import { copyProductType } from './product-type-copy.service.js';
import {
  heroKind,
  imageKeyOf,
  type ProductTypeImageKind,
  removeImage,
  requireImageTarget,
  storeImage,
} from './product-type-images.service.js';
import {
  createProductType,
  getProductType,
  getProductTypeName,
  listDefinitions,
  listProductTypes,
  removeDefinition,
  removeProductType,
  unitOfAttributeDefinition,
  unitOfProductType,
  updateProductType,
} from './product-types.service.js';

const tags = ['product-types'];
const READ_DESCRIPTION =
  'Needs PRODUCT_READ, PRODUCT_MANAGE or PRODUCT_TYPE_MANAGE in the business unit of the type; the global types (business unit 0) ' +
  'are also readable with PRODUCT_TYPE_MANAGE in any unit.';
const CREATED = 'vellumApp.productType.created';
const UPDATED = 'vellumApp.productType.updated';
const IMAGE_UPLOAD =
  'multipart/form-data with one PNG, JPEG or SVG file in the field `image` (at most 5 MB; checked by content, SVG sanitised)';

export const productTypesRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const db = () => deps.db;

  const ofType = (right: 'PRODUCT_TYPE_MANAGE' | 'PRODUCT_TYPE_DELETE'): AccessRule => ({
    right,
    unit: unitOfEntity(db, 'productType', unitOfProductType),
  });
  /** The unit of the stored type the body names (never the body's own businessUnitId). */
  const unitOfBodyType: UnitResolver = async (req) => {
    const unit = await unitOfProductType(db(), idIn(req.body, 'id'));
    if (unit === undefined) throw notFound('productType');
    return unit;
  };

  r.get(
    '/api/product-types',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The product types of a business unit (0: the global ones), by name',
        description: `${READ_DESCRIPTION} search matches the name or slug; the total is in x-total-count.`,
        querystring: productTypeListQuery,
        response: { 200: z.array(productTypeSchema) },
      },
    },
    async (req, reply) => {
      const items = await listProductTypes(deps, authOf(req), req.query);
      return sendPage(reply, items, items.length);
    },
  );

  r.get(
    '/api/product-types/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'A product type with its attribute definitions',
        description: READ_DESCRIPTION,
        params: idParams,
        response: { 200: productTypeSchema },
      },
    },
    (req) => getProductType(deps, authOf(req), req.params.id),
  );

  r.get(
    '/api/product-types/:id/name',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The name of a product type (breadcrumb)',
        description: READ_DESCRIPTION,
        params: idParams,
        response: { 200: productTypeNameSchema },
      },
    },
    (req) => getProductTypeName(deps, authOf(req), req.params.id),
  );

  r.post(
    '/api/product-types',
    {
      config: { access: { right: 'PRODUCT_TYPE_MANAGE', unit: unitFromBody('businessUnitId') } },
      schema: {
        tags,
        summary: 'Creates a product type with its attribute definitions',
        description:
          'PRODUCT_TYPE_MANAGE in the business unit; a lot-numbers switch on or a status other than ENABLED also needs PRODUCT_TYPE_SPECIAL.',
        body: productTypeCreateBody,
        response: { 201: productTypeSchema },
      },
    },
    async (req, reply) => {
      const type = await createProductType(deps, authOf(req), req.body);
      alert(reply, CREATED, type.name).status(201);
      return type;
    },
  );

  const updateSchema = {
    tags,
    summary: 'Updates a product type; attribute definitions of the body are added (no id or -1) or updated (by id)',
    description:
      'PRODUCT_TYPE_MANAGE in the unit of the type; changing the lot-numbers switch or the status also needs PRODUCT_TYPE_SPECIAL. ' +
      'Definitions left out of the body are kept (delete them with DELETE api/product-type-attribute-definitions/{id}). ' +
      'A stale version answers 409.',
    body: productTypeUpdateBody,
    response: { 200: productTypeSchema },
  };
  r.put(
    '/api/product-types',
    { config: { access: { right: 'PRODUCT_TYPE_MANAGE', unit: unitOfBodyType } }, schema: updateSchema },
    async (req, reply) => {
      const type = await updateProductType(deps, authOf(req), req.body);
      alert(reply, UPDATED, type.name);
      return type;
    },
  );
  r.put(
    '/api/product-types/:id',
    { config: { access: ofType('PRODUCT_TYPE_MANAGE') }, schema: { ...updateSchema, params: idParams } },
    async (req, reply) => {
      const type = await updateProductType(deps, authOf(req), req.body, req.params.id);
      alert(reply, UPDATED, type.name);
      return type;
    },
  );

  r.delete(
    '/api/product-types/:id',
    {
      config: { access: ofType('PRODUCT_TYPE_DELETE') },
      schema: {
        tags,
        summary: 'Deletes a product type with its attribute definitions',
        description: 'Refused (400 error.productType.notEmpty) while it holds products, product groups or lot ranges.',
        params: idParams,
      },
    },
    async (req, reply) => {
      const type = await removeProductType(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.productType.deleted', type.name).status(204).send();
    },
  );

  r.post(
    '/api/product-types/:id/copy',
    {
      config: { access: { right: 'PRODUCT_TYPE_MANAGE', unit: unitFromBody('businessUnitId') } },
      schema: {
        tags,
        summary: 'Copies a global product type (business unit 0) with its attribute definitions and images into a business unit',
        description:
          'PRODUCT_TYPE_MANAGE in the target unit. The copy keeps name, slug and settings (conflicts answer error.productType.nameExists ' +
          'or slugExists) and records copiedFromId; a source that is not global answers error.productType.notGlobal.',
        params: idParams,
        body: productTypeCopyBody,
        response: { 201: productTypeSchema },
      },
    },
    async (req, reply) => {
      const type = await copyProductType(deps, authOf(req), req.params.id, req.body.businessUnitId);
      alert(reply, CREATED, type.name).status(201);
      return type;
    },
  );

  // images: the reference image and a hero image per audience
  const imageRoutes = (path: string, what: string, kindOf: (query: { patient: boolean }) => ProductTypeImageKind) => {
    const query = path === 'heroImage' ? { querystring: heroImageQuery } : {};
    r.post(
      `/api/product-types/:id/${path}`,
      {
        config: { access: ofType('PRODUCT_TYPE_MANAGE') },
        schema: {
          tags,
          summary: `Uploads the ${what}`,
          description: IMAGE_UPLOAD,
          params: idParams,
          ...query,
          response: { 200: productTypeSchema },
        },
      },
      async (req, reply) => {
        const kind = kindOf(req.query as { patient: boolean });
        await requireImageTarget(deps, req.params.id, kind);
        const image = await readImageUpload(req, 'image');
        const type = await storeImage(deps, authOf(req), req.params.id, kind, image);
        alert(reply, UPDATED, type.name);
        return type;
      },
    );
    r.get(
      `/api/product-types/:id/${path}`,
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: `The saved ${what}, for the administration (404 when none)`,
          description: `${READ_DESCRIPTION} The public website shows the image of the live publication at /site/{slug}/media/{key}, never this one (decision 0050).`,
          params: idParams,
          ...query,
        },
      },
      async (req, reply) => {
        const key = await imageKeyOf(deps, authOf(req), req.params.id, kindOf(req.query as { patient: boolean }));
        return sendImage(req, reply, deps.files, key, 'productType', { signedIn: true });
      },
    );
    r.delete(
      `/api/product-types/:id/${path}`,
      {
        config: { access: ofType('PRODUCT_TYPE_MANAGE') },
        schema: { tags, summary: `Removes the ${what}`, params: idParams, ...query, response: { 200: productTypeSchema } },
      },
      async (req, reply) => {
        const type = await removeImage(deps, authOf(req), req.params.id, kindOf(req.query as { patient: boolean }));
        alert(reply, UPDATED, type.name);
        return type;
      },
    );
  };
  imageRoutes('image', 'reference image of a product type', () => 'image');
  imageRoutes('heroImage', 'hero image of a product type for HCP (patient=false) or patients (patient=true)', (q) => heroKind(q.patient));

  r.get(
    '/api/product-type-attribute-definitions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The attribute definitions of a product type, by visualisation order',
        description: `${READ_DESCRIPTION} The total is in x-total-count.`,
        querystring: attributeDefinitionListQuery,
        response: { 200: z.array(attributeDefinitionSchema) },
      },
    },
    async (req, reply) => {
      const items = await listDefinitions(deps, authOf(req), req.query['product-type']);
      return sendPage(reply, items, items.length);
    },
  );

  r.delete(
    '/api/product-type-attribute-definitions/:id',
    {
      config: { access: { right: 'PRODUCT_TYPE_MANAGE', unit: unitOfEntity(db, 'attributeDefinition', unitOfAttributeDefinition) } },
      schema: {
        tags,
        summary: 'Deletes an attribute definition of a product type',
        description:
          'PRODUCT_TYPE_MANAGE in the unit of the type. Refused (400 error.productType.attributeDefinitionInUse) while products hold ' +
          'values for it or, for the lot-number attribute, while the type has lot ranges; the type must keep a searchable key code or ' +
          'attribute for every active audience (error.productType.noSearchableAttributes).',
        params: idParams,
      },
    },
    async (req, reply) => {
      const { type } = await removeDefinition(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.productType.attributeDefinitionDeleted', type.name).status(204).send();
    },
  );
};
