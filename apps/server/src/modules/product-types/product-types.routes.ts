import { productTypesApi as api } from '@vellum/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AccessRule, authOf, idIn, type UnitResolver, unitFromBody, unitOfEntity } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { readImageUpload, sendImage } from '../../platform/images.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
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

const CREATED = 'vellumApp.productType.created';
const UPDATED = 'vellumApp.productType.updated';

export const productTypesRoutes: RoutesPlugin = async (app) => {
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

  route(app, api.list, { access: 'authenticated' }, async (req, reply) => {
    const items = await listProductTypes(deps, authOf(req), req.query);
    return sendPage(reply, items, items.length);
  });
  route(app, api.get, { access: 'authenticated' }, (req) => getProductType(deps, authOf(req), req.params.id));
  route(app, api.name, { access: 'authenticated' }, (req) => getProductTypeName(deps, authOf(req), req.params.id));

  route(app, api.create, { access: { right: 'PRODUCT_TYPE_MANAGE', unit: unitFromBody('businessUnitId') } }, async (req, reply) => {
    const type = await createProductType(deps, authOf(req), req.body);
    alert(reply, CREATED, type.name).status(201);
    return type;
  });

  route(app, api.update, { access: { right: 'PRODUCT_TYPE_MANAGE', unit: unitOfBodyType } }, async (req, reply) => {
    const type = await updateProductType(deps, authOf(req), req.body);
    alert(reply, UPDATED, type.name);
    return type;
  });
  route(app, api.updateById, { access: ofType('PRODUCT_TYPE_MANAGE') }, async (req, reply) => {
    const type = await updateProductType(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, type.name);
    return type;
  });

  route(app, api.delete, { access: ofType('PRODUCT_TYPE_DELETE') }, async (req, reply) => {
    const type = await removeProductType(deps, authOf(req), req.params.id);
    return alert(reply, 'vellumApp.productType.deleted', type.name).status(204).send();
  });

  route(app, api.copy, { access: { right: 'PRODUCT_TYPE_MANAGE', unit: unitFromBody('businessUnitId') } }, async (req, reply) => {
    const type = await copyProductType(deps, authOf(req), req.params.id, req.body.businessUnitId);
    alert(reply, CREATED, type.name).status(201);
    return type;
  });

  // images: the reference image and a hero image per audience
  const uploadImage = async (req: FastifyRequest, reply: FastifyReply, id: number, kind: ProductTypeImageKind) => {
    await requireImageTarget(deps, id, kind);
    const image = await readImageUpload(req, 'image');
    const type = await storeImage(deps, authOf(req), id, kind, image);
    alert(reply, UPDATED, type.name);
    return type;
  };
  const readImage = async (req: FastifyRequest, reply: FastifyReply, id: number, kind: ProductTypeImageKind) => {
    const key = await imageKeyOf(deps, authOf(req), id, kind);
    return sendImage(req, reply, deps.files, key, 'productType', { signedIn: true });
  };
  const deleteImage = async (req: FastifyRequest, reply: FastifyReply, id: number, kind: ProductTypeImageKind) => {
    const type = await removeImage(deps, authOf(req), id, kind);
    alert(reply, UPDATED, type.name);
    return type;
  };
  const manage = ofType('PRODUCT_TYPE_MANAGE');
  route(app, api.uploadImage, { access: manage }, (req, reply) => uploadImage(req, reply, req.params.id, 'image'));
  route(app, api.image, { access: 'authenticated' }, (req, reply) => readImage(req, reply, req.params.id, 'image'));
  route(app, api.deleteImage, { access: manage }, (req, reply) => deleteImage(req, reply, req.params.id, 'image'));
  route(app, api.uploadHeroImage, { access: manage }, (req, reply) => uploadImage(req, reply, req.params.id, heroKind(req.query.patient)));
  route(app, api.heroImage, { access: 'authenticated' }, (req, reply) => readImage(req, reply, req.params.id, heroKind(req.query.patient)));
  route(app, api.deleteHeroImage, { access: manage }, (req, reply) => deleteImage(req, reply, req.params.id, heroKind(req.query.patient)));

  route(app, api.attributeDefinitions, { access: 'authenticated' }, async (req, reply) => {
    const items = await listDefinitions(deps, authOf(req), req.query['product-type']);
    return sendPage(reply, items, items.length);
  });

  route(
    app,
    api.deleteAttributeDefinition,
    { access: { right: 'PRODUCT_TYPE_MANAGE', unit: unitOfEntity(db, 'attributeDefinition', unitOfAttributeDefinition) } },
    async (req, reply) => {
      const { type } = await removeDefinition(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.productType.attributeDefinitionDeleted', type.name).status(204).send();
    },
  );
};
