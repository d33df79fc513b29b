import { Navigate, Route, Routes } from 'react-router';
import { BusinessUnitEditPage } from './BusinessUnitEditPage';
import { BusinessUnitListPage } from './BusinessUnitListPage';

/** /general-settings/business-unit/*: the list, a new business unit and a unit's settings. */
export function BusinessUnitSettingsRoutes() {
  return (
    <Routes>
      <Route index element={<BusinessUnitListPage />} />
      <Route path="new" element={<BusinessUnitEditPage />} />
      <Route path=":id/edit" element={<BusinessUnitEditPage />} />
      <Route path=":id" element={<Navigate to="edit" replace />} />
    </Routes>
  );
}
