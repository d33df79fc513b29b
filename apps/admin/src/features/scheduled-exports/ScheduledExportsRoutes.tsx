import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { ScheduledExportEditPage } from './ScheduledExportEditPage';
import { ScheduledExportListPage } from './ScheduledExportListPage';

/** /my-business-units/:businessUnitId/administration/scheduled-exports/*: the list, a new schedule and a schedule. */
export function ScheduledExportsRoutes() {
  return (
    <Routes>
      <Route index element={<ScheduledExportListPage />} />
      <Route path="new" element={<ScheduledExportEditPage />} />
      <Route path=":scheduleId" element={<ScheduledExportEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
