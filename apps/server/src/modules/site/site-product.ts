import { ProductPage, renderHtml, siteUrls } from '@vellum/site-views';
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { productPage } from '../public-read/index.js';
import { visitorAccess } from './site-access.js';
import { contentBlocks } from './site-context.js';
import { answeredNotModified, id, sendPage, text } from './site-http.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { cachingOf, documentViews, productSegment, sendNotFound } from './site-pages.js';
import { paramsOf, productParams, productQuery, queryOf } from './site-params.js';
import { searchFields, typeOf } from './site-search.js';

const html = { config: { access: 'public' as const }, schema: { hide: true } };

/**
 * `…/{type}/{keyCode}`: the product with its documents for the visitor, documents first (decision
 * 0048); `?lot=` filters the files by lot, and a lot no range of the product holds is said so.
 */
export function productPages(app: FastifyInstance, mode: SiteMode) {
  const { db } = app.deps;
  const { withChoice } = siteAnswers(mode);

  app.get(`${mode.prefix}/:bu/:country/:language/:audience/:type/:keyCode`, html, async (req, reply) => {
    const now = new Date();
    const ok = await withChoice(req, reply, now);
    if (!ok) return;
    const { s, live, v, unit } = ok;
    const p = paramsOf(productParams, req);
    const q = queryOf(productQuery, req);
    const bu = s.root;
    const notFound = () => sendNotFound(req, reply, s, now, v.choice.language);
    const type = typeOf(live, v, p.type);
    if (!type) return notFound();
    const segment = text(p.keyCode) ?? '';
    const byId = type.keyCodeLabel === null ? id(segment.startsWith('~') ? segment.slice(1) : undefined) : undefined;
    if (!segment || (type.keyCodeLabel === null && byId === undefined)) return notFound();
    const ref = byId !== undefined ? { productId: byId } : { keyCode: segment };
    const lot = type.lotNumbers ? q.lot || undefined : undefined;
    const access = await visitorAccess(app, req, reply, s);
    const caching = access.caching(cachingOf(s));
    if (answeredNotModified(req, reply, caching, now)) return;
    // the product and its documents for the visitor in one statement
    const answer = await productPage(
      db,
      live,
      { productTypeSlug: type.slug, audience: v.audience, language: v.choice.language, ...ref },
      { audience: v.audience, country: v.choice.country, language: v.choice.language, lot, verifiedEmail: access.email },
      now,
    );
    if (!answer) return notFound();
    const { product: item, documents: docs } = answer;
    const settings = live.site.unit.settings;
    const productUrl = siteUrls.product(bu, v.choice, type.slug, productSegment(item));
    const page = createElement(ProductPage, {
      unit,
      language: v.language,
      t: v.t,
      choice: v.choice,
      audienceName: v.audienceName,
      typeName: type.name,
      searchUrl: siteUrls.search(bu, v.choice, type.slug),
      keyCode: item.keyCode,
      attributes: item.attributes.map((a) => ({ name: a.name, value: a.value })),
      remarks: item.remarks.map((r) => r.content).filter((c) => c.trim() !== ''),
      documents: documentViews(bu, v.choice, item.productId, lot, docs),
      lot: lot ?? null,
      lotUnknown: answer.lotKnown === false,
      lotFilter: type.lotNumbers ? { action: productUrl } : null,
      // "Search another product" (a dropdown's values are a statement each) only when the unit offers it
      search: settings.showSearchOnDetailPage
        ? { action: siteUrls.search(bu, v.choice, type.slug), fields: (await searchFields(db, live, v, type, {}, now)).map((f) => f.view) }
        : null,
      headerBlocks: contentBlocks(live.site, 'PRODUCT_TYPE_HEADER', type.id, v.audience),
      footerBlocks: contentBlocks(live.site, 'PRODUCT_TYPE_FOOTER', type.id, v.audience),
      access: access.form(req.url, v.choice.language),
    });
    return sendPage(req, reply, 200, renderHtml(page), caching, now);
  });
}
