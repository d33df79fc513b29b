import { websiteLayoutApi as api } from '@vellum/contract';
import { authOf, unitFromParam, unitFromQuery, unitOfEntity } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { SVG_CSP } from '../../platform/images.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { listContentBlocks, replaceContentBlocks } from './content-blocks.service.js';
import { deleteFooterItems, listFooterItems, replaceFooterItems } from './footer-items.service.js';
import {
  deletePublicResource,
  findResourceContent,
  listPublicResources,
  unitOfPublicResource,
  uploadPublicResource,
} from './public-resources.service.js';
import { readResourceUpload } from './resource-upload.js';

const READ = ['LAYOUT_MANAGE', 'TRANSLATION'] as const;
const ofQuery = unitFromQuery('business-unit');

export const websiteLayoutRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  // ---- footer items
  route(app, api.footerItems, { access: { right: [...READ], unit: ofQuery } }, async (req, reply) => {
    const items = await listFooterItems(deps.db, req.query['business-unit']);
    return sendPage(reply, items, items.length);
  });
  route(app, api.replaceFooterItems, { access: { right: 'LAYOUT_MANAGE', unit: ofQuery } }, async (req, reply) => {
    const items = await replaceFooterItems(deps, authOf(req), req.query['business-unit'], req.body);
    alert(reply, 'vellumApp.footerItem.updated', req.query['business-unit']);
    return items;
  });
  route(app, api.deleteFooterItems, { access: { right: 'LAYOUT_MANAGE', unit: ofQuery } }, async (req, reply) => {
    await deleteFooterItems(deps, authOf(req), req.query['business-unit']);
    return alert(reply, 'vellumApp.footerItem.deleted', req.query['business-unit']).status(204).send();
  });

  // ---- content blocks
  route(app, api.contentBlocks, { access: { right: [...READ], unit: ofQuery } }, async (req, reply) => {
    const blocks = await listContentBlocks(deps.db, req.query['business-unit']);
    return sendPage(reply, blocks, blocks.length);
  });
  route(app, api.replaceContentBlocks, { access: { right: 'LAYOUT_MANAGE', unit: ofQuery } }, async (req, reply) => {
    const blocks = await replaceContentBlocks(deps, authOf(req), req.query['business-unit'], req.body);
    alert(reply, 'vellumApp.contentBlock.updated', req.query['business-unit']);
    return blocks;
  });

  // ---- public resources
  route(app, api.publicResources, { access: { right: [...READ], unit: ofQuery } }, async (req, reply) => {
    const items = await listPublicResources(deps.db, req.query['business-unit']);
    return sendPage(reply, items, items.length);
  });
  route(app, api.uploadPublicResource, { access: { right: 'LAYOUT_MANAGE', unit: ofQuery } }, async (req, reply) => {
    const upload = await readResourceUpload(req);
    const { resource, replaced } = await uploadPublicResource(deps, authOf(req), req.query['business-unit'], upload);
    alert(reply, replaced ? 'vellumApp.publicResource.updated' : 'vellumApp.publicResource.created', resource.name);
    return reply.status(replaced ? 200 : 201).send(resource);
  });
  route(
    app,
    api.deletePublicResource,
    { access: { right: 'LAYOUT_MANAGE', unit: unitOfEntity(() => deps.db, 'publicResource', unitOfPublicResource) } },
    async (req, reply) => {
      const resource = await deletePublicResource(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.publicResource.deleted', resource.name).status(204).send();
    },
  );
  route(app, api.publicResourceContent, { access: { right: [...READ], unit: unitFromParam('id') } }, async (req, reply) => {
    const { row, data } = await findResourceContent(deps, req.params.id, req.params.name);
    const etag = `"${row.sha256.slice(0, 16)}"`;
    reply
      .header('Content-Type', row.mediaType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-cache')
      .header('ETag', etag)
      .header('Cross-Origin-Resource-Policy', 'same-origin');
    if (row.mediaType === 'image/svg+xml') reply.header('Content-Security-Policy', SVG_CSP);
    if (row.mediaType === 'application/pdf') reply.header('Content-Disposition', `inline; filename="${row.name}"`);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(data);
  });
};
