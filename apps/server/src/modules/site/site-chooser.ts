import { type AudienceSegment, ChooserPage, renderHtml, siteUrls } from '@vellum/site-views';
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { countriesByRegion } from '../public-read/index.js';
import { choiceOf, pageLanguage, textsOf, unitView } from './site-context.js';
import { chooserHidden, chooserNext } from './site-gs1.js';
import { CHOICE_COOKIE, choiceCookie, readCookie, seeOther, sendPage } from './site-http.js';
import { acceptedLanguages, siteCountryFor, siteLanguageFor } from './site-languages.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { chooserQuery, paramsOf, queryOf, unitParams } from './site-params.js';
import { placeIn, placeOf } from './site-place.js';

const html = { config: { access: 'public' as const }, schema: { hide: true } };

/**
 * `/site/{bu}`: choose country, language and audience (decision 0039); the choice is remembered
 * in a cookie and the visitor sent on: to the GS1 link opened before any choice (decision 0043),
 * to the page a change of choice comes from (the same product in the new choice, decision 0048),
 * else to the audience's product types. Without a remembered choice the form starts from the
 * browser's languages: the site's language that serves them best, and the country they name.
 */
export function chooserPages(app: FastifyInstance, mode: SiteMode) {
  const { db } = app.deps;
  const { liveOrAnswer } = siteAnswers(mode);

  app.get(`${mode.prefix}/:bu`, html, async (req, reply) => {
    const now = new Date();
    const { bu } = paramsOf(unitParams, req);
    const q = queryOf(chooserQuery, req);
    const remembered = readCookie(req, CHOICE_COOKIE)?.split('.') ?? [];
    const ranges = acceptedLanguages(req.headers['accept-language']);
    const s = await liveOrAnswer(req, reply, bu, now, q.lang ?? remembered[1] ?? ranges[0]?.language);
    if (!s) return;
    const { site } = s.live;
    const browser = { language: siteLanguageFor(site, ranges), country: siteCountryFor(site, ranges) };
    const requested = q.lang ?? remembered[1] ?? browser.language;
    const sent = { country: q.country?.toLowerCase(), language: q.language?.toLowerCase(), audience: q.audience?.toLowerCase() };
    const submitted = q.country !== undefined || q.language !== undefined || q.audience !== undefined;
    // a GS1 link opened before any choice comes back to it once chosen (decision 0043); else the page changed from
    const next = chooserNext(s.root, q.gs1);
    const place = next ? undefined : placeOf(q.from);
    const privately = s.preview ? ({ kind: 'none' } as const) : ({ kind: 'private' } as const);
    if (submitted) {
      const v = choiceOf(site, sent.country, sent.language, sent.audience);
      if (v) {
        const c = v.choice;
        reply.header('set-cookie', choiceCookie(req, s.root, `${c.country}.${c.language}.${c.audience}`));
        const to = next ?? (place ? await placeIn(db, s, v, place, now) : siteUrls.types(s.root, c));
        return seeOther(reply, to, { kind: 'none' });
      }
    } else if (q.change === undefined) {
      const v = choiceOf(site, remembered[0], remembered[1], remembered[2]);
      if (v) return seeOther(reply, next ?? siteUrls.types(s.root, v.choice), privately);
    }
    const language = pageLanguage(site, submitted ? (sent.language ?? requested) : requested);
    const audiences = site.audiences.map((a) => a.toLowerCase() as AudienceSegment);
    const page = createElement(ChooserPage, {
      unit: unitView(s, language.isoCode),
      language,
      t: textsOf(site, language.isoCode),
      regions: countriesByRegion(site, language.isoCode),
      languages: site.languages,
      audiences,
      selected: submitted
        ? { country: sent.country, language: sent.language, audience: sent.audience as AudienceSegment }
        : {
            country: remembered[0] ?? browser.country,
            language: remembered[1] ?? browser.language,
            audience: remembered[2] as AudienceSegment,
          },
      invalid: submitted,
      hidden: [...(chooserHidden(s.root, next) ?? []), ...(place && q.from ? [{ name: 'from', value: q.from }] : [])],
    });
    return sendPage(req, reply, submitted ? 400 : 200, renderHtml(page), privately, now);
  });
}
