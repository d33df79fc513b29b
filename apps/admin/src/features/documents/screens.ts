import { documentPatterns } from '../../paths/documents';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** Documents (the list, a new document and a document): read with a document right, changed as each page checks. */
export const documentScreens = defineScreens([
  {
    path: `${documentPatterns.list}/*`,
    rights: ['DOCUMENT_READ', 'DOCUMENT_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./DocumentRoutes'), 'DocumentRoutes'),
    // spec 001 §2: documents have their own entry (document-management)
    menu: [{ menu: 'top-bar', id: 'documents', labelKey: 'shell.menu.documents', order: 20 }],
  },
]);
