import type { DbOrTx } from '../../db/client.js';
import { keepsTheUnit, UNIT_CONTENT, type UnitContentArea } from './unit-content.js';
import { type UnitContentCounts, ZERO_COUNTS } from './unit-counts.js';

/** A unit's counts, summed over the areas of the lifecycle list; `keepsTheUnit`: some area whose rows keep the unit counts any. */
export async function countUnitContent(
  db: DbOrTx,
  businessUnitId: number,
  areas: readonly UnitContentArea[] = UNIT_CONTENT,
): Promise<UnitContentCounts & { keepsTheUnit: boolean }> {
  const total = { ...ZERO_COUNTS };
  let keeps = false;
  for (const area of areas) {
    if (!area.count) continue;
    const part = await area.count(db, businessUnitId);
    for (const [k, v] of Object.entries(part) as [keyof UnitContentCounts, number | undefined][]) {
      total[k] += v ?? 0;
      if ((v ?? 0) > 0 && keepsTheUnit(area)) keeps = true;
    }
  }
  return { ...total, keepsTheUnit: keeps };
}
