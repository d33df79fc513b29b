import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { lazyPage } from '../../platform/lazyPage';
import { RemarkListPage } from './RemarkListPage';

// the rich-text editor (tiptap and ProseMirror) loads with the edit page only, not with the list
const RemarkEditPage = lazyPage(() => import('./RemarkEditPage'), 'RemarkEditPage');

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
