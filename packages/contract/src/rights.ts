/** Every access right, as named by the specification (document 001 section 6). */
export const ACCESS_RIGHTS = [
  'ROLE_USER',
  'QARAD_USER',
  'DEMO_MODUS',
  'ROLE_MANAGE',
  'USER_MANAGE',
  'ACCESS_RIGHT_READ',
  'BUSINESS_UNIT_CREATE',
  'BUSINESS_UNIT_UPDATE',
  'BUSINESS_UNIT_DELETE',
  'BUSINESS_UNIT_IMAGE',
  'BUSINESS_UNIT_SPECIAL',
  'MANUFACTURER_MANAGE',
  'MANUFACTURER_READ',
  'MANUFACTURER_SSO_MANAGE',
  'CONFIG_EXPORT',
  'PRODUCT_SEARCH_ADMIN',
  'LAYOUT_MANAGE',
  'INTERFACE_LANGUAGE_MANAGE',
  'INTERFACE_REGION_MANAGE',
  'TRANSLATION',
  'DOCUMENT_REGION_MANAGE',
  'DOCUMENT_LANGUAGE_MANAGE',
  'PRODUCT_TYPE_MANAGE',
  'PRODUCT_TYPE_DELETE',
  'PRODUCT_TYPE_SPECIAL',
  'PRODUCT_REMARK_MANAGE',
  'PRODUCT_REMARK_DELETE',
  'DOCUMENT_TYPE_MANAGE',
  'DOCUMENT_TYPE_DELETE',
  'DOCUMENT_ATTRIBUTE_MANAGE',
  'DOCUMENT_SEARCH_USER_MANAGE',
  'VALIDATION_RECORDS_MANAGE',
  'DOCUMENT_MANAGE',
  'DOCUMENT_READ',
  'DOCUMENT_DELETE',
  'DOCUMENT_DOWNLOADS',
  'DOCUMENT_SITEMAP',
  'RESTRICTED_ACCESS_GROUP_MANAGE',
  'PUBLISH',
  'PRODUCT_MANAGE',
  'PRODUCT_READ',
  'PRODUCT_DELETE',
  'BULK_IMPORT',
  'BULK_IMPORT_ADMIN',
  'BULK_IMPORT_SPECIAL',
  'BULK_EXPORT',
  'FILE_REMARK_ACTIVATE',
  'FILE_ROTW',
  'FILE_HISTORICAL',
  'AUDIT_LOG_ALL_READ',
  'AUDIT_LOG_PUBLISH_READ',
  'SCHEDULED_EXPORT_MANAGE',
] as const;

export type AccessRight = (typeof ACCESS_RIGHTS)[number];

/** The business-unit id that stands for the global (manufacturer-wide) scope. */
export const GLOBAL_BUSINESS_UNIT_ID = 0;

const CONTENT_RIGHTS: AccessRight[] = [
  'PRODUCT_TYPE_MANAGE',
  'PRODUCT_REMARK_MANAGE',
  'DOCUMENT_TYPE_MANAGE',
  'DOCUMENT_ATTRIBUTE_MANAGE',
  'DOCUMENT_MANAGE',
  'DOCUMENT_READ',
  'PRODUCT_MANAGE',
  'PRODUCT_READ',
  'BULK_IMPORT',
  'BULK_EXPORT',
  'FILE_REMARK_ACTIVATE',
  'TRANSLATION',
];

const READ_RIGHTS: AccessRight[] = ['ROLE_USER', 'PRODUCT_READ', 'DOCUMENT_READ', 'MANUFACTURER_READ'];

/**
 * The predefined roles and their rights. They are read-only: the server refuses to update or
 * delete them. The mapping is ours (the specification does not show it); docs/decisions/0002.
 */
export const PREDEFINED_ROLES: { name: string; description: string; rights: readonly AccessRight[] }[] = [
  { name: 'Administrator', description: 'Every right', rights: ACCESS_RIGHTS },
  {
    name: 'Business unit manager',
    description: 'Manages the content, website configuration and publishing of business units',
    rights: [
      ...READ_RIGHTS,
      ...CONTENT_RIGHTS,
      'BUSINESS_UNIT_UPDATE',
      'BUSINESS_UNIT_IMAGE',
      'LAYOUT_MANAGE',
      'INTERFACE_LANGUAGE_MANAGE',
      'INTERFACE_REGION_MANAGE',
      'DOCUMENT_REGION_MANAGE',
      'DOCUMENT_LANGUAGE_MANAGE',
      'PRODUCT_TYPE_DELETE',
      'PRODUCT_REMARK_DELETE',
      'DOCUMENT_TYPE_DELETE',
      'DOCUMENT_DELETE',
      'PRODUCT_DELETE',
      'DOCUMENT_DOWNLOADS',
      'DOCUMENT_SITEMAP',
      'DOCUMENT_SEARCH_USER_MANAGE',
      'RESTRICTED_ACCESS_GROUP_MANAGE',
      'PUBLISH',
      'AUDIT_LOG_ALL_READ',
      'FILE_ROTW',
      'FILE_HISTORICAL',
    ],
  },
  { name: 'Content editor', description: 'Edits products and documents', rights: [...READ_RIGHTS, ...CONTENT_RIGHTS] },
  {
    name: 'Publisher',
    description: 'Publishes content to the public website',
    rights: [...READ_RIGHTS, 'PUBLISH', 'AUDIT_LOG_PUBLISH_READ', 'DOCUMENT_DOWNLOADS'],
  },
  { name: 'Viewer', description: 'Reads content', rights: READ_RIGHTS },
  {
    name: 'Auditor',
    description: 'Reads content and every audit log',
    rights: [...READ_RIGHTS, 'AUDIT_LOG_ALL_READ', 'ACCESS_RIGHT_READ', 'DOCUMENT_DOWNLOADS'],
  },
];

export const SUPER_ADMIN_GROUP_NAME = 'Super administrators';
