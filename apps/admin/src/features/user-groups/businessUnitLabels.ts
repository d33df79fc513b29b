import type { UserGroup } from '@vellum/contract';
import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import type { TFunction } from 'i18next';

/** The business units of a group as text: 'All business units', or the names with 'Global (0)'. */
export function groupUnitsLabel(group: UserGroup, t: TFunction): string {
  if (group.allBusinessUnits) return t('userGroups.allBusinessUnits');
  return group.businessUnits.map((u) => (u.id === GLOBAL_BUSINESS_UNIT_ID ? t('userGroups.global') : u.displayName)).join(', ');
}
