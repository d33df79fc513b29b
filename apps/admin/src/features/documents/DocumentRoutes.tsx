import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { DocumentEditPage } from './DocumentEditPage';
import { DocumentListPage } from './DocumentListPage';

/** /my-business-units/:businessUnitId/document-management/*: the list, a new document and a document. */
export function DocumentRoutes() {
  return (
    <Routes>
      <Route index element={<DocumentListPage />} />
      <Route path="new" element={<DocumentEditPage />} />
      <Route path=":documentId" element={<DocumentEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
