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
  home: (root: SiteRoot, params: { change?: boolean; language?: string } = {}) =>
    `${root}${query({ change: params.change ? '1' : undefined, lang: params.language })}`,
  unitCss: (root: SiteRoot, version: string) => `${root}/style.css${query({ v: version })}`,
  themeCss: (root: SiteRoot, version: string) => `${root}/theme.css${query({ v: version })}`,
  media: (root: SiteRoot, key: string) => `${root}/media/${key.split('/').map(seg).join('/')}`,
  resource: (root: SiteRoot, name: string) => `${root}/resources/${seg(name)}`,
  types: (root: SiteRoot, c: Choice) => `${root}/${seg(c.country)}/${seg(c.language)}/${c.audience}`,
  search: (root: SiteRoot, c: Choice, typeSlug: string, params: Record<string, string | number | undefined> = {}) =>
    `${siteUrls.types(root, c)}/${seg(typeSlug)}${query(params)}`,
  product: (root: SiteRoot, c: Choice, typeSlug: string, keyCode: string, lot?: string) =>
    `${siteUrls.types(root, c)}/${seg(typeSlug)}/${seg(keyCode)}${query({ lot })}`,
  /** The type-ahead's values of a search field, from the type's search URL (siteUrls.search); the script adds `&q=`. */
  suggest: (searchUrl: string, field: string) => `${searchUrl}/_suggest${query({ field })}`,
  file: (root: SiteRoot, fileId: number, ctx: DownloadContext) => `${root}/files/${fileId}${query(downloadQuery(ctx))}`,
  download: (root: SiteRoot, fileId: number, ctx: DownloadContext) => `${root}/files/${fileId}/download${query(downloadQuery(ctx))}`,
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
