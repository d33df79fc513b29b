import { createHash } from 'node:crypto';
import {
  type AudienceSegment,
  ChooserPage,
  DownloadPage,
  ProductPage,
  ProductTypesPage,
  renderHtml,
  SearchPage,
  SITE_CSS,
  siteUrls,
  themeCss,
} from '@vellum/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { sendBinary } from '../../platform/binaries.js';
import { sendImage } from '../../platform/images.js';
import { downloadRecordOf } from '../document-downloads/download-record.js';
import {
  countriesByRegion,
  dropdownValues,
  fileForDownload,
  type LivePublication,
  type PublicProductType,
  productDocuments,
  productPage,
  productTypes,
  searchProducts,
} from '../public-read/index.js';
import { siteAccessPages, visitorAccess } from './site-access.js';
import { choiceOf, contentBlocks, loadSite, pageLanguage, siteImageKeys, textsOf, unitView, type VisitorChoice } from './site-context.js';
import { documentSearchPages } from './site-document-search.js';
import { chooserHidden, chooserNext, gs1Pages, scanFromSearch } from './site-gs1.js';
import { CHOICE_COOKIE, choiceCookie, id, notModified, pageEtag, readCookie, seeOther, sendPage, text } from './site-http.js';
import { islandPages } from './site-islands.js';
import { SEARCHES_PER_MINUTE, sendTooMany, siteLimit } from './site-limits.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { cachingOf, documentViews, fieldView, fileSummaryOf, hitView, paramOf, productSegment, sendNotFound } from './site-pages.js';
import { paperCopyPages } from './site-paper-copy.js';
import { sitePreview } from './site-preview.js';

/**
 * The public website (issue 12, decision 0039): server-rendered pages under /site/{bu}, answered
 * from the unit's live publication through the public read model only. Plain links and GET forms:
 * every page works without JavaScript. HTML routes are public and kept out of the OpenAPI document.
 */
const html = { config: { access: 'public' as const }, schema: { hide: true } };
const RESULTS_PER_PAGE = 20;

type Params = Record<string, string>;
type Query = Record<string, unknown>;

export async function siteRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  // the site's own style sheet: the same for every unit
  const siteCssEtag = `"${createHash('sha256').update(SITE_CSS).digest('base64url').slice(0, 27)}"`;
  app.get('/site/_assets/site.css', html, async (req, reply) => {
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').header('etag', siteCssEtag);
    if (notModified(req, siteCssEtag)) return reply.code(304).send();
    return reply.send(SITE_CSS);
  });

  sitePages(app, { prefix: '/site', load: (_req, bu, now) => loadSite(db, bu, now) });
  sitePreview(app, sitePages);

  // anything else under /site is a 404 page of the site, never the admin app
  const unknown = async (req: FastifyRequest, reply: FastifyReply) => {
    const now = new Date();
    const bu = (req.params as Params)['*']?.split('/')[0] ?? '';
    return sendNotFound(req, reply, await loadSite(db, bu, now), now);
  };
  app.get('/site', html, unknown);
  app.get('/site/*', html, unknown);
}

