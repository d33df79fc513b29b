/** administration → sitemap of a unit. */
export const sitemapPath = (businessUnitId: number) => `/my-business-units/${businessUnitId}/administration/sitemap`;
