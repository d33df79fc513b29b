import {
  type Choice,
  ComingSoonPage,
  type DocumentView,
  englishTexts,
  type FileSummaryView,
  NotFoundPage,
  PreviewEndedPage,
  type ProductHitView,
  renderHtml,
  type SearchFieldView,
  type SiteRoot,
  siteUrls,
} from '@vellum/site-views';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { DownloadableFile, PublicDocument, PublicProductType, SearchField } from '../public-read/index.js';
import { type LoadedSite, pageLanguage, type SiteState, textsOf, unitView } from './site-context.js';
import type { PageCaching } from './site-http.js';
import { pageHeaders, sendPage } from './site-http.js';
import { languageName } from './site-languages.js';

/** The 404 page: with the unit's look when the unit is known, in the visitor's language when the URL names one. */
export function sendNotFound(req: FastifyRequest, reply: FastifyReply, state: SiteState, now: Date, language?: string) {
  if (state.kind === 'unknown' && state.ended) return sendPreviewEnded(reply);
  if (state.kind === 'unknown') {
    const html = renderHtml(createElement(NotFoundPage, { unit: null, language: { isoCode: 'en', rtl: false }, t: englishTexts }));
    return sendPage(req, reply, 404, html, { kind: 'none' }, now);
  }
  const lang = pageLanguage(state.live.site, language);
  const html = renderHtml(
    createElement(NotFoundPage, { unit: unitView(state, lang.isoCode), language: lang, t: textsOf(state.live.site, lang.isoCode) }),
  );
  return sendPage(req, reply, 404, html, cachingOf(state), now);
}

/** How a page of the site may be cached: by anyone, tied to the publication; a preview never. */
export function cachingOf(loaded: LoadedSite): PageCaching {
  return loaded.preview ? { kind: 'none' } : { kind: 'public', publicationId: loaded.live.publicationId, window: loaded.window };
}

/** A preview that cannot be shown (ended, signed out, no longer allowed): 401, to open again from the admin. */
export function sendPreviewEnded(reply: FastifyReply) {
  pageHeaders(reply).header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
  return reply
    .code(401)
    .send(renderHtml(createElement(PreviewEndedPage, { unit: null, language: { isoCode: 'en', rtl: false }, t: englishTexts })));
}

/** Seconds a client is asked to wait before trying an inactive unit again. */
const RETRY_AFTER_SECONDS = 3600;

/** The coming-soon page of an inactive unit: 503, try again later, not indexed. */
export function sendComingSoon(req: FastifyRequest, reply: FastifyReply, loaded: LoadedSite, now: Date, language?: string) {
  const lang = pageLanguage(loaded.live.site, language);
  const html = renderHtml(
    createElement(ComingSoonPage, { unit: unitView(loaded, lang.isoCode), language: lang, t: textsOf(loaded.live.site, lang.isoCode) }),
  );
  reply.header('retry-after', String(RETRY_AFTER_SECONDS)).header('x-robots-tag', 'noindex');
  return sendPage(req, reply, 503, html, { kind: 'none' }, now);
}

/** The query parameter of a search field: keyCode, lot, or a{definitionId}. */
export const paramOf = (f: SearchField['field']) => (typeof f === 'number' ? `a${f}` : f);

/** A search field's form control with the value sent. */
export function fieldView(f: SearchField, value: string | undefined, options?: string[]): SearchFieldView {
  const suggest = f.searchType === 'SEARCHABLE_PARTIAL' && f.field !== 'lot';
  return { param: paramOf(f.field), label: f.label, mandatory: f.mandatory, value: value ?? '', options, suggest };
}

/** The path segment of a product: its key code, or `~{id}` when the audience is not shown key codes of its type. */
export function productSegment(hit: { keyCode: string | null; productId: number }): string {
  return hit.keyCode ?? `~${hit.productId}`;
}

export function hitView(
  root: SiteRoot,
  choice: Choice,
  type: PublicProductType,
  hit: { keyCode: string | null; productId: number; attributes: { name: string; value: string }[] },
  lot?: string,
): ProductHitView {
  return {
    keyCode: hit.keyCode,
    url: siteUrls.product(root, choice, type.slug, productSegment(hit), lot),
    attributes: hit.attributes.map((a) => ({ name: a.name, value: a.value })),
  };
}

/**
 * A product's documents with the download confirmation's URL of each file version (the product
 * context in its query), their languages by name (decision 0048).
 */
export function documentViews(
  root: SiteRoot,
  choice: Choice,
  productId: number,
  lot: string | undefined,
  docs: PublicDocument[],
): DocumentView[] {
  return docs.map((d) => ({
    number: d.number,
    name: d.name,
    typeName: d.documentType.name,
    attributes: d.attributes.map((a) => ({ name: a.name, value: a.value })),
    inVisitorLanguage: d.inVisitorLanguage,
    files: d.files.map((f) => {
      const ctx = { ...choice, productId, lot };
      return {
        fileId: f.fileId,
        name: f.name,
        languages: f.languages.map((code) => ({ code, name: languageName(code) })),
        restOfTheWorld: f.restOfTheWorld,
        current: {
          fileVersionId: f.current.fileVersionId,
          label: f.current.label,
          versionDate: f.current.versionDate,
          size: f.current.binarySize,
          mediaType: f.current.mediaType,
          downloadUrl: siteUrls.file(root, f.fileId, ctx),
        },
        previous: f.previous.map((v) => ({
          fileVersionId: v.fileVersionId,
          label: v.label,
          versionDate: v.versionDate,
          downloadUrl: siteUrls.file(root, f.fileId, { ...ctx, versionId: v.fileVersionId }),
        })),
        paperCopyUrl: siteUrls.paperCopy(root, f.fileId, ctx),
      };
    }),
  }));
}

/** What the download confirmation and the paper-copy form say of a file the visitor may have. */
export function fileSummaryOf(file: DownloadableFile): FileSummaryView {
  return {
    productTypeName: file.productTypeName,
    keyCode: file.keyCode,
    documentNumber: file.document.number,
    documentName: file.document.name,
    fileName: file.file.name,
    versionLabel: file.version.label,
  };
}
