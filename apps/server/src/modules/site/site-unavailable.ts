import { englishTexts, renderHtml, UnavailablePage } from '@vellum/site-views';
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { registerUnavailablePage } from '../../platform/errors.js';
import { pageHeaders } from './site-http.js';

/**
 * While the database or the storage cannot be reached (a restart, a failover), a page of the site
 * or a download answers the site's own 503 page, never the API's problem+json or a stack trace
 * (decision 0080). Nothing of the unit can be read, so it is the site's plain look, in English;
 * never cached, with Retry-After (set by the error handler), and the next request tries again.
 */
export function siteUnavailablePage(app: FastifyInstance) {
  registerUnavailablePage(app, '/site', (_req, reply) => {
    const html = renderHtml(createElement(UnavailablePage, { unit: null, language: { isoCode: 'en', rtl: false }, t: englishTexts }));
    return pageHeaders(reply).header('cache-control', 'no-store').header('x-robots-tag', 'noindex').code(503).send(html);
  });
}
