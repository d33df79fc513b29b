import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PublicUserGroupEditPage } from './PublicUserGroupEditPage';
import { PublicUserGroupListPage } from './PublicUserGroupListPage';

/** /my-business-units/:businessUnitId/document-management/restricted-access/*: the list, a new group and a group. */
export function RestrictedAccessRoutes() {
  return (
    <Routes>
      <Route index element={<PublicUserGroupListPage />} />
      <Route path="new" element={<PublicUserGroupEditPage />} />
      <Route path=":groupId" element={<PublicUserGroupEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
