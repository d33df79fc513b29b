import { type AccessRight, GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import { forbidden } from '../../platform/errors.js';

/** Reading product types (list, get, name, definitions, images): any of these in the type's business unit. */
export const READ_RIGHTS: AccessRight[] = ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_TYPE_MANAGE'];

/**
 * 403 unless the user may read the product types of the business unit. The global types (unit 0)
 * are also readable by anyone managing product types in some unit: they copy them from there.
 */
export function requireReadIn(auth: AuthContext, businessUnitId: number): void {
  if (READ_RIGHTS.some((r) => auth.rights.has(r, businessUnitId))) return;
  if (businessUnitId === GLOBAL_BUSINESS_UNIT_ID && auth.rights.hasAnywhere('PRODUCT_TYPE_MANAGE')) return;
  throw forbidden();
}
