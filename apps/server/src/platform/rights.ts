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

  /**
   * Whether every right these rights grant, in every business unit, is granted by `other` too (a
   * demo of them by `other` is no escalation: decision 0072).
   */
  isWithin(other: UserRights): boolean {
    if (this.allUnits && !other.allUnits) return false;
    for (const r of this.general) if (!other.general.has(r)) return false;
    for (const [unit, set] of this.byUnit) for (const r of set) if (!other.has(r, unit)) return false;
    return true;
  }

  /** These rights cut down to what `limit` grants: in each unit, only the rights both hold there. */
  within(limit: UserRights): UserRights {
    const general = new Set([...this.general].filter((r) => limit.general.has(r)));
    const byUnit = new Map<number, Set<string>>();
    for (const unit of new Set([...this.byUnit.keys(), ...limit.byUnit.keys()])) {
      const held = new Set([...this.general, ...(this.byUnit.get(unit) ?? [])]);
      const set = new Set([...held].filter((r) => !general.has(r) && limit.has(r, unit)));
      if (set.size > 0 || this.byUnit.has(unit)) byUnit.set(unit, set);
    }
    return new UserRights(general, byUnit, this.allUnits && limit.allUnits);
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
