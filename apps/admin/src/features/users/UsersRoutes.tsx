import { Navigate, Route, Routes } from 'react-router';
import { UserEditPage } from './UserEditPage';
import { UserListPage } from './UserListPage';

/** /general-settings/user-management/*: the list, a new user and a user's edit form. */
export function UsersRoutes() {
  return (
    <Routes>
      <Route index element={<UserListPage />} />
      <Route path="new" element={<UserEditPage />} />
      <Route path=":id/edit" element={<UserEditPage />} />
      <Route path=":id" element={<Navigate to="edit" replace />} />
    </Routes>
  );
}
