import { ErrorKeys, GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { findManufacturer } from '../manufacturer/manufacturer.repo.js';

/** The manufacturer setting the global product types belong to (document 000 section 6). */
export const GLOBAL_TYPES_FEATURE = 'globalSearch';

/**
 * The global product types (business unit 0) exist for users only while the manufacturer's global
 * search is on: with it off every call on them, the copy into a unit included, answers 403
 * error.http.403 with params.feature (docs/decisions/0018). Called after the rights check, so a
 * user without the right learns nothing about the setting. Types of a real unit pass untouched.
 */
export async function requireGlobalTypesOn(db: DbOrTx, businessUnitId: number): Promise<void> {
  if (businessUnitId !== GLOBAL_BUSINESS_UNIT_ID) return;
  if ((await findManufacturer(db))?.globalSearch) return;
  throw new AppError(ErrorKeys.forbidden, 403, { feature: GLOBAL_TYPES_FEATURE });
}
