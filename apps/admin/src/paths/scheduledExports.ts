import { pathTo } from '../platform/paths';

/** The scheduled exports of a business unit (list, `/new`, `/:scheduleId`), and a recipient's download page. */
export const scheduledExportPatterns = {
  list: '/my-business-units/:businessUnitId/administration/scheduled-exports',
  download: '/scheduled-exports/downloads/:id',
} as const;

export const scheduledExportPaths = {
  list: (businessUnitId: number) => pathTo(scheduledExportPatterns.list, { businessUnitId }),
};
