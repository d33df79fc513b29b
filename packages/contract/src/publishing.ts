import { z } from 'zod';
import { bodyId, idSchema, pageableSchema, pageQuery } from './common.js';
import { PUBLISH_STATES } from './products.js';

/**
 * Publishing (spec 001 §2 publish page, §3 publish state, §4 publishing states, §7
 * publish-products and publish-files, §8 publish errors; decision 0037). A publish stamps the
 * unpublished items with a date and compiles the unit's public content into an immutable,
 * numbered publication; the public website reads only the live (highest-numbered) publication.
 */

/** Message keys of the publish errors (spec 001 §8). */
export const PublishErrorKeys = {
  /** 409; params: { uuid, user, startDate, startDateEpoch } of the publish that is running. */
  alreadyRunning: 'error.publish.alreadyRunning',
  /** A product type has no searchable key code or attribute at all; params: { items: PublishProblemItem[] }. */
  minimumSearchableAttributes: 'error.publish.minimumSearchableAttributes',
  /** ... none searchable for HCP; params: { items }. */
  minimumSearchableAttributesHcp: 'error.publish.minimumSearchableAttributesHcp',
  /** ... none searchable for patients while the patient portal is on; params: { items }. */
  minimumSearchableAttributesPatient: 'error.publish.minimumSearchableAttributesPatient',
  /** The unit (own or inherited from unit 0) has no interface region, or no interface or document language. */
  noRegionsOrLanguages: 'error.publish.noRegionsOrLanguages',
  /** An interface region without countries; params: { items }. */
  regionWithoutCountries: 'error.publish.regionWithoutCountries',
  businessUnitInactive: 'error.publish.businessUnitInactive',
  /** The unit has no product of an enabled type and no file with a binary. */
  nothingToPublish: 'error.publish.nothingToPublish',
  /** 500-free failure of the publish itself (the transaction was rolled back; nothing changed). */
  failed: 'error.publish.failed',
  /** A custom publish date before the start of today (UTC). */
  customDateInPast: 'error.publish.customDateInPast',
  /** Restoring the live publication itself. */
  alreadyLive: 'error.publication.alreadyLive',
  /**
   * Restoring a publication some of whose file versions were purged (or deleted) since; params:
   * { number, count, files (names and labels), versions [{fileVersionId, fileId, fileName, label}] }.
   */
  versionsPurged: 'error.publication.versionsPurged',
} as const;

/** Readiness warnings: named on the publish page, they do not block a publish. */
export const PublishWarningKeys = {
  /** The current version of a file has no binary: it stays unpublished; params: { items }. */
  filesWithoutBinary: 'warning.publish.filesWithoutBinary',
  /** A product type is disabled or waiting: its products are not published; params: { items }. */
  productTypesNotEnabled: 'warning.publish.productTypesNotEnabled',
  /** A document has no file (not archived): visitors find it nowhere; params: { items } (decision 0051). */
  documentsWithoutFiles: 'warning.publish.documentsWithoutFiles',
} as const;

/** One offending item of a readiness problem, with where it is fixed in the admin app. */
export const publishProblemItemSchema = z.object({
  /** productType, region, businessUnit, file, … */
  type: z.string(),
  id: z.number(),
  name: z.string(),
  /** The admin path where it is fixed, e.g. /my-business-units/3/product-types/7. */
  link: z.string(),
});
export type PublishProblemItem = z.infer<typeof publishProblemItemSchema>;

export const publishProblemSchema = z.object({
  key: z.string(),
  severity: z.enum(['ERROR', 'WARNING']),
  items: z.array(publishProblemItemSchema),
});
export type PublishProblem = z.infer<typeof publishProblemSchema>;

/** GET api/publish/readiness?business-unit: every problem; ready when none is an ERROR. */
export const publishReadinessSchema = z.object({
  businessUnitId: z.number(),
  ready: z.boolean(),
  problems: z.array(publishProblemSchema),
});
export type PublishReadiness = z.infer<typeof publishReadinessSchema>;

export const publishCountsSchema = z.object({ unpublished: z.number(), scheduled: z.number(), published: z.number() });
export type PublishCounts = z.infer<typeof publishCountsSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/**
 * GET api/publish-products and api/publish-files: business-unit; details=true adds the items
 * (paged: page, size, sort) in the states of `state` (default: UNPUBLISHED and SCHEDULED, what a
 * publish would change).
 */
