import {
  idParams,
  productRemarkCreateBody,
  productRemarkListQuery,
  productRemarkRtfSchema,
  productRemarkSchema,
  productRemarkUpdateBody,
} from '@vellum/contract';
import { z } from 'zod';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { readRichTextUpload } from '../../platform/rich-text.js';
import {
  createProductRemark,
  deleteProductRemark,
  getProductRemark,
  listProductRemarks,
  unitOfProductRemark,
  updateProductRemark,
  uploadProductRemarkDocument,
} from './product-remarks.service.js';

const tags = ['product-remarks'];
const READ_RIGHTS = ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_REMARK_MANAGE'] as const;
const UPDATED = 'vellumApp.productRemark.updated';

export const productRemarksRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const ofRemark = unitOfEntity(() => deps.db, 'productRemark', unitOfProductRemark);
  /** Updates: the unit of the stored remark that the path, or else the body, names. */
  const ofUpdatedRemark = unitOfEntityInPathOrBody(() => deps.db, 'productRemark', unitOfProductRemark);
  const read: AccessRule = { right: [...READ_RIGHTS], unit: ofRemark };
  const update: AccessRule = { right: 'PRODUCT_REMARK_MANAGE', unit: ofUpdatedRemark };

  r.get(
    '/api/product-remarks',
    {
      config: { access: { right: [...READ_RIGHTS], unit: unitFromQuery('business-unit') } },
      schema: {
        tags,
        summary: 'The product remarks of a business unit, by visualisation order, then name',
        description: 'search matches the name (case-insensitive); the total is in x-total-count.',
        querystring: productRemarkListQuery,
        response: { 200: z.array(productRemarkSchema) },
      },
    },
    async (req, reply) => {
      const items = await listProductRemarks(deps, req.query);
      return sendPage(reply, items, items.length);
    },
  );

  r.get(
    '/api/product-remarks/:id',
    { config: { access: read }, schema: { tags, summary: 'A product remark', params: idParams, response: { 200: productRemarkSchema } } },
    (req) => getProductRemark(deps, req.params.id),
  );

  r.post(
    '/api/product-remarks',
    {
      config: { access: { right: 'PRODUCT_REMARK_MANAGE', unit: unitFromBody('businessUnitId') } },
      schema: {
        tags,
        summary: 'Creates a product remark',
        description: 'The name is unique in the business unit (error.productRemark.nameExists); the content is sanitised rich text.',
        body: productRemarkCreateBody,
        response: { 201: productRemarkSchema },
      },
    },
    async (req, reply) => {
      const remark = await createProductRemark(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.productRemark.created', remark.name).status(201);
      return remark;
    },
  );

  const updateSchema = {
    tags,
    summary: 'Updates a product remark',
    description: 'The business unit cannot change; the content is sanitised; a stale version answers 409.',
    body: productRemarkUpdateBody,
    response: { 200: productRemarkSchema },
  };
  r.put('/api/product-remarks', { config: { access: update }, schema: updateSchema }, async (req, reply) => {
    const remark = await updateProductRemark(deps, authOf(req), req.body);
    alert(reply, UPDATED, remark.name);
    return remark;
  });
  r.put('/api/product-remarks/:id', { config: { access: update }, schema: { ...updateSchema, params: idParams } }, async (req, reply) => {
    const remark = await updateProductRemark(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, remark.name);
    return remark;
  });

  r.delete(
    '/api/product-remarks/:id',
    {
      config: { access: { right: 'PRODUCT_REMARK_DELETE', unit: ofRemark } },
      schema: { tags, summary: 'Deletes a product remark and its links to product groups', params: idParams },
    },
    async (req, reply) => {
      const remark = await deleteProductRemark(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.productRemark.deleted', remark.name).status(204).send();
    },
  );

  r.post(
    '/api/product-remarks/:id/rtf',
    {
      config: { access: update },
      schema: {
        tags,
        summary: 'Uploads a rich-text document as the content of a product remark',
        description:
          'multipart/form-data with one HTML (text/html) or plain-text (text/plain) document in the field `file`, at most 1 MB. ' +
          'The original is kept in the file store (cloudStorageObjectKey); its sanitised HTML becomes the content. ' +
          'Other content types answer 415 error.unsupportedContentType.',
        params: idParams,
        response: { 200: productRemarkRtfSchema },
      },
    },
    async (req, reply) => {
      const upload = await readRichTextUpload(req, 'file');
      const { name, ...result } = await uploadProductRemarkDocument(deps, authOf(req), req.params.id, upload);
      alert(reply, UPDATED, name);
      return result;
    },
  );
};
