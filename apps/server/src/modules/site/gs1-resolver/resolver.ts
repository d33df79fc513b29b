import {
  type AudienceSegment,
  bestLinks,
  buildLinkset,
  LINKSET_CONTEXT,
  LinksetPage,
  linkHeaders,
  parseLinkType,
  type ResolverLink,
  renderHtml,
  siteUrls,
} from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { type Audience, defaultChoice, type GtinAnswer } from '../../public-read/index.js';
import { choiceOf, type LoadedSite, pageLanguage, type SiteState, textsOf, unitView, type VisitorChoice } from '../site-context.js';
import { CHOICE_COOKIE, readCookie, sendPage } from '../site-http.js';
import { sendNotFound } from '../site-pages.js';
import { acceptedLanguages, corsHeaders, linksetMediaType, originOf, queryToPassOn, withQuery } from './resolver-http.js';
import { itemLinks, type LinkContext, languageNamer, linkGroups, productPagePath, siteLinkTypes } from './resolver-links.js';
import { sendGone, sendNotForChoice } from './resolver-pages.js';

/**
 * The GS1 resolver's answer for one identified item (decision 0049, GS1-Conformant resolver 1.2):
 * the item's linkset when asked for (`?linkType=linkset`, or Accept: application/linkset+json), a
 * redirect to the link of the type asked for (`?linkType=gs1:epil`), or to the default link (the
 * product page for the visitor's remembered choice, else the chooser, which comes back). Every
 * answer carries CORS headers and a Link header to the item's linkset; a redirect passes the query
 * string on.
 */

/** What a request identifies, however it was written (a Digital Link, compressed or not, or a product id). */
export interface ResolverTarget {
  /** The item's path under the site's root: its canonical Digital Link, or `/p/{id}`. */
  path: string;
  gtin14: string | null;
  lot?: string;
  /** `linkType` of the query (or of the compressed link). */
  linkType?: string;
  /** A compressed link: its uncompressed form is announced (`owl:sameAs`). */
  compressed: boolean;
  find: (audience: Audience | null) => Promise<GtinAnswer>;
}

const REDIRECT = 307;
const VARY = 'Accept, Accept-Language, Cookie';

/** Where a visitor without a choice goes: the chooser, carrying the item (and what the query asked) to come back to. */
function chooserPath(s: LoadedSite, target: ResolverTarget, query: string): string {
  return `${siteUrls.home(s.root)}?gs1=${encodeURIComponent(query ? `${target.path}?${query}` : target.path)}`;
}

function answerHeaders(reply: FastifyReply, s: LoadedSite, links: string[]): FastifyReply {
  return reply
    .header('link', links.join(', '))
    .header('cache-control', s.preview ? 'no-store' : 'private, no-cache')
    .header('vary', VARY);
}

/** The remembered choice of the visitor, or the site's default one; null when the site offers none. */
function contextOf(req: FastifyRequest, s: LoadedSite): { v: VisitorChoice | null; ctx: LinkContext | null } {
  const remembered = readCookie(req, CHOICE_COOKIE)?.split('.') ?? [];
  const v = choiceOf(s.live.site, remembered[0], remembered[1], remembered[2]);
  if (v) return { v, ctx: { choice: v.choice, audience: v.audience, chosen: true } };
  const d = defaultChoice(
    s.live.site,
    acceptedLanguages(req).find((l) => s.live.site.languages.some((x) => x.isoCode.toLowerCase() === l)),
  );
  if (!d) return { v: null, ctx: null };
  const audience = d.audience.toLowerCase() as AudienceSegment;
  return { v: null, ctx: { choice: { country: d.country, language: d.language, audience }, audience: d.audience, chosen: false } };
}

