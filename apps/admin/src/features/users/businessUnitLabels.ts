import type { UserGroup } from '@vellum/contract';
import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import type { TFunction } from 'i18next';

/** The business units of a group as text: 'All business units', or their names, the global scope named in words (never by its id). */
export function groupUnitsLabel(group: UserGroup, t: TFunction): string {
  if (group.allBusinessUnits) return t('userGroups.allBusinessUnits');
  return group.businessUnits.map((u) => (u.id === GLOBAL_BUSINESS_UNIT_ID ? t('userGroups.global') : u.displayName)).join(', ');
}
