import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { DocumentFilesPage } from './DocumentFilesPage';
import { FileEditPage } from './FileEditPage';

/** /my-business-units/:businessUnitId/document-management/:documentId/files/*: the files, a new file and a file. */
export function FileRoutes() {
  return (
    <Routes>
      <Route index element={<DocumentFilesPage />} />
      <Route path="new" element={<FileEditPage />} />
      <Route path=":fileId" element={<FileEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
