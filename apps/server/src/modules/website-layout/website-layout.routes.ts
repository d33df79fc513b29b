import {
  contentBlockSchema,
  contentBlocksBody,
  footerItemSchema,
  footerItemsBody,
  idParams,
  publicResourceContentParams,
  publicResourceSchema,
  unitQuery,
} from '@vellum/contract';
import { z } from 'zod';
import { authOf, unitFromParam, unitFromQuery, unitOfEntity } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { SVG_CSP } from '../../platform/images.js';
import { sendPage } from '../../platform/paging.js';
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
  const r = typed(app);
  const { deps } = app;

  // ---- footer items
  const footerTags = ['footer-items'];
  r.get(
    '/api/footer-items',
    {
      config: { access: { right: [...READ], unit: ofQuery } },
      schema: {
        tags: footerTags,
        summary: 'The footer items of a unit (unit 0: the manufacturer-wide footer), by visualisation order',
        querystring: unitQuery,
        response: { 200: z.array(footerItemSchema) },
      },
    },
    async (req, reply) => {
      const items = await listFooterItems(deps.db, req.query['business-unit']);
      return sendPage(reply, items, items.length);
    },
  );
  r.put(
    '/api/footer-items',
    {
      config: { access: { right: 'LAYOUT_MANAGE', unit: ofQuery } },
      schema: {
        tags: footerTags,
        summary: "Replaces the unit's footer items with the list sent",
        description:
          'Items with an id are kept (updated), the others are added, items left out are deleted. At most 20; every ' +
          'visualisation order once; every item of the unit of the query; an empty text refuses the whole list. ' +
          'Errors: error.footerItem.{emptyList,tooMany,duplicateOrder,differentBusinessUnits,notFound}.',
        querystring: unitQuery,
        body: footerItemsBody,
        response: { 200: z.array(footerItemSchema) },
      },
    },
    async (req, reply) => {
      const items = await replaceFooterItems(deps, authOf(req), req.query['business-unit'], req.body);
      alert(reply, 'vellumApp.footerItem.updated', req.query['business-unit']);
      return items;
    },
  );
  r.delete(
    '/api/footer-items',
    {
      config: { access: { right: 'LAYOUT_MANAGE', unit: ofQuery } },
      schema: { tags: footerTags, summary: "Deletes the unit's footer items (it then shows the manufacturer's)", querystring: unitQuery },
    },
    async (req, reply) => {
      await deleteFooterItems(deps, authOf(req), req.query['business-unit']);
      return alert(reply, 'vellumApp.footerItem.deleted', req.query['business-unit']).status(204).send();
    },
  );

  // ---- content blocks
  const blockTags = ['content-blocks'];
  r.get(
    '/api/content-blocks',
    {
      config: { access: { right: [...READ], unit: ofQuery } },
      schema: {
        tags: blockTags,
        summary: 'The content blocks of a unit (unit 0: manufacturer-wide)',
        querystring: unitQuery,
        response: { 200: z.array(contentBlockSchema) },
      },
    },
    async (req, reply) => {
      const blocks = await listContentBlocks(deps.db, req.query['business-unit']);
      return sendPage(reply, blocks, blocks.length);
    },
  );
  r.put(
    '/api/content-blocks',
    {
      config: { access: { right: 'LAYOUT_MANAGE', unit: ofQuery } },
      schema: {
        tags: blockTags,
        summary: "Replaces the unit's content blocks with the list sent (an empty list removes them)",
        description:
          'One block per type and product type; PRODUCT_TYPE_HEADER and PRODUCT_TYPE_FOOTER may name a product type of the unit ' +
          '(none: every product type), PRODUCT_TYPE_SELECTION_HEADER never; hcp or patient; content sanitised rich text.',
        querystring: unitQuery,
        body: contentBlocksBody,
        response: { 200: z.array(contentBlockSchema) },
      },
    },
    async (req, reply) => {
      const blocks = await replaceContentBlocks(deps, authOf(req), req.query['business-unit'], req.body);
      alert(reply, 'vellumApp.contentBlock.updated', req.query['business-unit']);
      return blocks;
    },
  );

  // ---- public resources
  const resourceTags = ['public-resources'];
  r.get(
    '/api/public-resources',
    {
      config: { access: { right: [...READ], unit: ofQuery } },
      schema: {
        tags: resourceTags,
        summary: 'The public resources of a unit, by name',
        querystring: unitQuery,
        response: { 200: z.array(publicResourceSchema) },
      },
    },
    async (req, reply) => {
      const items = await listPublicResources(deps.db, req.query['business-unit']);
      return sendPage(reply, items, items.length);
    },
  );
  r.post(
    '/api/public-resources',
    {
      config: { access: { right: 'LAYOUT_MANAGE', unit: ofQuery } },
      schema: {
        tags: resourceTags,
        summary: 'Uploads a public resource of the unit (or new content for one)',
        description:
          'multipart/form-data: the file in `file` (PNG, JPEG, SVG, WebP, WOFF, WOFF2 or PDF by its content, at most 5 MB; SVG ' +
          'sanitised), the name in `name` (else the file name: letters, digits, . _ -, with the extension of the content, unique ' +
          'in the unit), and `id` to replace the content of that resource keeping its name. The CSS references it as ' +
          '`url(resources/<name>)`.',
        querystring: unitQuery,
        response: { 201: publicResourceSchema, 200: publicResourceSchema },
      },
    },
    async (req, reply) => {
      const upload = await readResourceUpload(req);
      const { resource, replaced } = await uploadPublicResource(deps, authOf(req), req.query['business-unit'], upload);
      alert(reply, replaced ? 'vellumApp.publicResource.updated' : 'vellumApp.publicResource.created', resource.name);
      return reply.status(replaced ? 200 : 201).send(resource);
    },
  );
  r.delete(
    '/api/public-resources/:id',
    {
      config: { access: { right: 'LAYOUT_MANAGE', unit: unitOfEntity(() => deps.db, 'publicResource', unitOfPublicResource) } },
      schema: {
        tags: resourceTags,
        summary: "Deletes a public resource the unit's CSS does not reference (error.publicResource.inUse)",
        params: idParams,
      },
    },
    async (req, reply) => {
      const resource = await deletePublicResource(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.publicResource.deleted', resource.name).status(204).send();
    },
  );
  r.get(
    '/api/business-units/:id/resources/:name',
    {
      config: { access: { right: [...READ], unit: unitFromParam('id') } },
      schema: {
        tags: resourceTags,
        summary: 'A saved public resource of a unit by name, for the administration (404 when none)',
        description:
          'The rights of the list (LAYOUT_MANAGE or TRANSLATION in the unit). Served with its content type, nosniff, PDF inline with its ' +
          'file name; SVG with a CSP that blocks scripts. The public website serves the resources of the live publication at ' +
          '/site/{slug}/resources/{name}, never these (decision 0050).',
        params: publicResourceContentParams,
      },
    },
    async (req, reply) => {
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
    },
  );
};