export const publishItemsQuery = pageQuery.extend({
  'business-unit': idSchema,
  details: booleanQuery,
  state: z
    .union([z.enum(PUBLISH_STATES), z.array(z.enum(PUBLISH_STATES))])
    .optional()
    .transform((s) => (s === undefined ? ['UNPUBLISHED', 'SCHEDULED'] : Array.isArray(s) ? s : [s])),
});
export type PublishItemsQuery = z.input<typeof publishItemsQuery>;

export const publishProductItemSchema = z.object({
  id: z.number(),
  keyCode: z.string(),
  productTypeId: z.number(),
  productTypeName: z.string(),
  publishDate: z.string().nullable(),
  publishState: z.enum(PUBLISH_STATES),
});
export type PublishProductItem = z.infer<typeof publishProductItemSchema>;

/** Counts of the unit's products by state (products of enabled types); items with details=true. */
export const publishProductsSchema = z.object({
  businessUnitId: z.number(),
  products: publishCountsSchema,
  items: z.array(publishProductItemSchema).optional(),
  pageable: pageableSchema.optional(),
});
export type PublishProducts = z.infer<typeof publishProductsSchema>;

/** A file (not archived) by the state of its current version. */
export const publishFileItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  documentId: z.number(),
  documentNumber: z.string(),
  documentName: z.string(),
  fileVersionId: z.number(),
  versionLabel: z.string(),
  versionDate: z.string(),
  publishDate: z.string().nullable(),
  publishState: z.enum(PUBLISH_STATES),
  hasBinary: z.boolean(),
});
export type PublishFileItem = z.infer<typeof publishFileItemSchema>;

/** Counts of files (by their current version) and documents (by their files: decision 0033); items are files. */
export const publishFilesSchema = z.object({
  businessUnitId: z.number(),
  files: publishCountsSchema,
  documents: publishCountsSchema,
  items: z.array(publishFileItemSchema).optional(),
  pageable: pageableSchema.optional(),
});
export type PublishFiles = z.infer<typeof publishFilesSchema>;

/**
 * POST api/publish. includeFuture: scheduled items are brought to now (001 §4). customDate: the
 * date the unpublished items get instead of now (ISO date-time; not before the start of today
 * UTC; in the future they become scheduled).
 */
export const publishBody = z.object({
  businessUnitId: bodyId(),
  includeFuture: z.boolean().default(false),
  customDate: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type PublishBody = z.input<typeof publishBody>;

/** The publish running in a unit (spec 001 §3), or running: false. */
export const publishStateSchema = z.object({
  running: z.boolean(),
  uuid: z.string().optional(),
  startDateEpoch: z.number().optional(),
  user: z.string().nullable().optional(),
});
export type PublishStateResponse = z.infer<typeof publishStateSchema>;
export const publishStateQuery = z.object({ 'business-unit': idSchema });

/** What a publication holds, and what its publish stamped. */
export const publicationCountsSchema = z.object({
  products: z.number(),
  documents: z.number(),
  files: z.number(),
  fileVersions: z.number(),
  /** Dates written by the publish (0 for a restore). */
  stamped: z.object({ products: z.number(), files: z.number(), broughtForward: z.number() }),
});
export type PublicationCounts = z.infer<typeof publicationCountsSchema>;

/**
 * PUBLISH (compiled from the draft), RESTORE (an earlier one live again), DEACTIVATE and ACTIVATE
 * (the unit made inactive or active again: the live content with the site's status changed, so the
 * website shows the coming-soon page, or its pages again, at once).
 */
export const PUBLICATION_KINDS = ['PUBLISH', 'RESTORE', 'DEACTIVATE', 'ACTIVATE'] as const;

export const publicationSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  number: z.number(),
  kind: z.enum(PUBLICATION_KINDS),
  /** For a restore: the publication whose content it made live again (its number in restoredFromNumber). */
  restoredFromId: z.number().nullable(),
  restoredFromNumber: z.number().nullable(),
  createdDate: z.string(),
  createdBy: z.string().nullable(),
  includeFuture: z.boolean(),
  customDate: z.string().nullable(),
  counts: publicationCountsSchema,
  /** The unit's highest-numbered publication: what the public website shows. */
  live: z.boolean(),
});
export type Publication = z.infer<typeof publicationSchema>;

