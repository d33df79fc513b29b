import { z } from 'zod';
import { bodyId, hexColor, httpUrl, idSchema, nameText, plainText, richText } from './common.js';

/**
 * The look and words of a unit's public website (spec 001 §3 layout, §7 layout and content,
 * §8 footer item and public resource errors): custom CSS rules, footer items, content blocks and
 * the public resources CSS and content may reference. Decisions 0027–0029.
 */
export const WebsiteLayoutErrorKeys = {
  /** The CSS does not parse. params: { line, column, detail } */
  cssInvalid: 'error.css.invalid',
  /** The CSS loads script or reaches another origin. params: { line, column, construct } */
  cssForbidden: 'error.css.forbidden',
  /** url() names no public resource of the unit. params: { line, column, reference } */
  cssResourceNotFound: 'error.css.resourceNotFound',

  footerItemDuplicateOrder: 'error.footerItem.duplicateOrder',
  footerItemEmptyList: 'error.footerItem.emptyList',
  /** params: { max } */
  footerItemTooMany: 'error.footerItem.tooMany',
  footerItemDifferentBusinessUnits: 'error.footerItem.differentBusinessUnits',
  /** params: { id } */
  footerItemNotFound: 'error.footerItem.notFound',

  /** The same type (and product type) twice. params: { type, productTypeId } */
  contentBlockDuplicate: 'error.contentBlock.duplicate',
  /** params: { max } */
  contentBlockTooMany: 'error.contentBlock.tooMany',
  contentBlockDifferentBusinessUnits: 'error.contentBlock.differentBusinessUnits',
  /** params: { id } */
  contentBlockNotFound: 'error.contentBlock.notFound',
  /** PRODUCT_TYPE_SELECTION_HEADER stands above the list of product types, never for one. params: { type } */
  contentBlockProductTypeNotAllowed: 'error.contentBlock.productTypeNotAllowed',
  /** params: { productTypeId } */
  contentBlockProductTypeNotFound: 'error.contentBlock.productTypeNotFound',
  contentBlockNoAudience: 'error.contentBlock.noAudience',

  /** params: { name } */
  publicResourceExists: 'error.publicResource.exists',
  /** params: { id } */
  publicResourceNotFound: 'error.publicResource.notFound',
  publicResourceBusinessUnitChange: 'error.publicResource.businessUnitChange',
  /** params: { max } */
  publicResourceTooMany: 'error.publicResource.tooMany',
  /** Not a PNG, JPEG, SVG, WebP, WOFF, WOFF2 or PDF by its content. params: { allowed } */
  publicResourceType: 'error.publicResource.type',
  /** The name's extension is not the one of the content. params: { expected } */
  publicResourceExtension: 'error.publicResource.extension',
  /** The unit's custom CSS still references it. params: { name } */
  publicResourceInUse: 'error.publicResource.inUse',
} as const;

/** Custom CSS of at most this many characters (100 kB of ASCII). */
export const CSS_MAX_CHARS = 100_000;
/** A unit's footer has at most this many links (one row of a footer on a phone holds fewer). */
export const FOOTER_ITEMS_MAX = 20;
export const FOOTER_TEXT_MAX = 50;
export const CONTENT_BLOCKS_MAX = 100;
export const CONTENT_BLOCK_MAX_CHARS = 50_000;
/** A public resource (font, image, PDF) of at most 5 MB. */
export const PUBLIC_RESOURCE_MAX_BYTES = 5 * 1024 * 1024;
export const PUBLIC_RESOURCES_MAX = 200;
/** A file name: letters, digits, dot, dash and underscore, starting with a letter or digit, with an extension. */
export const PUBLIC_RESOURCE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*\.[A-Za-z0-9]+$/;
export const PUBLIC_RESOURCE_NAME_MAX = 100;
/** How the unit's CSS names a resource: `url(resources/<name>)`, relative to the served style sheet. */
export const PUBLIC_RESOURCE_CSS_PREFIX = 'resources/';

