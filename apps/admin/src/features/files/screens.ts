import { filePatterns } from '../../paths/files';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** A document's files (more specific than document-management/*) and the archived documents. */
export const fileScreens = defineScreens([
  {
    path: `${filePatterns.list}/*`,
    rights: ['DOCUMENT_READ', 'DOCUMENT_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./FileRoutes'), 'FileRoutes'),
  },
  {
    path: filePatterns.archived,
    rights: ['DOCUMENT_READ', 'DOCUMENT_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./ArchivedDocumentsPage'), 'ArchivedDocumentsPage'),
    // archived data: documents (their archived files) for document users
    menu: [{ menu: 'administration', id: 'archived-data-documents', labelKey: 'shell.menu.archivedDocuments', order: 40 }],
  },
]);
