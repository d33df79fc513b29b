import type { FastifyInstance } from 'fastify';
import { registerFrameworkErrorPage } from '../../../platform/errors.js';
import { loadSite, type SiteState } from '../site-context.js';
import { sendBadLink } from './resolver-pages.js';

/**
 * An address under /site whose percent-escapes are broken (`/site/x/%E0%A4%A`, a lot cut inside a
 * UTF-8 sequence) is refused by the router before any route runs: it gets the site's 400 page, in
 * the unit's look when the address names a live unit, not the API's problem+json (decision 0049).
 * On a bound host the address is already rewritten under /site/{slug}.
 */
export function badUrlPages(app: FastifyInstance) {
  registerFrameworkErrorPage(app, '/site', async (_err, req, reply) => {
    const now = new Date();
    const bu = /^\/site\/([a-z0-9-]{3,50})(?=[/?]|$)/.exec(req.url)?.[1];
    const state: SiteState = bu ? await loadSite(app.deps.db, bu, now) : { kind: 'unknown' };
    return sendBadLink(req, reply, state, now);
  });
}