export const CONTENT_BLOCK_TYPES = ['PRODUCT_TYPE_HEADER', 'PRODUCT_TYPE_FOOTER', 'PRODUCT_TYPE_SELECTION_HEADER'] as const;
export type ContentBlockType = (typeof CONTENT_BLOCK_TYPES)[number];
/** Types that may be written for one product type (none: for every product type). */
export const PER_PRODUCT_TYPE_BLOCKS: readonly ContentBlockType[] = ['PRODUCT_TYPE_HEADER', 'PRODUCT_TYPE_FOOTER'];

export const unitQuery = z.object({ 'business-unit': idSchema });

export const footerItemSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  text: z.string(),
  publicUrl: z.string(),
  visualizationOrder: z.number(),
});
export type FooterItem = z.output<typeof footerItemSchema>;
export const footerItemInput = z.object({
  /** Set to keep (update) an existing item; left out for a new one. */
  id: bodyId().nullish(),
  businessUnitId: idSchema,
  text: nameText().trim().min(1, 'NotBlank').max(FOOTER_TEXT_MAX, 'Size'),
  publicUrl: httpUrl(),
  visualizationOrder: z.number().int('Pattern').min(0, 'Min').max(1000, 'Max'),
});
/** The unit's whole list: items left out are deleted. */
export const footerItemsBody = z.array(footerItemInput).max(1000, 'Size');
export type FooterItemInput = z.input<typeof footerItemInput>;

export const contentBlockSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  type: z.enum(CONTENT_BLOCK_TYPES),
  /** For one product type of the unit; null for every product type. */
  productTypeId: z.number().nullable(),
  hcp: z.boolean(),
  patient: z.boolean(),
  /** Sanitised HTML. */
  content: z.string(),
});
export type ContentBlock = z.output<typeof contentBlockSchema>;
export const contentBlockInput = z.object({
  id: bodyId().nullish(),
  businessUnitId: idSchema,
  type: z.enum(CONTENT_BLOCK_TYPES),
  productTypeId: bodyId().nullish(),
  hcp: z.boolean().default(true),
  patient: z.boolean().default(true),
  /** Rich text: sanitised by the server before it is stored. */
  content: richText().max(CONTENT_BLOCK_MAX_CHARS, 'Size'),
});
export const contentBlocksBody = z.array(contentBlockInput).max(1000, 'Size');
export type ContentBlockInput = z.input<typeof contentBlockInput>;

export const publicResourceSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  name: z.string(),
  mediaType: z.string(),
  size: z.number(),
  sha256: z.string(),
  createdDate: z.string(),
  /** Where the public site serves it. */
  url: z.string(),
  /** How the unit's custom CSS references it. */
  cssReference: z.string(),
});
export type PublicResource = z.output<typeof publicResourceSchema>;
export const publicResourceName = nameText().trim().max(PUBLIC_RESOURCE_NAME_MAX, 'Size').regex(PUBLIC_RESOURCE_NAME, 'Pattern');
export const publicResourceContentParams = z.object({ id: idSchema, name: plainText().max(PUBLIC_RESOURCE_NAME_MAX, 'Size') });

/** The layout values a unit may leave to the manufacturer (unit 0). */
export const layoutInheritedSchema = z.object({
  mainColor: z.boolean(),
  highlightColor: z.boolean(),
  /** The header text colour goes with the main colour it is written on. */
  lightHeaderText: z.boolean(),
  logo: z.boolean(),
  footerItems: z.boolean(),
  contentBlocks: z.boolean(),
});
export const layoutEffectiveSchema = z.object({
  mainColor: hexColor.nullable(),
  highlightColor: hexColor.nullable(),
  lightHeaderText: z.boolean(),
  logoUrl: z.string().nullable(),
  footerItems: z.array(footerItemSchema),
  contentBlocks: z.array(contentBlockSchema),
});
