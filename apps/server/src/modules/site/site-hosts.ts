/**
 * A business unit bound to its own host name (issue 12, decision 0039): `SITE_HOSTS` maps host
 * names to unit slugs. On a bound host the unit's site is the whole host: `/` is its chooser,
 * `/01/{gtin}` its GS1 link, `/be/fr/hcp/…` its pages; its own `/site/{bu}/…` links keep working.
 * Nothing else is served there: another unit's site, the API and the admin app answer the site's
 * 404 page, so the public host exposes only the public site. config.ts parses `SITE_HOSTS`.
 */

/** The URL a request on a bound host is routed as; the URL itself on any other host. */
export function siteHostUrl(hosts: ReadonlyMap<string, string>, hostHeader: string | undefined, url: string): string {
  if (hosts.size === 0 || !hostHeader) return url;
  const host = hostHeader.replace(/:\d+$/, '').toLowerCase();
  const slug = hosts.get(host);
  if (!slug) return url;
  const own = [`/site/${slug}`, `/site/_preview/${slug}`];
  const isUnder = (prefix: string) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
  if (own.some(isUnder) || url.startsWith('/site/_assets/') || url.startsWith('/site/_preview/_enter?')) return url;
  // another unit's site on this host is not there
  if (isUnder('/site')) return `/site/${slug}/_elsewhere`;
  return url === '/' || url.startsWith('/?') ? `/site/${slug}${url.slice(1)}` : `/site/${slug}${url}`;
}
