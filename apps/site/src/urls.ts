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

function query(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.append(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const siteUrls = {
  /** The site's own style sheet (not a unit's). */
  siteCss: () => '/site/_assets/site.css',
  home: (bu: string, params: { change?: boolean; language?: string } = {}) =>
    `/site/${seg(bu)}${query({ change: params.change ? '1' : undefined, lang: params.language })}`,
  unitCss: (bu: string, version: string) => `/site/${seg(bu)}/style.css${query({ v: version })}`,
  themeCss: (bu: string, version: string) => `/site/${seg(bu)}/theme.css${query({ v: version })}`,
  media: (bu: string, key: string) => `/site/${seg(bu)}/media/${key.split('/').map(seg).join('/')}`,
  resource: (bu: string, name: string) => `/site/${seg(bu)}/resources/${seg(name)}`,
  types: (bu: string, c: Choice) => `/site/${seg(bu)}/${seg(c.country)}/${seg(c.language)}/${c.audience}`,
  search: (bu: string, c: Choice, typeSlug: string, params: Record<string, string | number | undefined> = {}) =>
    `${siteUrls.types(bu, c)}/${seg(typeSlug)}${query(params)}`,
  product: (bu: string, c: Choice, typeSlug: string, keyCode: string, lot?: string) =>
    `${siteUrls.types(bu, c)}/${seg(typeSlug)}/${seg(keyCode)}${query({ lot })}`,
  file: (bu: string, fileId: number, ctx: DownloadContext) => `/site/${seg(bu)}/files/${fileId}${query(downloadQuery(ctx))}`,
  download: (bu: string, fileId: number, ctx: DownloadContext) => `/site/${seg(bu)}/files/${fileId}/download${query(downloadQuery(ctx))}`,
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
