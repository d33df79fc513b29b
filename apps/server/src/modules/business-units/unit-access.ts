import { type AccessRight, GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import { forbidden } from '../../platform/errors.js';
import type { UserRights } from '../../platform/rights.js';

// who manages business units (globally) sees every one of them
const UNIT_MANAGER_RIGHTS: AccessRight[] = [
  'BUSINESS_UNIT_CREATE',
  'BUSINESS_UNIT_UPDATE',
  'BUSINESS_UNIT_DELETE',
  'BUSINESS_UNIT_IMAGE',
  'BUSINESS_UNIT_SPECIAL',
];

/** Every business unit is visible: general rights from an all-business-units group, or a global business-unit right. */
export function seesAllUnits(rights: UserRights): boolean {
  return rights.hasAllUnits() || UNIT_MANAGER_RIGHTS.some((r) => rights.has(r, GLOBAL_BUSINESS_UNIT_ID));
}

/** The business units (ids > 0) where the user holds at least one right; 'all' when every one is visible. */
export function visibleUnitIds(rights: UserRights): number[] | 'all' {
  if (seesAllUnits(rights)) return 'all';
  return [...rights.byUnit.entries()].filter(([id, set]) => id > GLOBAL_BUSINESS_UNIT_ID && set.size > 0).map(([id]) => id);
}

/** 403 unless the user holds some right in the business unit (or sees every unit). */
export function requireAnyRightIn(auth: AuthContext, businessUnitId: number): void {
  if (seesAllUnits(auth.rights)) return;
  if ((auth.rights.byUnit.get(businessUnitId)?.size ?? 0) > 0) return;
  throw forbidden();
}
