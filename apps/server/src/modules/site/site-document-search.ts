import { DocumentSearchPage, renderHtml, type SearchFieldView, siteUrls } from '@vellum/site-views';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { documentDropdownValues, documentSearchAccess, documentSearchFields, searchDocuments } from '../public-read/index.js';
import { visitorAccess } from './site-access.js';
import { id, sendPage, text } from './site-http.js';
import { SEARCHES_PER_MINUTE, sendTooMany, siteLimit } from './site-limits.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { cachingOf, documentViews, productSegment, sendNotFound } from './site-pages.js';

/**
 * The document search of the public website (decision 0045): `…/{audience}/_documents`, a GET
 * form by number, name and document attributes as the unit's documentSearchVisualisation says;
 * each document found lists its files for the visitor with the download confirmation of its first
 * product (so downloads are counted as on the product page). With documentSearchRestricted only a
 * verified e-mail of the document search access sees the form; others get the e-mail form.
 * Searches are rate limited per client address like the product search (the site's 429 page).
 */
const html = { config: { access: 'public' as const }, schema: { hide: true } };
const RESULTS_PER_PAGE = 20;

type Query = Record<string, unknown>;

/** Whether the query asks for a search: any field sent, even empty. */
const searched = (q: Query) => Object.keys(q).some((k) => k === 'q' || k === 'number' || k === 'name' || /^d[0-9]+$/.test(k));

export function documentSearchPages(app: FastifyInstance, mode: SiteMode) {
  const { db } = app.deps;
  const { withChoice } = siteAnswers(mode);
  const searchLimit = siteLimit(app, `document-search:${mode.prefix}`, SEARCHES_PER_MINUTE);

  app.get(`${mode.prefix}/:bu/:country/:language/:audience/_documents`, html, async (req: FastifyRequest, reply) => {
    const now = new Date();
    const ok = await withChoice(req, reply, now);
    if (!ok) return;
    const { s, live, v, unit } = ok;
    const q = req.query as Query;
    const bu = s.root;
    if (searched(q)) {
      const limit = await searchLimit(req);
      if (!limit.allowed) return sendTooMany(reply, s, limit.retryAfter, v.choice.language);
    }
    const access = await visitorAccess(app, req, reply, s);
    const state = documentSearchAccess(live.site, access.email);
    if (state === 'off') return sendNotFound(req, reply, s, now, v.choice.language);
    const action = siteUrls.documentSearch(bu, v.choice);
    const visitor = { audience: v.audience, country: v.choice.country, language: v.choice.language, verifiedEmail: access.email };

    let fields: SearchFieldView[] | null = null;
    let results = null;
    if (state === 'open') {
      const f = documentSearchFields(live.site, v.choice.language);
      const value = (param: string) => text(q[param]) ?? '';
      fields = [];
      if (f.crossField) fields.push({ param: 'q', label: v.t('documentSearch.text'), mandatory: false, value: value('q') });
      if (f.advanced) {
        fields.push({ param: 'number', label: v.t('search.documentNumber.label'), mandatory: false, value: value('number') });
        fields.push({ param: 'name', label: v.t('documentSearch.name'), mandatory: false, value: value('name') });
        for (const a of f.attributes) {
          const param = `d${a.attributeDefinitionId}`;
          const options = a.match === 'DROPDOWN' ? await documentDropdownValues(db, live, a.attributeDefinitionId, visitor) : undefined;
          fields.push({ param, label: a.name, mandatory: false, value: value(param), options });
        }
      }
      if (searched(q)) {
        const attributes: Record<number, string> = {};
        for (const a of f.attributes) {
          const value = text(q[`d${a.attributeDefinitionId}`]);
          if (value) attributes[a.attributeDefinitionId] = value;
        }
        const page = Math.min(id(q.page) ?? 1, 10_000) - 1;
        const found = await searchDocuments(
          db,
          live,
          { text: text(q.q), number: text(q.number), name: text(q.name), attributes, page, size: RESULTS_PER_PAGE },
          visitor,
          now,
        );
        if (found) {
          const pageUrl = (n: number) => {
            const params: Record<string, string> = {};
            for (const field of fields ?? []) if (field.value) params[field.param] = field.value;
            return siteUrls.documentSearch(bu, v.choice, { ...params, page: n + 1 });
          };
          results = {
            total: found.total,
            previousUrl: found.page > 0 ? pageUrl(found.page - 1) : null,
            nextUrl: (found.page + 1) * found.size < found.total ? pageUrl(found.page + 1) : null,
            items: found.items.map((h) => {
              const type = live.site.productTypes.find((t) => t.id === h.product.productTypeId);
              const keyCodeShown = (v.audience === 'HCP' ? type?.keyCodeSearchTypeHcp : type?.keyCodeSearchTypePatient) !== 'NOT_VISIBLE';
              const segment = productSegment({ keyCode: keyCodeShown ? h.product.keyCode : null, productId: h.product.productId });
              const [document] = documentViews(bu, v.choice, h.product.productId, undefined, [h.document]);
              return {
                documentId: h.document.documentId,
                document,
                product: {
                  label: keyCodeShown ? h.product.keyCode : (type?.name ?? ''),
                  url: type ? siteUrls.product(bu, v.choice, type.slug, segment) : siteUrls.types(bu, v.choice),
                },
              };
            }),
          };
        }
      }
    }

    const page = createElement(DocumentSearchPage, {
      unit,
      language: v.language,
      t: v.t,
      choice: v.choice,
      audienceName: v.audienceName,
      action,
      fields,
      results,
      access: access.form(req.url, v.choice.language, state === 'locked'),
    });
    // a restricted search is nobody's to index or share
    if (live.site.unit.settings.documentSearchRestricted) reply.header('x-robots-tag', 'noindex');
    const caching = live.site.unit.settings.documentSearchRestricted ? { kind: 'none' as const } : access.caching(cachingOf(s));
    return sendPage(req, reply, 200, renderHtml(page), caching, now);
  });
}
