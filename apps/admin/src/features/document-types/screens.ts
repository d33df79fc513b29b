import { documentTypePatterns } from '../../paths/documentTypes';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** Document types and attributes: read with a document right, changed with their own (as each page checks). */
export const documentTypeScreens = defineScreens([
  {
    path: `${documentTypePatterns.list}/*`,
    rights: ['DOCUMENT_TYPE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'],
    scope: 'business-unit',
    page: lazyPage(() => import('./DocumentTypeRoutes'), 'DocumentTypeRoutes'),
    menu: [
      {
        menu: 'backend-configuration',
        id: 'document-type',
        labelKey: 'shell.menu.documentTypes',
        order: 30,
        rights: ['DOCUMENT_TYPE_MANAGE'],
      },
    ],
  },
  {
    path: documentTypePatterns.attributes,
    rights: ['DOCUMENT_ATTRIBUTE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'],
    scope: 'business-unit',
    page: lazyPage(() => import('./DocumentAttributesPage'), 'DocumentAttributesPage'),
    menu: [
      {
        menu: 'backend-configuration',
        id: 'document-attribute',
        labelKey: 'shell.menu.documentAttributes',
        order: 40,
        rights: ['DOCUMENT_ATTRIBUTE_MANAGE'],
      },
    ],
  },
]);
