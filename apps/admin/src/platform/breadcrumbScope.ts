import { matchPath } from 'react-router';

/** The three breadcrumb scopes of document 001 section 2. */
export type BreadcrumbScope =
  | { scope: 'none' }
  | { scope: 'business-unit'; businessUnitId: number }
  | { scope: 'product-type'; businessUnitId: number; productTypeId: number };

const toId = (value: string | undefined): number | undefined => {
  if (!value || !/^\d+$/.test(value)) return undefined;
  return Number(value);
};

/** Which scope a path is in: under /my-business-units/{id}, and further under product-types/{id}. */
export function breadcrumbScope(pathname: string): BreadcrumbScope {
  const productType = matchPath({ path: '/my-business-units/:businessUnitId/product-types/:productTypeId', end: false }, pathname);
  const unit = matchPath({ path: '/my-business-units/:businessUnitId', end: false }, pathname);
  const businessUnitId = toId(unit?.params.businessUnitId);
  if (businessUnitId === undefined) return { scope: 'none' };
  const productTypeId = toId(productType?.params.productTypeId);
  if (productTypeId !== undefined) return { scope: 'product-type', businessUnitId, productTypeId };
  return { scope: 'business-unit', businessUnitId };
}
