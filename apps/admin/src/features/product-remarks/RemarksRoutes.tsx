import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../errors/NotFoundPage';
import { RemarkEditPage } from './RemarkEditPage';
import { RemarkListPage } from './RemarkListPage';

/** /my-business-units/:businessUnitId/backend-configuration/product-remark/*: the list, a new remark and a remark. */
export function RemarksRoutes() {
  return (
    <Routes>
      <Route index element={<RemarkListPage />} />
      <Route path="new" element={<RemarkEditPage />} />
      <Route path=":remarkId" element={<RemarkEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
