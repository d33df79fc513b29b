import { Navigate, Route, Routes } from 'react-router';
import { UserGroupEditPage } from './UserGroupEditPage';
import { UserGroupListPage } from './UserGroupListPage';

/** /general-settings/user-group/*: the list, a new group and a group's edit form. */
export function UserGroupsRoutes() {
  return (
    <Routes>
      <Route index element={<UserGroupListPage />} />
      <Route path="new" element={<UserGroupEditPage />} />
      <Route path=":id/edit" element={<UserGroupEditPage />} />
      <Route path=":id" element={<Navigate to="edit" replace />} />
    </Routes>
  );
}