/** The pages of a unit's site under the mode's prefix, answered from the publication the mode loads. */
export function sitePages(app: FastifyInstance, mode: SiteMode) {
  const { db, files } = app.deps;
  const at = mode.prefix;

  const { liveOrAnswer, withChoice } = siteAnswers(mode);
  const searchLimit = siteLimit(app, SEARCHES_PER_MINUTE);

  /** A style sheet of the live publication (theme colours, the unit's own CSS); versioned by publication id. */
  async function sendSheet(req: FastifyRequest, reply: FastifyReply, css: (live: LivePublication) => string) {
    const now = new Date();
    const state = await mode.load(req, (req.params as Params).bu, now);
    if (state.kind === 'unknown') return sendNotFound(req, reply, state, now);
    const etag = pageEtag(state.live.publicationId, req.routeOptions.url ?? req.url, null);
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', state.preview ? 'no-store' : 'public, max-age=300')
      .header('etag', etag);
    if (notModified(req, etag)) return reply.code(304).send();
    return reply.send(css(state.live));
  }
  app.get(`${at}/:bu/style.css`, html, (req, reply) => sendSheet(req, reply, (live) => live.site.layout.cssContent));
  app.get(`${at}/:bu/theme.css`, html, (req, reply) => sendSheet(req, reply, (live) => themeCss(live.site.layout)));

  // images of the live site by storage key: only the keys its site document names
  app.get(`${at}/:bu/media/*`, html, async (req, reply) => {
    const now = new Date();
    const p = req.params as Params;
    const state = await mode.load(req, p.bu, now);
    if (state.kind === 'unknown' || !siteImageKeys(state.live.site).has(p['*'])) return sendNotFound(req, reply, state, now);
    return sendImage(req, reply, files, p['*'], 'image');
  });

  // public resources of the layout by name
  app.get(`${at}/:bu/resources/:name`, html, async (req, reply) => {
    const now = new Date();
    const p = req.params as Params;
    const state = await mode.load(req, p.bu, now);
    const resource = state.kind === 'unknown' ? undefined : state.live.site.layout.publicResources.find((r) => r.name === p.name);
    if (!resource) return sendNotFound(req, reply, state, now);
    return sendBinary(req, reply, files, {
      key: resource.storageKey,
      size: resource.size,
      mediaType: resource.mediaType,
      sha256: resource.sha256,
      fileName: resource.name,
      disposition: 'inline',
    });
  });

  // 1. choose country, language and audience; the choice is remembered and the visitor sent on
  app.get(`${at}/:bu`, html, async (req, reply) => {
    const now = new Date();
    const p = req.params as Params;
    const q = req.query as Query;
    const remembered = readCookie(req, CHOICE_COOKIE)?.split('.') ?? [];
    const requested = text(q.lang) ?? remembered[1] ?? acceptLanguage(req);
    const s = await liveOrAnswer(req, reply, p.bu, now, requested);
    if (!s) return;
    const { site } = s.live;
    const sent = {
      country: text(q.country)?.toLowerCase(),
      language: text(q.language)?.toLowerCase(),
      audience: text(q.audience)?.toLowerCase(),
    };
    const submitted = q.country !== undefined || q.language !== undefined || q.audience !== undefined;
    // a GS1 link opened before any choice comes back to it once chosen (decision 0043)
    const next = chooserNext(s.root, q.gs1);
    if (submitted) {
      const v = choiceOf(site, sent.country, sent.language, sent.audience);
      if (v) {
        const c = v.choice;
        reply.header('set-cookie', choiceCookie(req, s.root, `${c.country}.${c.language}.${c.audience}`));
        return seeOther(reply, next ?? siteUrls.types(s.root, c), { kind: 'none' });
      }
    } else if (q.change === undefined) {
      const v = choiceOf(site, remembered[0], remembered[1], remembered[2]);
      if (v) return seeOther(reply, next ?? siteUrls.types(s.root, v.choice), s.preview ? { kind: 'none' } : { kind: 'private' });
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
        : { country: remembered[0], language: remembered[1], audience: remembered[2] as AudienceSegment },
      invalid: submitted,
      hidden: chooserHidden(s.root, next),
    });
    return sendPage(req, reply, submitted ? 400 : 200, renderHtml(page), s.preview ? { kind: 'none' } : { kind: 'private' }, now);
  });

  // 2. the product types of the audience
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

  /** The type the audience sees under this slug, or undefined. */
  const typeOf = (live: LivePublication, v: VisitorChoice, slug: string) =>
    productTypes(live.site, v.audience, v.choice.language).find((t) => t.slug === slug);

  /** The search fields of a type with the query's values (a dropdown's values read from the publication). */
  async function searchFields(live: LivePublication, v: VisitorChoice, type: PublicProductType, q: Query, now: Date) {
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

  // 3. the search form of a type, and its results
  app.get(`${at}/:bu/:country/:language/:audience/:type`, html, async (req, reply) => {
    const now = new Date();
    const ok = await withChoice(req, reply, now);
    if (!ok) return;
    const { s, live, v, unit } = ok;
    const q = req.query as Query;
    const bu = s.root;
    const type = typeOf(live, v, (req.params as Params).type);
    if (!type) return sendNotFound(req, reply, s, now, v.choice.language);
    const fields = await searchFields(live, v, type, q, now);
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

  // 4. the product with its documents for the visitor (?lot= filters by lot)
  app.get(`${at}/:bu/:country/:language/:audience/:type/:keyCode`, html, async (req, reply) => {
    const now = new Date();
    const ok = await withChoice(req, reply, now);
    if (!ok) return;
    const { s, live, v, unit } = ok;
    const p = req.params as Params;
    const q = req.query as Query;
    const bu = s.root;
    const notFound = () => sendNotFound(req, reply, s, now, v.choice.language);
    const type = typeOf(live, v, p.type);
    if (!type) return notFound();
    const segment = text(p.keyCode) ?? '';
    const byId = type.keyCodeLabel === null ? id(segment.startsWith('~') ? segment.slice(1) : undefined) : undefined;
    if (!segment || (type.keyCodeLabel === null && byId === undefined)) return notFound();
    const ref = byId !== undefined ? { productId: byId } : { keyCode: segment };
    const lot = type.lotNumbers ? text(q.lot) || undefined : undefined;
    const access = await visitorAccess(app, req, reply, s);
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
      lotFilter: type.lotNumbers ? { action: productUrl } : null,
      // the search form's fields (a dropdown's values are a statement each) only when the page shows it
      search: settings.showSearchOnDetailPage
        ? { action: siteUrls.search(bu, v.choice, type.slug), fields: (await searchFields(live, v, type, {}, now)).map((f) => f.view) }
        : null,
      headerBlocks: contentBlocks(live.site, 'PRODUCT_TYPE_HEADER', type.id, v.audience),
      footerBlocks: contentBlocks(live.site, 'PRODUCT_TYPE_FOOTER', type.id, v.audience),
      access: access.form(req.url, v.choice.language),
    });
    return sendPage(req, reply, 200, renderHtml(page), access.caching(cachingOf(s)), now);
  });

  /** The file a download confirmation or download names, for the product context of its query; null → 404 sent. */
  async function downloadable(req: FastifyRequest, reply: FastifyReply, now: Date) {
    const p = req.params as Params;
    const q = req.query as Query;
    const s = await liveOrAnswer(req, reply, p.bu, now, text(q.language));
    if (!s) return null;
    const { live } = s;
    const notFound = async () => {
      await sendNotFound(req, reply, s, now, text(q.language));
      return null;
    };
    const fileId = id(p.fileId);
    const productId = id(q.product);
    const versionId = q.version === undefined ? undefined : id(q.version);
    const v = choiceOf(live.site, text(q.country), text(q.language), text(q.audience));
    if (!fileId || !productId || !v || (q.version !== undefined && versionId === undefined)) return notFound();
    const lot = text(q.lot) || undefined;
    const access = await visitorAccess(app, req, reply, s);
    const visitor = {
      audience: v.audience,
      country: v.choice.country,
      language: v.choice.language,
      lot,
      productId,
      verifiedEmail: access.email,
    };
    const file = await fileForDownload(db, live, versionId ? { fileVersionId: versionId } : { fileId }, visitor, now);
    // a version id names its file: another file's version under this file's URL is not there
    if (!file || file.file.fileId !== fileId) return notFound();
    return { s, live, v, file, lot, fileId, productId, versionId, access };
  }

  // 5. the download confirmation: what, which version, its date and language
  app.get(`${at}/:bu/files/:fileId`, html, async (req, reply) => {
    const now = new Date();
    const d = await downloadable(req, reply, now);
    if (!d) return;
    const { s, live, v, file } = d;
    const bu = s.root;
    const ctx = { ...v.choice, productId: d.productId, lot: d.lot, versionId: d.versionId };
    // the file's languages as the product page listed them
    const docs = await productDocuments(
      db,
      live,
      d.productId,
      { audience: v.audience, country: v.choice.country, language: v.choice.language, lot: d.lot, verifiedEmail: d.access.email },
      now,
    );
    const listed = docs?.flatMap((x) => x.files).find((f) => f.fileId === d.fileId);
    const type = live.site.productTypes.find((t) => t.id === file.productTypeId);
    const page = createElement(DownloadPage, {
      unit: unitView(s, v.choice.language),
      language: v.language,
      t: v.t,
      choice: v.choice,
      audienceName: v.audienceName,
      download: {
        ...fileSummaryOf(file),
        versionDate: file.version.versionDate,
        isCurrent: file.isCurrent,
        languages: listed?.languages ?? [],
        binaryName: file.binaryName,
        binarySize: file.binarySize,
        context: ctx,
        downloadUrl: siteUrls.download(bu, d.fileId, ctx),
        backUrl: type
          ? siteUrls.product(bu, v.choice, type.slug, productSegment({ keyCode: file.keyCode, productId: d.productId }), d.lot)
          : siteUrls.types(bu, v.choice),
      },
    });
    return sendPage(req, reply, 200, renderHtml(page), d.access.caching(cachingOf(s)), now);
  });

  // 6. the binary, streamed with ranges
  app.get(`${at}/:bu/files/:fileId/download`, html, async (req, reply) => {
    const now = new Date();
    const d = await downloadable(req, reply, now);
    if (!d) return;
    const { file } = d;
    const size = file.binarySize ?? (await files.stat(file.binaryKey))?.size;
    if (size === undefined) return sendNotFound(req, reply, d.s, now, d.v.choice.language);
    // one record per download (not per HEAD, nor per later range of the same download), off the request
    // path; a preview's downloads are not the public's and are not counted
    const range = req.headers.range;
    if (!d.s.preview && req.method === 'GET' && (range === undefined || /^bytes=0-/.test(range))) {
      const visitor = { audience: d.v.audience, country: d.v.choice.country, language: d.v.choice.language };
      app.deps.downloads.record(downloadRecordOf(d.live, file, visitor, now));
    }
    return sendBinary(req, reply, files, {
      key: file.binaryKey,
      size,
      mediaType: file.mediaType ?? 'application/octet-stream',
      sha256: file.sha256 ?? createHash('sha256').update(file.binaryKey).digest('hex'),
      fileName: file.binaryName ?? file.file.name,
    });
  });

  siteAccessPages(app, mode);
  documentSearchPages(app, mode);
  paperCopyPages(app, mode);
  gs1Pages(app, mode);
  islandPages(app, mode);
}

/** The first language of the Accept-Language header (its primary subtag). */
function acceptLanguage(req: FastifyRequest): string | undefined {
  const header = req.headers['accept-language'];
  const first = typeof header === 'string' ? header.split(',')[0]?.split(';')[0]?.trim() : undefined;
  return first ? first.split('-')[0].toLowerCase() : undefined;
}
