import {
  documentDownloadListQuery,
  documentDownloadPageSchema,
  documentDownloadStatsQuery,
  documentDownloadStatsSchema,
} from '../document-downloads.js';
import { defineRoute } from './define.js';

const tags = ['document-downloads'];

/** The downloads the public website recorded, and their statistics. */
export const documentDownloadsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/document-downloads',
    tags,
    summary: "A page of the download records of a business unit's public website, newest first",
    description:
      'from and to are ISO dates, whole days in UTC, both included (to before from: 400). ' +
      'Sort fields: at (the default, newest first), id, country, language, audience, productTypeName, keyCode, documentName, documentNumber, fileName. ' +
      'A client that needs every record fetches the pages in sequence.',
    query: documentDownloadListQuery,
    response: { 200: documentDownloadPageSchema },
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/document-downloads/stats',
    tags,
    summary: 'Download statistics of a business unit: the total, over time, by country, language, audience, product type and document',
    description:
      'from and to as for the records (both optional: all time). Over time per day, or per month for ranges longer than 92 days; ' +
      'the 10 most downloaded documents.',
    query: documentDownloadStatsQuery,
    response: { 200: documentDownloadStatsSchema },
  }),
};
