import { pathTo } from '../platform/paths';

/** The business units: the user's list, one unit's home, and the units' settings (list, `/new`, `/:id/edit`). */
export const businessUnitPatterns = {
  mine: '/my-business-units',
  home: '/my-business-units/:businessUnitId',
  settings: '/general-settings/business-unit',
  settingsEdit: '/general-settings/business-unit/:businessUnitId/edit',
} as const;

export const businessUnitPaths = {
  home: (businessUnitId: number) => pathTo(businessUnitPatterns.home, { businessUnitId }),
  /** The unit's settings, where restricted user groups are switched on. */
  settingsEdit: (businessUnitId: number) => pathTo(businessUnitPatterns.settingsEdit, { businessUnitId }),
};
