import { Route, Routes } from 'react-router';
import { RoleEditPage } from './RoleEditPage';
import { RoleListPage } from './RoleListPage';

/** /general-settings/role/*: the list, a new role, a role's edit form and its read-only view. */
export function RolesRoutes() {
  return (
    <Routes>
      <Route index element={<RoleListPage />} />
      <Route path="new" element={<RoleEditPage />} />
      <Route path=":id/edit" element={<RoleEditPage />} />
      <Route path=":id" element={<RoleEditPage view />} />
    </Routes>
  );
}