/** GET api/publications?business-unit: newest first (sort: number or createdDate), array with x-total-count. */
export const publicationListQuery = pageQuery.extend({ 'business-unit': idSchema });

const changedItemSchema = z.object({ id: z.number(), label: z.string() });
const changeSetSchema = z.object({
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
  /** At most 100 of each, by label. */
  addedItems: z.array(changedItemSchema),
  removedItems: z.array(changedItemSchema),
  changedItems: z.array(changedItemSchema),
});
export type PublicationChangeSet = z.infer<typeof changeSetSchema>;

/**
 * The parts of a publication's site document (decision 0051) a change is named by: settings
 * (the unit's name, address, status and website settings), manufacturer (its name, patient portal,
 * worldwide website, audiences), layout (logo, colours, header texts, CSS), footer, contentBlocks,
 * publicResources, regions, languages (website and document languages), translations,
 * productTypes, documentTypes (types and document attributes), restrictedAccess (restricted groups
 * and the document search's addresses).
 */
export const SITE_PARTS = [
  'settings',
  'manufacturer',
  'layout',
  'footer',
  'contentBlocks',
  'publicResources',
  'regions',
  'languages',
  'translations',
  'productTypes',
  'documentTypes',
  'restrictedAccess',
] as const;
export type SitePart = (typeof SITE_PARTS)[number];

/**
 * One changed part and what in it changed: field keys for settings, manufacturer and layout
 * (e.g. mainColor, css, showSearchOnDetailPage); ISO language codes for languages and
 * translations; names for the rest (regions, footer item texts, content block types, resources,
 * product and document types, restricted groups). items may be empty when only an order changed.
 */
export const siteChangeSchema = z.object({ part: z.enum(SITE_PARTS), items: z.array(z.string()) });
export type SiteChange = z.infer<typeof siteChangeSchema>;

const contentChangesShape = {
  products: changeSetSchema,
  documents: changeSetSchema,
  /** Files by file id: added, removed, or with another set of public versions or fields. */
  files: changeSetSchema,
  /** The parts of the site document that differ, in the order of SITE_PARTS (empty: none). */
  site: z.array(siteChangeSchema),
};

/** GET api/publications/{id}: the publication and what changed against the previous one (null for the first). */
export const publicationDetailSchema = publicationSchema.extend({
  previousId: z.number().nullable(),
  changes: z
    .object({
      ...contentChangesShape,
      /** The site configuration (layout, regions, languages, translations, types, groups) differs. */
      siteChanged: z.boolean(),
    })
    .nullable(),
});
export type PublicationDetail = z.infer<typeof publicationDetailSchema>;

/**
 * GET api/publish/changes?business-unit (decision 0051): what a publish now (without options)
 * would change on the public website, against the live publication: its products, documents and
 * files, and the parts of its site document. live is null for a unit never published (then
 * everything a publish takes is new, and the changes are empty). restoredFrom is set when the live
 * content is a restore's: the admin tables then hold edits the live publication does not show.
 */
export const publishChangesSchema = z.object({
  businessUnitId: z.number(),
  live: publicationSchema
    .pick({ id: true, number: true, kind: true, createdDate: true, createdBy: true, restoredFromNumber: true })
    .nullable(),
  restoredFrom: z.object({ number: z.number(), restoredFromNumber: z.number() }).nullable(),
  ...contentChangesShape,
});
export type PublishChanges = z.infer<typeof publishChangesSchema>;

/**
 * POST api/publish/preview (decision 0042): a signed-in user's preview of the public website, of
 * the unit's unpublished state (publicationId absent or null: compiled as a publish now would,
 * without writing a date) or of one of its publications.
 */
export const previewBody = z.object({
  businessUnitId: bodyId(),
  publicationId: bodyId().nullable().optional(),
});
export type PreviewBody = z.input<typeof previewBody>;

/** Where the preview opens: a one-time address valid for a minute, which starts an hour's preview in that browser. */
export const previewLinkSchema = z.object({
  url: z.string(),
  /** The publication shown; its number, or null for the unpublished state. */
  publicationId: z.number(),
  publicationNumber: z.number().nullable(),
  /** Until when the preview may be opened with the url. */
  expiresDate: z.string(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;
