import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';

/**
 * What a user may do: general rights (from groups on all business units) plus the rights held
 * in each business unit. Unit 0 is the global scope.
 */
export class UserRights {
  constructor(
    readonly general: ReadonlySet<string>,
    readonly byUnit: ReadonlyMap<number, ReadonlySet<string>>,
    /** Whether a group of the user spans all business units. */
    private readonly allUnits = false,
  ) {}

  /** Rights in one business unit: the general ones plus that unit's. */
  has(right: string, businessUnitId: number = GLOBAL_BUSINESS_UNIT_ID): boolean {
    return this.general.has(right) || (this.byUnit.get(businessUnitId)?.has(right) ?? false);
  }

  /** Whether the right is held anywhere (for menus that list units). */
  hasAnywhere(right: string): boolean {
    if (this.general.has(right)) return true;
    for (const set of this.byUnit.values()) if (set.has(right)) return true;
    return false;
  }

  /** Whether the user's rights reach every business unit (a group on all units). */
  hasAllUnits(): boolean {
    return this.allUnits;
  }

  static fromGrants(grants: { allBusinessUnits: boolean; businessUnitId: number | null; rights: string[] }[]): UserRights {
    const general = new Set<string>(['ROLE_USER']);
    const byUnit = new Map<number, Set<string>>();
    let allUnits = false;
    for (const g of grants) {
      if (g.allBusinessUnits) {
        allUnits = true;
        for (const r of g.rights) general.add(r);
      } else if (g.businessUnitId !== null) {
        let set = byUnit.get(g.businessUnitId);
        if (!set) byUnit.set(g.businessUnitId, (set = new Set()));
        for (const r of g.rights) set.add(r);
      }
    }
    return new UserRights(general, byUnit, allUnits);
  }
}
