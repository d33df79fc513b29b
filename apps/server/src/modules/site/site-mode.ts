import type { FastifyReply, FastifyRequest } from 'fastify';
import { choiceOf, type SiteState, unitView } from './site-context.js';
import { text } from './site-http.js';
import { sendComingSoon, sendNotFound } from './site-pages.js';
import { fromOf } from './site-place.js';

/**
 * Where a set of the site's pages is served and from which publication: the live one for
 * visitors under /site, a signed-in user's preview under /site/_preview (site-preview.ts). Every
 * page route is registered once per mode (sitePages), so a preview shows exactly the visitors'
 * pages; a page builds its links from the loaded site's root, never from a fixed /site/.
 */
export interface SiteMode {
  prefix: '/site' | '/site/_preview';
  load(req: FastifyRequest, bu: string, now: Date): Promise<SiteState>;
}

type Params = Record<string, string>;

/** The two first steps of every page: the unit's site, then the visitor's choice of the URL. */
export function siteAnswers(mode: SiteMode) {
  /** The unit's site, or the answer already sent (404 unknown, 503 inactive, 401 an ended preview). */
  async function liveOrAnswer(req: FastifyRequest, reply: FastifyReply, bu: string, now: Date, language?: string) {
    const state = await mode.load(req, bu, now);
    if (state.kind === 'unknown') {
      await sendNotFound(req, reply, state, now, language);
      return null;
    }
    if (state.kind === 'inactive') {
      await sendComingSoon(req, reply, state, now, language);
      return null;
    }
    return state;
  }

  /**
   * The site and the visitor's choice of the URL (:country, :language, :audience), or the answer
   * already sent. The choice knows the page (its type, product and lot), where a change of
   * country or language comes back to (decision 0048).
   */
  async function withChoice(req: FastifyRequest, reply: FastifyReply, now: Date) {
    const p = req.params as Params;
    const s = await liveOrAnswer(req, reply, p.bu, now, p.language);
    if (!s) return null;
    const v = choiceOf(s.live.site, p.country, p.language, p.audience);
    if (!v) {
      await sendNotFound(req, reply, s, now, p.language);
      return null;
    }
    const lot = p.keyCode === undefined ? undefined : text((req.query as Record<string, unknown> | undefined)?.lot) || undefined;
    v.choice.from = fromOf(v.choice, p.type, p.keyCode, lot);
    return { s, live: s.live, v, unit: unitView(s, v.choice.language) };
  }

  return { liveOrAnswer, withChoice };
}
