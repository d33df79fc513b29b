import {
  publicationSchema,
  publishBody,
  publishChangesSchema,
  publishFilesSchema,
  publishItemsQuery,
  publishProductsSchema,
  publishReadinessSchema,
  publishStateQuery,
  publishStateSchema,
} from '@vellum/contract';
import { authOf, unitFromBody, unitFromQuery } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { publish, publishChanges, publishFiles, publishProducts, publishReadiness, publishState } from './publish.service.js';

const tags = ['publishing'];
const inQueryUnit = { access: { right: 'PUBLISH' as const, unit: unitFromQuery('business-unit') } };
const STATES =
  'state: the publish states listed (UNPUBLISHED, SCHEDULED, PUBLISHED; repeat the parameter for several; default UNPUBLISHED and SCHEDULED, what a publish changes)';

export const publishRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;

  r.get(
    '/api/publish/readiness',
    {
      config: inQueryUnit,
      schema: {
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
        querystring: publishStateQuery,
        response: { 200: publishReadinessSchema },
      },
    },
    (req) => publishReadiness(deps, req.query['business-unit']),
  );

  r.get(
    '/api/publish/changes',
    {
      config: inQueryUnit,
      schema: {
        tags,
        summary: 'What a publish now would change on the public website',
        description:
          'Against the live publication (decision 0051): the products, documents and files a publish now (without options) would add, ' +
          'remove or change (counts, and at most 100 of each by label), and the parts of the site document that differ (settings, ' +
          'manufacturer, layout, footer, content blocks, public resources, regions, languages, translations, product types, document ' +
          'types, restricted access), each with what in it changed. live: the live publication, null for a unit never published (then ' +
          'everything is added and no site part is listed); restoredFrom: set when the live content is a restore of an earlier ' +
          'publication, so the admin tables hold edits the website does not show. Writes nothing. Needs PUBLISH in the unit.',
        querystring: publishStateQuery,
        response: { 200: publishChangesSchema },
      },
    },
    (req) => publishChanges(deps, req.query['business-unit']),
  );

  r.get(
    '/api/publish-products',
    {
      config: inQueryUnit,
      schema: {
        tags,
        summary: 'The products of a business unit by publish state',
        description:
          'Counts of the products of enabled product types: unpublished (no publish date), scheduled (a date to come) and published. ' +
          `details=true adds a page (page, size; sort: keyCode or publishDate, asc or desc) of the products; ${STATES}. Needs PUBLISH in the unit.`,
        querystring: publishItemsQuery,
        response: { 200: publishProductsSchema },
      },
    },
    (req) => publishProducts(deps, req.query),
  );

  r.get(
    '/api/publish-files',
    {
      config: inQueryUnit,
      schema: {
        tags,
        summary: 'The files and documents of a business unit by publish state',
        description:
          'Counts of the files that are not archived, by the publish date of their current version, and of the documents by their state ' +
          '(decision 0033). details=true adds a page (page, size; sort: name, publishDate or documentNumber, asc or desc) of the files with their ' +
          `current version; ${STATES}. Needs PUBLISH in the unit.`,
        querystring: publishItemsQuery,
        response: { 200: publishFilesSchema },
      },
    },
    (req) => publishFiles(deps, req.query),
  );

  r.get(
    '/api/publish-state',
    {
      config: inQueryUnit,
      schema: {
        tags,
        summary: 'The publish running in a business unit',
        description:
          'running: false, or the running publish or restore (spec 001 §3): its uuid, start (epoch milliseconds) and user. A publish that ' +
          'died leaves its lease until it expires 15 minutes after its start; from then on it is no longer running. Needs PUBLISH in the unit.',
        querystring: publishStateQuery,
        response: { 200: publishStateSchema },
      },
    },
    (req) => publishState(deps, req.query['business-unit']),
  );

  r.post(
    '/api/publish',
    {
      config: { access: { right: 'PUBLISH', unit: unitFromBody('businessUnitId') } },
      schema: {
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
      },
    },
    async (req, reply) => {
      const created = await publish(deps, authOf(req), req.body, (err) => req.log.error({ err }, 'publish failed'));
      alert(reply, 'vellumApp.publish.success', created.number).status(201);
      return created;
    },
  );
};
