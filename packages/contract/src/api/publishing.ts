import { z } from 'zod';
import { idParams } from '../common.js';
import {
  PublishErrorKeys as E,
  previewBody,
  previewLinkSchema,
  publicationDetailSchema,
  publicationListQuery,
  publicationSchema,
  publishBody,
  publishChangesSchema,
  publishFilesSchema,
  publishItemsQuery,
  publishProductsSchema,
  publishReadinessSchema,
  publishStateQuery,
  publishStateSchema,
} from '../publishing.js';
import { defineRoute } from './define.js';

const tags = ['publishing'];
const publicationTags = ['publications'];
const STATES =
  'state: the publish states listed (UNPUBLISHED, SCHEDULED, PUBLISHED; repeat the parameter for several; default UNPUBLISHED and SCHEDULED, what a publish changes)';

/** What a publish's readiness check may answer with: each error of spec 001 §8 blocks it. */
const readinessErrors = [
  E.businessUnitInactive,
  E.noRegionsOrLanguages,
  E.regionWithoutCountries,
  E.minimumSearchableAttributes,
  E.minimumSearchableAttributesHcp,
  E.minimumSearchableAttributesPatient,
  E.nothingToPublish,
] as const;

/** Publishing a business unit (spec 001 §2–§4, §7, §8; decision 0037), its publications, and the preview of its website (decision 0042). */
export const publishingApi = {
  readiness: defineRoute({
    method: 'GET',
    path: '/api/publish/readiness',
    tags,
    summary: 'What stands in the way of publishing a business unit',
    description:
      'Every problem of a publish of the unit (spec 001 §8, decision 0037), each with the offending items and the admin path where each is fixed. ' +
      'Errors block a publish: the unit inactive, no interface region (own or inherited) or no interface or document language, an interface region ' +
      'without countries, an enabled product type without a searchable key code or attribute for an active audience (general, HCP, patient), nothing ' +
      'to publish (a unit never published with no product of an enabled type and no file with a binary). Warnings do not: files whose ' +
      'current version has no binary (at most 100 named), product types not enabled that have products, documents without files ' +
      '(at most 100 named). ' +
      'ready is true when no problem is an error. Needs PUBLISH in the unit.',
    query: publishStateQuery,
    response: { 200: publishReadinessSchema },
  }),
  changes: defineRoute({
    method: 'GET',
    path: '/api/publish/changes',
    tags,
    summary: 'What a publish now would change on the public website',
    description:
      'Against the live publication (decision 0051): the products, documents and files a publish now (without options) would add, ' +
      'remove or change (counts, and at most 100 of each by label), and the parts of the site document that differ (settings, ' +
      'manufacturer, layout, footer, content blocks, public resources, regions, languages, translations, product types, document ' +
      'types, restricted access), each with what in it changed. live: the live publication, null for a unit never published (then ' +
      'everything is added and no site part is listed); restoredFrom: set when the live content is a restore of an earlier ' +
      'publication, so the admin tables hold edits the website does not show. Writes nothing. Needs PUBLISH in the unit.',
    query: publishStateQuery,
    response: { 200: publishChangesSchema },
  }),
  products: defineRoute({
    method: 'GET',
    path: '/api/publish-products',
    tags,
    summary: 'The products of a business unit by publish state',
    description:
      'Counts of the products of enabled product types: unpublished (no publish date), scheduled (a date to come) and published. ' +
      `details=true adds a page (page, size; sort: keyCode or publishDate, asc or desc) of the products; ${STATES}. Needs PUBLISH in the unit.`,
    query: publishItemsQuery,
    response: { 200: publishProductsSchema },
  }),
  files: defineRoute({
    method: 'GET',
    path: '/api/publish-files',
    tags,
    summary: 'The files and documents of a business unit by publish state',
    description:
      'Counts of the files that are not archived, by the publish date of their current version, and of the documents by their state ' +
      '(decision 0033). details=true adds a page (page, size; sort: name, publishDate or documentNumber, asc or desc) of the files with their ' +
      `current version; ${STATES}. Needs PUBLISH in the unit.`,
    query: publishItemsQuery,
    response: { 200: publishFilesSchema },
  }),
  state: defineRoute({
    method: 'GET',
    path: '/api/publish-state',
    tags,
    summary: 'The publish running in a business unit',
    description:
      'running: false, or the running publish or restore (spec 001 §3): its uuid, start (epoch milliseconds) and user. A publish that ' +
      'died leaves its lease until it expires 15 minutes after its start; from then on it is no longer running. Needs PUBLISH in the unit.',
    query: publishStateQuery,
    response: { 200: publishStateSchema },
  }),
  publish: defineRoute({
    method: 'POST',
    path: '/api/publish',
    tags,
    summary: 'Publishes a business unit',
    description:
      'One transaction (decision 0037): checks readiness again (the first error answers 400 with its key and items; nothing is written), ' +
      'gives the products of enabled types and the current versions (with a binary) of files that are not archived a publish date when they ' +
      'have none — now, or customDate (not before the start of today UTC: error.publish.customDateInPast; in the future they become ' +
      'scheduled) — and, with includeFuture, brings those dated in the future to now; then compiles the unit into a new numbered publication ' +
      'and writes a publish audit entry. One publish at a time per unit: while another runs, 409 error.publish.alreadyRunning with its uuid, ' +
      'user, startDate and startDateEpoch. A failure midway changes nothing and answers 500 error.publish.failed. Needs PUBLISH in the unit.',
    body: publishBody,
    response: { 201: publicationSchema },
    errors: [...readinessErrors, E.customDateInPast, E.alreadyRunning, E.failed],
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/api/publish/preview',
    tags,
    summary: 'Opens a preview of the public website',
    description:
      'Without publicationId: the unit’s unpublished state as a publish now would show it (compiled into a preview that is never live ' +
      'and writes no date); with it: that publication of the unit. Answers a one-time url valid for a minute; opened in a browser it ' +
      'starts an hour’s preview there (never beyond the session), every page with a banner, not indexed, not cached, no download ' +
      'counted (decision 0042). Needs PUBLISH or DOCUMENT_READ in the unit.',
    body: previewBody,
    response: { 201: previewLinkSchema },
  }),
  // who published what, and the way back to an earlier publication (decision 0037)
  publications: defineRoute({
    method: 'GET',
    path: '/api/publications',
    tags: publicationTags,
    summary: 'The publications of a business unit',
    description:
      'Newest first (sort: number, the default, or createdDate, asc or desc); page and size; the total is in x-total-count. ' +
      'live marks the highest-numbered publication, the one the public website shows.',
    query: publicationListQuery,
    response: { 200: z.array(publicationSchema) },
  }),
  publication: defineRoute({
    method: 'GET',
    path: '/api/publications/:id',
    tags: publicationTags,
    summary: 'A publication and what changed against the previous one',
    description:
      'changes: products, documents and files added, removed and changed against the unit’s previous number ' +
      '(counts, and at most 100 of each by label), and whether the site configuration differs; null for the first publication.',
    params: idParams,
    response: { 200: publicationDetailSchema },
  }),
  restorePublication: defineRoute({
    method: 'POST',
    path: '/api/publications/:id/restore',
    tags: publicationTags,
    summary: 'Makes an earlier publication live again',
    description:
      'Adds a publication of kind RESTORE with the next number and the restored one’s content; history and the draft are ' +
      'untouched. The live publication answers 400 error.publication.alreadyLive; one naming file versions purged (or deleted) ' +
      'since answers 400 error.publication.versionsPurged with them; a publish running in the unit answers 409.',
    params: idParams,
    response: { 201: publicationSchema },
    errors: [E.alreadyLive, E.versionsPurged, E.alreadyRunning],
  }),
};