export async function resolve(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  s: Exclude<SiteState, { kind: 'unknown' }>,
  target: ResolverTarget,
  now: Date,
) {
  corsHeaders(reply);
  const { v, ctx } = contextOf(req, s);
  const found = await target.find(v?.audience ?? null);
  if (found.kind === 'unknown') return sendNotFound(req, reply, s, now);
  if (found.kind === 'gone') return sendGone(req, reply, s, v?.choice.language, target.gtin14, now);
  if (v && found.kind === 'otherAudience') return sendNotForChoice(req, reply, s, v, now);
  if (!ctx) return sendNotFound(req, reply, s, now);

  const { origin, bound } = originOf(req, s);
  const abs = (path: string) => `${origin}${path}`;
  const anchor = `${origin}${bound ? '' : s.root}${target.path}`;
  const passOn = queryToPassOn(req);
  const pagePath = ctx.chosen ? productPagePath(s, ctx, found, target.lot) : chooserPath(s, target, '');
  if (!pagePath) return sendNotForChoice(req, reply, s, v as VisitorChoice, now);
  const headerLinks = [linkHeaders.linkset(`${anchor}?linkType=linkset`), ...(target.compressed ? [linkHeaders.sameAs(anchor)] : [])];
  const redirect = (location: string) => {
    answerHeaders(reply, s, headerLinks);
    return reply.code(REDIRECT).header('location', location).send();
  };
  // the query goes on: to the target, or through the chooser (with the link type asked for) back here
  const chooser = (linkType?: string) =>
    abs(chooserPath(s, target, [passOn, linkType ? `linkType=gs1:${linkType}` : ''].filter(Boolean).join('&')));

  const requested = target.linkType === undefined ? undefined : parseLinkType(target.linkType);
  const json = linksetMediaType(req);
  const asksLinkset = requested?.kind === 'linkset' || (requested === undefined && json !== null);
  const asksDefault =
    requested === undefined ||
    (requested.kind === 'type' && (requested.name === 'defaultLink' || (requested.name === 'pip' && !ctx.chosen)));
  if (!asksLinkset && asksDefault) return redirect(ctx.chosen ? withQuery(abs(pagePath), passOn) : chooser());

  // the links, only when the linkset or a link type is asked for
  const inContext = ctx.chosen ? found : await target.find(ctx.audience);
  const item = await itemLinks(app, req, reply, s, inContext, ctx, { href: abs(pagePath), lot: target.lot, gtin14: target.gtin14 }, now);
  // without a choice, each link goes through the chooser, which comes back to its link type
  const links: ResolverLink[] = item.links.map((l) =>
    l.linkType === 'defaultLink' || l.linkType === 'pip'
      ? l
      : { ...l, href: ctx.chosen ? abs(l.href) : abs(chooserPath(s, target, `linkType=gs1:${l.linkType}`)) },
  );
  const lang = pageLanguage(s.live.site, ctx.choice.language);
  const t = textsOf(s.live.site, lang.isoCode);
  const page = (kind: 'linkset' | 'choices' | 'missing', shown: ResolverLink[], status: number) => {
    const html = renderHtml(
      createElement(LinksetPage, {
        unit: unitView(s, lang.isoCode),
        language: lang,
        t,
        choice: v?.choice,
        audienceName: v?.audienceName,
        kind,
        description: item.description,
        gtin14: target.gtin14,
        groups: linkGroups(shown, t, languageNamer(lang.isoCode)),
        throughChooser: !ctx.chosen,
      }),
    );
    answerHeaders(reply, s, headerLinks);
    return sendPage(req, reply, status, html, { kind: 'none' }, now);
  };

  if (asksLinkset) {
    if (json === null) return page('linkset', links, 200);
    const linkset = buildLinkset(anchor, item.description, links);
    answerHeaders(reply, s, [linkHeaders.context(), ...(target.compressed ? [linkHeaders.sameAs(anchor)] : [])]);
    const body = json === 'application/ld+json' ? { '@context': LINKSET_CONTEXT, ...linkset } : linkset;
    return reply.code(200).type(`${json}; charset=utf-8`).send(JSON.stringify(body));
  }
  const name = requested?.kind === 'type' ? requested.name : '';
  const best = bestLinks(links, name, [ctx.choice.language, ...acceptedLanguages(req)]);
  const hrefs = [...new Set(best.map((l) => l.href))];
  // without a choice: a type the site's documents stand for may exist in the country yet to be chosen
  if (!ctx.chosen && (hrefs.length > 0 || siteLinkTypes(s.live.site).has(name))) return redirect(chooser(name));
  if (hrefs.length === 1) return redirect(withQuery(hrefs[0], passOn));
  if (hrefs.length > 1) return page('choices', best, 300);
  return page('missing', links, 404);
}
