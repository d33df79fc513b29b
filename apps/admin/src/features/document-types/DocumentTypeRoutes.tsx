import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { DocumentTypeEditPage } from './DocumentTypeEditPage';
import { DocumentTypeListPage } from './DocumentTypeListPage';

/** /my-business-units/:businessUnitId/backend-configuration/document-type/*: the list, a new type and a type. */
export function DocumentTypeRoutes() {
  return (
    <Routes>
      <Route index element={<DocumentTypeListPage />} />
      <Route path="new" element={<DocumentTypeEditPage />} />
      <Route path=":documentTypeId" element={<DocumentTypeEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
