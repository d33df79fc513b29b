import { BadLinkPage, englishTexts, NotFoundPage, ProductGonePage, renderHtml } from '@vellum/site-views';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { type LoadedSite, pageLanguage, type SiteState, textsOf, unitView, type VisitorChoice } from '../site-context.js';
import { sendPage } from '../site-http.js';
import { cachingOf } from '../site-pages.js';
import { corsHeaders } from './resolver-http.js';

/* The resolver's own answer pages, shared by its routes, the scan in the search box and the router's 400 for broken escapes. */

/** The 400 page of a link with a syntax error (or of an address with broken percent-escapes), in the unit's look when it is known. */
export function sendBadLink(req: FastifyRequest, reply: FastifyReply, state: SiteState, now: Date) {
  corsHeaders(reply);
  const known = state.kind === 'unknown' ? null : state;
  const lang = known ? pageLanguage(known.live.site, undefined) : { isoCode: 'en', rtl: false };
  const page = createElement(BadLinkPage, {
    unit: known ? unitView(known, lang.isoCode) : null,
    language: lang,
    t: known ? textsOf(known.live.site, lang.isoCode) : englishTexts,
  });
  return sendPage(req, reply, 400, renderHtml(page), known ? cachingOf(known) : { kind: 'none' }, now);
}

/** 410: the product is no longer listed; it depends on the visitor's language cookie, so it is kept private. */
export function sendGone(
  req: FastifyRequest,
  reply: FastifyReply,
  s: LoadedSite,
  language: string | undefined,
  gtin14: string | null,
  now: Date,
) {
  const lang = pageLanguage(s.live.site, language);
  const page = createElement(ProductGonePage, {
    unit: unitView(s, lang.isoCode),
    language: lang,
    t: textsOf(s.live.site, lang.isoCode),
    gtin14,
  });
  reply.header('x-robots-tag', 'noindex');
  return sendPage(req, reply, 410, renderHtml(page), s.preview ? { kind: 'none' } : { kind: 'private' }, now);
}

/** A 404 that depends on the visitor's choice (a product of a type the audience does not see). */
export function sendNotForChoice(req: FastifyRequest, reply: FastifyReply, s: LoadedSite, v: VisitorChoice, now: Date) {
  const page = createElement(NotFoundPage, { unit: unitView(s, v.choice.language), language: v.language, t: v.t });
  return sendPage(req, reply, 404, renderHtml(page), s.preview ? { kind: 'none' } : { kind: 'private' }, now);
}
