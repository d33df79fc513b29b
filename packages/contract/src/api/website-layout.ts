import { z } from 'zod';
import { idParams } from '../common.js';
import { ErrorKeys } from '../errors.js';
import {
  contentBlockSchema,
  contentBlocksBody,
  WebsiteLayoutErrorKeys as E,
  footerItemSchema,
  footerItemsBody,
  publicResourceContentParams,
  publicResourceSchema,
  unitQuery,
} from '../website-layout.js';
import { defineRoute } from './define.js';

const footerTags = ['footer-items'];
const blockTags = ['content-blocks'];
const resourceTags = ['public-resources'];

/** The website's footer items, content blocks and public resources of a unit (spec 001 §7 layout and content; decisions 0027–0029, 0050). */
export const websiteLayoutApi = {
  // ---- footer items
  footerItems: defineRoute({
    method: 'GET',
    path: '/api/footer-items',
    tags: footerTags,
    summary: 'The footer items of a unit (unit 0: the manufacturer-wide footer), by visualisation order',
    query: unitQuery,
    response: { 200: z.array(footerItemSchema) },
  }),
  replaceFooterItems: defineRoute({
    method: 'PUT',
    path: '/api/footer-items',
    tags: footerTags,
    summary: "Replaces the unit's footer items with the list sent",
    description:
      'Items with an id are kept (updated), the others are added, items left out are deleted. At most 20; every ' +
      'visualisation order once; every item of the unit of the query; an empty text refuses the whole list. ' +
      'Errors: error.footerItem.{emptyList,tooMany,duplicateOrder,differentBusinessUnits,notFound}.',
    query: unitQuery,
    body: footerItemsBody,
    response: { 200: z.array(footerItemSchema) },
    errors: [
      E.footerItemEmptyList,
      E.footerItemTooMany,
      E.footerItemDuplicateOrder,
      E.footerItemDifferentBusinessUnits,
      E.footerItemNotFound,
      ErrorKeys.duplicate,
    ],
  }),
  deleteFooterItems: defineRoute({
    method: 'DELETE',
    path: '/api/footer-items',
    tags: footerTags,
    summary: "Deletes the unit's footer items (it then shows the manufacturer's)",
    query: unitQuery,
  }),

  // ---- content blocks
  contentBlocks: defineRoute({
    method: 'GET',
    path: '/api/content-blocks',
    tags: blockTags,
    summary: 'The content blocks of a unit (unit 0: manufacturer-wide)',
    query: unitQuery,
    response: { 200: z.array(contentBlockSchema) },
  }),
  replaceContentBlocks: defineRoute({
    method: 'PUT',
    path: '/api/content-blocks',
    tags: blockTags,
    summary: "Replaces the unit's content blocks with the list sent (an empty list removes them)",
    description:
      'One block per type and product type; PRODUCT_TYPE_HEADER and PRODUCT_TYPE_FOOTER may name a product type of the unit ' +
      '(none: every product type), PRODUCT_TYPE_SELECTION_HEADER never; hcp or patient; content sanitised rich text.',
    query: unitQuery,
    body: contentBlocksBody,
    response: { 200: z.array(contentBlockSchema) },
    errors: [
      E.contentBlockDuplicate,
      E.contentBlockTooMany,
      E.contentBlockDifferentBusinessUnits,
      E.contentBlockNotFound,
      E.contentBlockProductTypeNotAllowed,
      E.contentBlockProductTypeNotFound,
      E.contentBlockNoAudience,
      ErrorKeys.duplicate,
    ],
  }),

  // ---- public resources
  publicResources: defineRoute({
    method: 'GET',
    path: '/api/public-resources',
    tags: resourceTags,
    summary: 'The public resources of a unit, by name',
    query: unitQuery,
    response: { 200: z.array(publicResourceSchema) },
  }),
  /** A multipart upload: the handler reads the file and its fields. */
  uploadPublicResource: defineRoute({
    method: 'POST',
    path: '/api/public-resources',
    tags: resourceTags,
    summary: 'Uploads a public resource of the unit (or new content for one)',
    description:
      'multipart/form-data: the file in `file` (PNG, JPEG, SVG, WebP, WOFF, WOFF2 or PDF by its content, at most 5 MB; SVG ' +
      'sanitised), the name in `name` (else the file name: letters, digits, . _ -, with the extension of the content, unique ' +
      'in the unit), and `id` to replace the content of that resource keeping its name. The CSS references it as ' +
      '`url(resources/<name>)`.',
    query: unitQuery,
    response: { 201: publicResourceSchema, 200: publicResourceSchema },
    errors: [
      E.publicResourceType,
      E.publicResourceExtension,
      E.publicResourceExists,
      E.publicResourceNotFound,
      E.publicResourceBusinessUnitChange,
      E.publicResourceTooMany,
      ErrorKeys.fileTooLarge,
      ErrorKeys.unsupportedContentType,
    ],
  }),
  deletePublicResource: defineRoute({
    method: 'DELETE',
    path: '/api/public-resources/:id',
    tags: resourceTags,
    summary: "Deletes a public resource the unit's CSS does not reference (error.publicResource.inUse)",
    params: idParams,
    errors: [E.publicResourceInUse],
  }),
  /** Binary: the resource's content with its own content type. */
  publicResourceContent: defineRoute({
    method: 'GET',
    path: '/api/business-units/:id/resources/:name',
    tags: resourceTags,
    summary: 'A saved public resource of a unit by name, for the administration (404 when none)',
    description:
      'The rights of the list (LAYOUT_MANAGE or TRANSLATION in the unit). Served with its content type, nosniff, PDF inline with its ' +
      'file name; SVG with a CSP that blocks scripts. The public website serves the resources of the live publication at ' +
      '/site/{slug}/resources/{name}, never these (decision 0050).',
    params: publicResourceContentParams,
  }),
};
