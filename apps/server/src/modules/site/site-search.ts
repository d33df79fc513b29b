import { ProductTypesPage, renderHtml, SearchPage, siteUrls } from '@vellum/site-views';
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import type { DbOrTx } from '../../db/client.js';
import { dropdownValues, type LivePublication, type PublicProductType, productTypes, searchProducts } from '../public-read/index.js';
import { contentBlocks, type VisitorChoice } from './site-context.js';
import { scanFromSearch } from './site-gs1.js';
import { id, seeOther, sendPage, text } from './site-http.js';
import { SEARCHES_PER_MINUTE, sendTooMany, siteLimit } from './site-limits.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { cachingOf, fieldView, hitView, paramOf, productSegment, sendNotFound } from './site-pages.js';
import { paramsOf, queryOf, searchQuery, typeParams } from './site-params.js';

const html = { config: { access: 'public' as const }, schema: { hide: true } };
const RESULTS_PER_PAGE = 20;

/** The type the audience sees under this slug, or undefined. */
export const typeOf = (live: LivePublication, v: VisitorChoice, slug: string) =>
  productTypes(live.site, v.audience, v.choice.language).find((t) => t.slug === slug);

/** The search fields of a type with the query's values (a dropdown's values read from the publication). */
export async function searchFields(
  db: DbOrTx,
  live: LivePublication,
  v: VisitorChoice,
  type: PublicProductType,
  q: Record<string, unknown>,
  now: Date,
) {
  return Promise.all(
    type.searchFields.map(async (f) => {
      const options =
        f.searchType === 'SEARCHABLE_DROPDOWN' && f.field !== 'lot'
          ? ((await dropdownValues(db, live, { productTypeSlug: type.slug, audience: v.audience, field: f.field }, now)) ?? [])
          : undefined;
      return { field: f, view: fieldView(f, text(q[paramOf(f.field)]), options) };
    }),
  );
}

/** The audience's product types, and a type's search form with its results (decision 0039). */
export function searchPages(app: FastifyInstance, mode: SiteMode) {
  const { db } = app.deps;
  const at = mode.prefix;
  const { withChoice } = siteAnswers(mode);
  const searchLimit = siteLimit(app, `search:${mode.prefix}`, SEARCHES_PER_MINUTE);

  // the product types of the audience
  app.get(`${at}/:bu/:country/:language/:audience`, html, async (req, reply) => {
    const now = new Date();
    const ok = await withChoice(req, reply, now);
    if (!ok) return;
    const { s, live, v, unit } = ok;
    const bu = s.root;
    const types = productTypes(live.site, v.audience, v.choice.language);
    const page = createElement(ProductTypesPage, {
      unit,
      language: v.language,
      t: v.t,
      choice: v.choice,
      audienceName: v.audienceName,
      headerBlocks: contentBlocks(live.site, 'PRODUCT_TYPE_SELECTION_HEADER', null, v.audience),
      types: types.map((t) => ({
        slug: t.slug,
        name: t.name,
        imageUrl: t.imageKey ? siteUrls.media(bu, t.imageKey) : null,
        url: siteUrls.search(bu, v.choice, t.slug),
      })),
      documentSearchUrl: live.site.unit.settings.documentSearch ? siteUrls.documentSearch(bu, v.choice) : null,
    });
    return sendPage(req, reply, 200, renderHtml(page), cachingOf(s), now);
  });

  // the search form of a type, and its results
  app.get(`${at}/:bu/:country/:language/:audience/:type`, html, async (req, reply) => {
    const now = new Date();
    const ok = await withChoice(req, reply, now);
    if (!ok) return;
    const { s, live, v, unit } = ok;
    const q = queryOf(searchQuery, req);
    const bu = s.root;
    const type = typeOf(live, v, paramsOf(typeParams, req).type);
    if (!type) return sendNotFound(req, reply, s, now, v.choice.language);
    const fields = await searchFields(db, live, v, type, q, now);
    const action = siteUrls.search(bu, v.choice, type.slug);
    // a search is asked for once any field (or any attribute) is in the query, even empty
    const searched = Object.keys(q).some((k) => k === 'keyCode' || k === 'lot' || /^a[0-9]+$/.test(k));
    let problem: { message: string; params: string[] } | null = null;
    let results = null;
    let status = 200;
    if (searched) {
      const limit = await searchLimit(req);
      if (!limit.allowed) return sendTooMany(reply, s, limit.retryAfter, v.choice.language);
      const scanned = await scanFromSearch(db, reply, s, v, type, q.keyCode, now);
      if (scanned) return scanned;
      const attributes: Record<number, string> = {};
      for (const [k, raw] of Object.entries(q)) {
        const n = /^a([1-9][0-9]{0,9})$/.exec(k);
        const value = text(raw);
        if (n && value) attributes[Number(n[1])] = value;
      }
      const pageNo = Math.min(id(q.page) ?? 1, 10_000) - 1;
      const result = await searchProducts(
        db,
        live,
        {
          productTypeSlug: type.slug,
          audience: v.audience,
          language: v.choice.language,
          keyCode: text(q.keyCode),
          lot: text(q.lot),
          attributes,
          page: pageNo,
          size: RESULTS_PER_PAGE,
        },
        now,
      );
      if (!result) return sendNotFound(req, reply, s, now, v.choice.language);
      if (result.kind === 'page') {
        const lot = text(q.lot) || undefined;
        if (result.total === 1 && result.items.length === 1) {
          const only = result.items[0];
          return seeOther(reply, siteUrls.product(bu, v.choice, type.slug, productSegment(only), lot), cachingOf(s));
        }
        const pageUrl = (n: number) => {
          const params: Record<string, string> = {};
          for (const f of fields) params[f.view.param] = f.view.value;
          return siteUrls.search(bu, v.choice, type.slug, { ...params, page: n + 1 });
        };
        results = {
          items: result.items.map((h) => hitView(bu, v.choice, type, h, lot)),
          total: result.total,
          page: result.page,
          previousUrl: result.page > 0 ? pageUrl(result.page - 1) : null,
          nextUrl: (result.page + 1) * result.size < result.total ? pageUrl(result.page + 1) : null,
        };
      } else {
        status = 400;
        const labels = fields.filter((f) => result.fields.includes(f.field.field)).map((f) => f.field.label);
        problem = {
          message: result.kind === 'missing' ? `${v.t('search.mandatory')}: ${labels.join(', ')}` : `${v.t('search.noResults')}`,
          params: result.fields.map(paramOf),
        };
      }
    }
    const settings = live.site.unit.settings;
    const page = createElement(SearchPage, {
      unit,
      language: v.language,
      t: v.t,
      choice: v.choice,
      audienceName: v.audienceName,
      typeName: type.name,
      heroImageUrl: type.heroImageKey ? siteUrls.media(bu, type.heroImageKey) : null,
      headerBlocks: contentBlocks(live.site, 'PRODUCT_TYPE_HEADER', type.id, v.audience),
      footerBlocks: contentBlocks(live.site, 'PRODUCT_TYPE_FOOTER', type.id, v.audience),
      action,
      fields: fields.map((f) => f.view),
      problem,
      results,
      showSearchOnResults: settings.showSearchOnResultPage,
      oneColumn: settings.oneColumnLayout,
    });
    return sendPage(req, reply, status, renderHtml(page), status === 200 ? cachingOf(s) : { kind: 'none' }, now);
  });
}
