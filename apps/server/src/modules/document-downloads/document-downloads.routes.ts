import {
  documentDownloadListQuery,
  documentDownloadPageSchema,
  documentDownloadStatsQuery,
  documentDownloadStatsSchema,
} from '@vellum/contract';
import { unitFromQuery } from '../../platform/access.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { downloadStats, listDownloads } from './document-downloads.service.js';

const tags = ['document-downloads'];
const access = { right: 'DOCUMENT_DOWNLOADS', unit: unitFromQuery('business-unit') } as const;

export const documentDownloadsRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;

  r.get(
    '/api/document-downloads',
    {
      config: { access },
      schema: {
        tags,
        summary: "A page of the download records of a business unit's public website, newest first",
        description:
          'from and to are ISO dates, whole days in UTC, both included (to before from: 400). ' +
          'Sort fields: at (the default, newest first), id, country, language, audience, productTypeName, keyCode, documentName, documentNumber, fileName. ' +
          'A client that needs every record fetches the pages in sequence.',
        querystring: documentDownloadListQuery,
        response: { 200: documentDownloadPageSchema },
      },
    },
    (req) => listDownloads(deps, req.query),
  );

  r.get(
    '/api/document-downloads/stats',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Download statistics of a business unit: the total, over time, by country, language, audience, product type and document',
        description:
          'from and to as for the records (both optional: all time). Over time per day, or per month for ranges longer than 92 days; ' +
          'the 10 most downloaded documents.',
        querystring: documentDownloadStatsQuery,
        response: { 200: documentDownloadStatsSchema },
      },
    },
    (req) => downloadStats(deps, req.query),
  );
};
