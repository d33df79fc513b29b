import { productRemarksApi as api } from '@vellum/contract';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { readRichTextUpload } from '../../platform/rich-text.js';
import { route } from '../../platform/route.js';
import {
  createProductRemark,
  deleteProductRemark,
  getProductRemark,
  listProductRemarks,
  unitOfProductRemark,
  updateProductRemark,
  uploadProductRemarkDocument,
} from './product-remarks.service.js';

const READ_RIGHTS = ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_REMARK_MANAGE'] as const;
const UPDATED = 'vellumApp.productRemark.updated';

export const productRemarksRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const ofRemark = unitOfEntity(() => deps.db, 'productRemark', unitOfProductRemark);
  /** Updates: the unit of the stored remark that the path, or else the body, names. */
  const ofUpdatedRemark = unitOfEntityInPathOrBody(() => deps.db, 'productRemark', unitOfProductRemark);
  const read: AccessRule = { right: [...READ_RIGHTS], unit: ofRemark };
  const update: AccessRule = { right: 'PRODUCT_REMARK_MANAGE', unit: ofUpdatedRemark };

  route(app, api.list, { access: { right: [...READ_RIGHTS], unit: unitFromQuery('business-unit') } }, async (req, reply) => {
    const items = await listProductRemarks(deps, req.query);
    return sendPage(reply, items, items.length);
  });
  route(app, api.get, { access: read }, (req) => getProductRemark(deps, req.params.id));

  route(app, api.create, { access: { right: 'PRODUCT_REMARK_MANAGE', unit: unitFromBody('businessUnitId') } }, async (req, reply) => {
    const remark = await createProductRemark(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.productRemark.created', remark.name).status(201);
    return remark;
  });

  route(app, api.update, { access: update }, async (req, reply) => {
    const remark = await updateProductRemark(deps, authOf(req), req.body);
    alert(reply, UPDATED, remark.name);
    return remark;
  });
  route(app, api.updateById, { access: update }, async (req, reply) => {
    const remark = await updateProductRemark(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, remark.name);
    return remark;
  });

  route(app, api.delete, { access: { right: 'PRODUCT_REMARK_DELETE', unit: ofRemark } }, async (req, reply) => {
    const remark = await deleteProductRemark(deps, authOf(req), req.params.id);
    return alert(reply, 'vellumApp.productRemark.deleted', remark.name).status(204).send();
  });

  route(app, api.uploadRtf, { access: update }, async (req, reply) => {
    const upload = await readRichTextUpload(req, 'file');
    const { name, ...result } = await uploadProductRemarkDocument(deps, authOf(req), req.params.id, upload);
    alert(reply, UPDATED, name);
    return result;
  });
};
