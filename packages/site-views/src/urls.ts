/**
 * The public website's stable URLs (docs/site-urls.md). Labels print them, so they keep their
 * shape for the retention period: country and language as lower-case ISO codes, the audience as
 * `hcp` or `patient`, the product type by its slug and the product by its key code.
 */
export type AudienceSegment = 'hcp' | 'patient';

/** What a visitor chose: country, language and audience (lower-case, as in the URL). */
export interface Choice {
  country: string;
  language: string;
  audience: AudienceSegment;
}

const seg = (s: string) => encodeURIComponent(s);

/**
 * Where a unit's pages live: `/site/{bu}` for visitors, `/site/_preview/{bu}` for a signed-in
 * user's preview (decision 0042). Every URL of a page is built from the root it was served under,
 * so a preview's links stay in the preview and a visitor's never lead into it.
 */
export type SiteRoot = string;
export const siteRoot = (bu: string): SiteRoot => `/site/${seg(bu)}`;
export const previewRoot = (bu: string): SiteRoot => `/site/_preview/${seg(bu)}`;

function query(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.append(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const siteUrls = {
  /** The site's own style sheet (not a unit's). */
  siteCss: () => '/site/_assets/site.css',
  /** The chooser; `from`: the page's path under the root, where a change of choice comes back to (decision 0048). */
  home: (root: SiteRoot, params: { change?: boolean; language?: string; from?: string } = {}) =>
    `${root}${query({ change: params.change ? '1' : undefined, lang: params.language, from: params.from })}`,
  /** Every unit's public website (`/site` alone). */
  sites: () => '/site',
  unitCss: (root: SiteRoot, version: string) => `${root}/style.css${query({ v: version })}`,
  themeCss: (root: SiteRoot, version: string) => `${root}/theme.css${query({ v: version })}`,
  media: (root: SiteRoot, key: string) => `${root}/media/${key.split('/').map(seg).join('/')}`,
  resource: (root: SiteRoot, name: string) => `${root}/resources/${seg(name)}`,
  types: (root: SiteRoot, c: Choice) => `${root}/${seg(c.country)}/${seg(c.language)}/${c.audience}`,
  search: (root: SiteRoot, c: Choice, typeSlug: string, params: Record<string, string | number | undefined> = {}) =>
    `${siteUrls.types(root, c)}/${seg(typeSlug)}${query(params)}`,
  product: (root: SiteRoot, c: Choice, typeSlug: string, keyCode: string, lot?: string) =>
    `${siteUrls.types(root, c)}/${seg(typeSlug)}/${seg(keyCode)}${query({ lot })}`,
  /** The document search of the audience (decision 0045): `_documents` is no product type slug (slugs start with a letter or digit). */
  documentSearch: (root: SiteRoot, c: Choice, params: Record<string, string | number | undefined> = {}) =>
    `${siteUrls.types(root, c)}/_documents${query(params)}`,
  /** Asking for an e-mail link to restricted documents (POST), or its form on its own (GET). */
  access: (root: SiteRoot, params: { back?: string; language?: string } = {}) => `${root}/_access${query(params)}`,
  /** The link of the e-mail: a page that uses it when confirmed (POST to the same URL). */
  accessLink: (root: SiteRoot, token: string, language?: string) => `${root}/_access/${seg(token)}${query({ language })}`,
  /**
   * Signing in through the manufacturer's identity provider for restricted documents (decision
   * 0075): a plain link (GET) that sends the browser to the provider, and where the provider sends it back.
   */
  accessSso: (root: SiteRoot, params: { back?: string; language?: string } = {}) => `${root}/_access/_sso${query(params)}`,
  accessSsoCallback: (root: SiteRoot) => `${root}/_access/_sso/callback`,
  /** Forgets the verified e-mail (POST). */
  accessForget: (root: SiteRoot) => `${root}/_access/_forget`,
  /** GS1 Digital Link of a product (decision 0043): the persistent URL of its GTIN, with a lot when given. */
  gs1: (root: SiteRoot, gtin14: string, lot?: string) => `${root}/01/${seg(gtin14)}${lot ? `/10/${seg(lot)}` : ''}`,
  /**
   * The persistent URL of a product by its id (decision 0049): opens its page through the visitor's
   * choice (or the chooser), whatever its type's slug or key code becomes; what a label prints for a
   * product whose key code is no GTIN.
   */
  persistent: (root: SiteRoot, productId: number) => `${root}/p/${productId}`,
  /** The sitemap of the unit's product pages; a part of it when it is an index (more than 50,000 URLs). */
  siteMap: (root: SiteRoot, part?: number) => `${root}/sitemap.xml${query({ part })}`,
  /** The type-ahead's values of a search field, from the type's search URL (siteUrls.search); the script adds `&q=`. */
  suggest: (searchUrl: string, field: string) => `${searchUrl}/_suggest${query({ field })}`,
  file: (root: SiteRoot, fileId: number, ctx: DownloadContext) => `${root}/files/${fileId}${query(downloadQuery(ctx))}`,
  download: (root: SiteRoot, fileId: number, ctx: DownloadContext) => `${root}/files/${fileId}/download${query(downloadQuery(ctx))}`,
  /** The paper-copy form of a file's current version, in the product context of the download (decision 0044). */
  paperCopy: (root: SiteRoot, fileId: number, ctx: DownloadContext) =>
    `${root}/files/${fileId}/paper-copy${query(downloadQuery({ ...ctx, versionId: undefined }))}`,
  /** Its confirmation once the request is stored (`mailed=0`: the e-mail could not be sent). */
  paperCopySent: (root: SiteRoot, fileId: number, ctx: DownloadContext, mailed: boolean) =>
    `${root}/files/${fileId}/paper-copy/sent${query({ ...downloadQuery({ ...ctx, versionId: undefined }), mailed: mailed ? undefined : 0 })}`,
};

/** The product context a download carries from the product page (decision 0039). */
export interface DownloadContext extends Choice {
  productId: number;
  lot?: string;
  /** A previous version; the file's current version without it. */
  versionId?: number;
}

export function downloadQuery(ctx: DownloadContext): Record<string, string | number | undefined> {
  return {
    product: ctx.productId,
    country: ctx.country,
    language: ctx.language,
    audience: ctx.audience,
    lot: ctx.lot,
    version: ctx.versionId,
  };
}
