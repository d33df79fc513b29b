import { describe, expect, it } from 'vitest';
import { screens } from './screens';

/** The addresses of document 000 section 2 with the rights (any of) and the unit they are checked in, as the route table had them. */
const EXPECTED: [string, string[] | undefined, 'business-unit'?][] = [
  ['/', undefined],
  ['/login', undefined],
  ['/admin-login', undefined],
  ['/login/callback', undefined],
  ['/logout', undefined],
  ['/account/reset/forgot', undefined],
  ['/account/reset/finish/:key?', undefined],
  ['/account', undefined],
  ['/account/settings', undefined],
  ['/account/password', undefined],
  ['/my-business-units', undefined],
  ['/my-business-units/:businessUnitId', undefined],
  ['/my-business-units/:businessUnitId/administration/audit-logs', ['AUDIT_LOG_ALL_READ', 'AUDIT_LOG_PUBLISH_READ'], 'business-unit'],
  ['/my-business-units/:businessUnitId/administration/website-stats', ['DOCUMENT_DOWNLOADS'], 'business-unit'],
  ['/my-business-units/:businessUnitId/product-types', ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_TYPE_MANAGE'], 'business-unit'],
  ['/my-business-units/:businessUnitId/product-types/:productTypeId', undefined],
  [
    '/my-business-units/:businessUnitId/backend-configuration/product-type/*',
    ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_TYPE_MANAGE'],
    'business-unit',
  ],
  ['/general-settings/manufacturer-product-type/*', ['PRODUCT_TYPE_MANAGE', 'PRODUCT_READ', 'PRODUCT_MANAGE']],
  [
    '/my-business-units/:businessUnitId/product-types/:productTypeId/product-management/*',
    ['PRODUCT_READ', 'PRODUCT_MANAGE'],
    'business-unit',
  ],
  ['/my-business-units/:businessUnitId/product-management/*', ['PRODUCT_READ', 'PRODUCT_MANAGE'], 'business-unit'],
  [
    '/my-business-units/:businessUnitId/backend-configuration/product-remark/*',
    ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_REMARK_MANAGE'],
    'business-unit',
  ],
  [
    '/my-business-units/:businessUnitId/backend-configuration/region/*',
    ['DOCUMENT_REGION_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'],
    'business-unit',
  ],
  [
    '/my-business-units/:businessUnitId/backend-configuration/language-group/*',
    ['DOCUMENT_LANGUAGE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'],
    'business-unit',
  ],
  ['/my-business-units/:businessUnitId/website-configuration/region/*', ['INTERFACE_REGION_MANAGE', 'TRANSLATION'], 'business-unit'],
  [
    '/my-business-units/:businessUnitId/website-configuration/language',
    ['INTERFACE_LANGUAGE_MANAGE', 'TRANSLATION', 'LAYOUT_MANAGE', 'INTERFACE_REGION_MANAGE'],
    'business-unit',
  ],
  ['/general-settings/manufacturer-regions/*', ['INTERFACE_REGION_MANAGE', 'DOCUMENT_REGION_MANAGE']],
  ['/general-settings/manufacturer-languages', ['INTERFACE_LANGUAGE_MANAGE', 'DOCUMENT_LANGUAGE_MANAGE']],
  [
    '/my-business-units/:businessUnitId/backend-configuration/document-type/*',
    ['DOCUMENT_TYPE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'],
    'business-unit',
  ],
  [
    '/my-business-units/:businessUnitId/backend-configuration/document-attribute',
    ['DOCUMENT_ATTRIBUTE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'],
    'business-unit',
  ],
  ['/my-business-units/:businessUnitId/document-management/*', ['DOCUMENT_READ', 'DOCUMENT_MANAGE'], 'business-unit'],
  ['/my-business-units/:businessUnitId/administration/archived-data-lot-ranges', ['PRODUCT_READ', 'PRODUCT_MANAGE'], 'business-unit'],
  ['/my-business-units/:businessUnitId/document-management/:documentId/files/*', ['DOCUMENT_READ', 'DOCUMENT_MANAGE'], 'business-unit'],
  ['/my-business-units/:businessUnitId/administration/archived-data-documents', ['DOCUMENT_READ', 'DOCUMENT_MANAGE'], 'business-unit'],
  ['/general-settings/product-search', ['PRODUCT_SEARCH_ADMIN']],
  ['/general-settings/user-management/*', ['USER_MANAGE']],
  ['/general-settings/role/*', ['ROLE_MANAGE']],
  ['/general-settings/user-group/*', ['USER_MANAGE', 'ROLE_MANAGE']],
  ['/general-settings/business-unit/*', ['BUSINESS_UNIT_CREATE', 'BUSINESS_UNIT_UPDATE', 'BUSINESS_UNIT_DELETE']],
  ['/my-business-units/:businessUnitId/website-configuration/layout', ['LAYOUT_MANAGE'], 'business-unit'],
  ['/my-business-units/:businessUnitId/website-configuration/public-resources', ['LAYOUT_MANAGE'], 'business-unit'],
  ['/general-settings/manufacturer-layout', ['LAYOUT_MANAGE']],
  ['/general-settings/manufacturer-settings', ['MANUFACTURER_MANAGE', 'MANUFACTURER_READ']],
  ['/general-settings/manufacturer-sso-settings', ['MANUFACTURER_SSO_MANAGE']],
  ['/general-settings/manufacturer-sso-settings/test', ['MANUFACTURER_SSO_MANAGE']],
  ['/general-settings/manufacturer-sso-settings/test-result', ['MANUFACTURER_SSO_MANAGE']],
  ['/general-settings/config-export', ['CONFIG_EXPORT']],
  ['/general-settings/notification-preview', ['MANUFACTURER_MANAGE']],
  // the customer's IQ/OQ/PQ documents, listed on the validation records page (decision 0077)
  ['/general-settings/qualification-documents', ['VALIDATION_RECORDS_MANAGE']],
  ['/general-settings/bulk-uploads', ['BULK_IMPORT_ADMIN']],
  // spec 001 §2: the bulk upload pages of a product type's products and of the unit's documents
  ['/my-business-units/:businessUnitId/product-types/:productTypeId/bulk-upload', ['BULK_IMPORT'], 'business-unit'],
  ['/my-business-units/:businessUnitId/document-management/bulk-upload', ['BULK_IMPORT'], 'business-unit'],
  // the download page of an export's e-mail: any signed-in user, the server checks the link is theirs
  ['/bulk-exports/:id', undefined],
  ['/my-business-units/:businessUnitId/website-configuration/website-translations', ['TRANSLATION'], 'business-unit'],
  ['/general-settings/manufacturer-translations', ['TRANSLATION']],
  ['/my-business-units/:businessUnitId/document-management/restricted-access/*', ['RESTRICTED_ACCESS_GROUP_MANAGE'], 'business-unit'],
  ['/my-business-units/:businessUnitId/document-management/search-access', ['DOCUMENT_SEARCH_USER_MANAGE'], 'business-unit'],
  ['/my-business-units/:businessUnitId/publish', ['PUBLISH', 'AUDIT_LOG_PUBLISH_READ'], 'business-unit'],
  ['/my-business-units/:businessUnitId/administration/paper-copy-requests', ['DOCUMENT_MANAGE'], 'business-unit'],
  ['/my-business-units/:businessUnitId/administration/sitemap', ['DOCUMENT_SITEMAP'], 'business-unit'],
  ['/my-business-units/:businessUnitId/administration/retention', ['DOCUMENT_READ', 'DOCUMENT_MANAGE', 'DOCUMENT_DELETE'], 'business-unit'],
  ['/my-business-units/:businessUnitId/administration/scheduled-exports/*', ['SCHEDULED_EXPORT_MANAGE'], 'business-unit'],
  // the download page of a scheduled export's e-mail: any signed-in user, the server checks the address and the right
  ['/scheduled-exports/downloads/:id', undefined],
  // help (spec 000 §2): the ticket form for any signed-in user, every ticket for the vendor's support staff
  ['/help', undefined],
  ['/general-settings/tickets', ['QARAD_USER']],
  // the release notes: any signed-in user, from the footer's version
  ['/general-settings/release-notes', undefined],
];

describe('the screen tables', () => {
  it('declare every address once, with its rights and scope', () => {
    const declared = screens.map((s) => [s.path, s.rights ? [...s.rights] : undefined, s.scope === 'business-unit' ? s.scope : undefined]);
    const expected = EXPECTED.map(([path, rights, scope]) => [path, rights, scope]);
    const byPath = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(declared.sort(byPath)).toEqual(expected.sort(byPath));
  });

  it('keep the public screens outside the shell', () => {
    expect(screens.filter((s) => s.layout === 'public').map((s) => s.path)).toEqual([
      '/',
      '/login',
      '/admin-login',
      '/login/callback',
      '/logout',
      '/account/reset/forgot',
      '/account/reset/finish/:key?',
    ]);
  });
});
