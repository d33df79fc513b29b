import type { AccessRight } from '@vellum/contract';
import type { AuthState } from './auth';

/** Where a screen's rights are held: the global unit 0, or the business unit its address names. */
export type AccessScope = 'global' | 'business-unit';

/** Where sign-in returns to: the page the guard turned away (router state `from`). */
export interface ReturnState {
  from?: string;
}

/** The unit a screen's rights are checked in: the address's `:businessUnitId`, or the global unit 0. */
export function unitOfScope(scope: AccessScope, businessUnitId: string | undefined): number {
  return scope === 'business-unit' ? Number(businessUnitId) : 0;
}

/** Whether the user holds any of the rights in the unit (no rights: any signed-in user). */
export function holdsAny(auth: Pick<AuthState, 'hasRight'>, rights: readonly AccessRight[] | undefined, unit: number): boolean {
  return !rights || rights.some((r) => auth.hasRight(r, unit));
}
