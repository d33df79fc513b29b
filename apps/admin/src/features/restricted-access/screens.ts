import { restrictedAccessPatterns } from '../../paths/restrictedAccess';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

// restricted user groups and document search access (one chunk)
const pages = () => import('./RestrictedAccessPages');

/** Who may see restricted documents and use the restricted search on the public website (more specific than document-management/*). */
export const restrictedAccessScreens = defineScreens([
  {
    path: `${restrictedAccessPatterns.groups}/*`,
    rights: ['RESTRICTED_ACCESS_GROUP_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(pages, 'RestrictedAccessRoutes'),
    menu: [{ menu: 'website-configuration', id: 'restricted-access', labelKey: 'shell.menu.restrictedAccess', order: 60 }],
  },
  {
    path: restrictedAccessPatterns.searchAccess,
    rights: ['DOCUMENT_SEARCH_USER_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(pages, 'DocumentSearchAccessPage'),
    menu: [{ menu: 'website-configuration', id: 'document-search-access', labelKey: 'shell.menu.documentSearchAccess', order: 70 }],
  },
]);
