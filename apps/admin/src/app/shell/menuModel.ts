import type { AccessRight } from '@vellum/contract';
import type { FeatureSwitches } from '../../platform/queries';

/** One link of a top-bar menu: an i18n key, where it goes, and the rights (any of) it needs. */
export interface MenuLink {
  id: string;
  labelKey: string;
  to: string;
}

export interface MenuSection {
  id: string;
  labelKey: string;
  items: MenuLink[];
}

type HasRight = (right: AccessRight, businessUnitId?: number) => boolean;

interface MenuLinkRule extends MenuLink {
  rights: AccessRight[];
  /** Shown only when this returns true (feature switches). */
  when?: (features: FeatureSwitches) => boolean;
  /** Hidden when any of these is held (another entry leads there already). */
  unlessRights?: AccessRight[];
}

/**
 * The general-settings menu (document 001 section 6). Only areas that exist are listed: sections for
 * SSO, layout, languages, translations, regions, exports and release notes join as they are built.
 */
const GENERAL_SETTINGS: { id: string; labelKey: string; items: MenuLinkRule[] }[] = [
  {
    id: 'access-management',
    labelKey: 'shell.menu.accessManagement',
    items: [
      { id: 'roles', labelKey: 'shell.menu.roles', to: '/general-settings/role', rights: ['ROLE_MANAGE'] },
      { id: 'user-groups', labelKey: 'shell.menu.userGroups', to: '/general-settings/user-group', rights: ['USER_MANAGE', 'ROLE_MANAGE'] },
      { id: 'users', labelKey: 'shell.menu.users', to: '/general-settings/user-management', rights: ['USER_MANAGE'] },
    ],
  },
  {
    id: 'manufacturer-management',
    labelKey: 'shell.menu.manufacturerManagement',
    items: [
      {
        id: 'business-units',
        labelKey: 'shell.menu.businessUnits',
        to: '/general-settings/business-unit',
        rights: ['BUSINESS_UNIT_CREATE', 'BUSINESS_UNIT_UPDATE', 'BUSINESS_UNIT_DELETE'],
      },
      {
        id: 'manufacturer-settings',
        labelKey: 'shell.menu.manufacturerSettings',
        to: '/general-settings/manufacturer-settings',
        rights: ['MANUFACTURER_MANAGE', 'MANUFACTURER_READ'],
      },
      {
        id: 'product-search',
        labelKey: 'shell.menu.productSearch',
        to: '/general-settings/product-search',
        rights: ['PRODUCT_SEARCH_ADMIN'],
      },
    ],
  },
  // website configuration, manufacturer-wide (issue 9; unit 0, decision 0023): each area adds its link here
  {
    id: 'manufacturer-website',
    labelKey: 'shell.menu.manufacturerWebsite',
    items: [
      {
        id: 'manufacturer-regions',
        labelKey: 'shell.menu.manufacturerRegions',
        to: '/general-settings/manufacturer-regions',
        rights: ['INTERFACE_REGION_MANAGE', 'DOCUMENT_REGION_MANAGE'],
      },
      {
        id: 'manufacturer-languages',
        labelKey: 'shell.menu.manufacturerLanguages',
        to: '/general-settings/manufacturer-languages',
        rights: ['INTERFACE_LANGUAGE_MANAGE', 'DOCUMENT_LANGUAGE_MANAGE'],
      },
      {
        id: 'manufacturer-translations',
        labelKey: 'shell.menu.manufacturerTranslations',
        to: '/general-settings/manufacturer-translations',
        rights: ['TRANSLATION'],
      },
      {
        id: 'manufacturer-layout',
        labelKey: 'shell.menu.manufacturerLayout',
        to: '/general-settings/manufacturer-layout',
        rights: ['LAYOUT_MANAGE'],
      },
    ],
  },
  {
    // document 000 section 6: regions and product types, only while global search is on
    id: 'global-search',
    labelKey: 'shell.menu.globalSearch',
    items: [
      {
        id: 'manufacturer-product-type',
        labelKey: 'shell.menu.globalProductTypes',
        to: '/general-settings/manufacturer-product-type',
        rights: ['PRODUCT_TYPE_MANAGE'],
        when: (f) => f.globalSearch,
      },
    ],
  },
];

/** The administration menu of a business unit; `:id` is the unit. */
const ADMINISTRATION: MenuLinkRule[] = [
  {
    id: 'audit-logs',
    labelKey: 'shell.menu.auditLogs',
    to: '/my-business-units/:id/administration/audit-logs',
    rights: ['AUDIT_LOG_ALL_READ', 'AUDIT_LOG_PUBLISH_READ'],
  },
  {
    // issue 12: downloads from the public website, as charts and records
    id: 'website-stats',
    labelKey: 'shell.menu.websiteStats',
    to: '/my-business-units/:id/administration/website-stats',
    rights: ['DOCUMENT_DOWNLOADS'],
  },
  {
    // archived data: lot ranges for product users (documents join with the document area)
    id: 'archived-data-lot-ranges',
    labelKey: 'shell.menu.archivedLotRanges',
    to: '/my-business-units/:id/administration/archived-data-lot-ranges',
    rights: ['PRODUCT_READ', 'PRODUCT_MANAGE'],
  },
  {
    // archived data: documents (their archived files) for document users
    id: 'archived-data-documents',
    labelKey: 'shell.menu.archivedDocuments',
    to: '/my-business-units/:id/administration/archived-data-documents',
    rights: ['DOCUMENT_READ', 'DOCUMENT_MANAGE'],
  },
  {
    // issue 11: the publication history, read-only for those who may read the publishing audit
    // logs but not publish (holders of PUBLISH reach it through the top bar's Publish)
    id: 'publications',
    labelKey: 'shell.menu.publications',
    to: '/my-business-units/:id/publish',
    rights: ['AUDIT_LOG_PUBLISH_READ'],
    unlessRights: ['PUBLISH'],
  },
  {
    // issue 12: paper copies visitors asked for (EU 2021/2226), for who manages the unit's documents
    id: 'paper-copy-requests',
    labelKey: 'shell.menu.paperCopyRequests',
    to: '/my-business-units/:id/administration/paper-copy-requests',
    rights: ['DOCUMENT_MANAGE'],
  },
  {
    // issue 12: the public website's products and documents with their label URLs, QR codes and EUDAMED export
    id: 'sitemap',
    labelKey: 'shell.menu.sitemap',
    to: '/my-business-units/:id/administration/sitemap',
    rights: ['DOCUMENT_SITEMAP'],
  },
];

/** The backend-configuration menu of a business unit; `:id` is the unit. */
const BACKEND_CONFIGURATION: MenuLinkRule[] = [
  {
    id: 'product-type',
    labelKey: 'shell.menu.productTypeConfiguration',
    to: '/my-business-units/:id/backend-configuration/product-type',
    rights: ['PRODUCT_TYPE_MANAGE'],
  },
  {
    id: 'product-remark',
    labelKey: 'shell.menu.productRemarks',
    to: '/my-business-units/:id/backend-configuration/product-remark',
    rights: ['PRODUCT_REMARK_MANAGE'],
  },
  {
    id: 'document-type',
    labelKey: 'shell.menu.documentTypes',
    to: '/my-business-units/:id/backend-configuration/document-type',
    rights: ['DOCUMENT_TYPE_MANAGE'],
  },
  {
    id: 'document-attribute',
    labelKey: 'shell.menu.documentAttributes',
    to: '/my-business-units/:id/backend-configuration/document-attribute',
    rights: ['DOCUMENT_ATTRIBUTE_MANAGE'],
  },
  // issue 9: document regions, document languages and language groups
  {
    id: 'document-region',
    labelKey: 'shell.menu.documentRegions',
    to: '/my-business-units/:id/backend-configuration/region',
    rights: ['DOCUMENT_REGION_MANAGE'],
  },
  {
    id: 'language-group',
    labelKey: 'shell.menu.languageGroups',
    to: '/my-business-units/:id/backend-configuration/language-group',
    rights: ['DOCUMENT_LANGUAGE_MANAGE'],
  },
];

/** The website-configuration menu of a business unit; `:id` is the unit. */
const WEBSITE_CONFIGURATION: MenuLinkRule[] = [
  {
    id: 'interface-region',
    labelKey: 'shell.menu.interfaceRegions',
    to: '/my-business-units/:id/website-configuration/region',
    rights: ['INTERFACE_REGION_MANAGE'],
  },
  {
    id: 'interface-language',
    labelKey: 'shell.menu.interfaceLanguages',
    to: '/my-business-units/:id/website-configuration/language',
    rights: ['INTERFACE_LANGUAGE_MANAGE'],
  },
  {
    id: 'website-translations',
    labelKey: 'shell.menu.websiteTranslations',
    to: '/my-business-units/:id/website-configuration/website-translations',
    rights: ['TRANSLATION'],
  },
  { id: 'layout', labelKey: 'shell.menu.layout', to: '/my-business-units/:id/website-configuration/layout', rights: ['LAYOUT_MANAGE'] },
  {
    id: 'public-resources',
    labelKey: 'shell.menu.publicResources',
    to: '/my-business-units/:id/website-configuration/public-resources',
    rights: ['LAYOUT_MANAGE'],
  },
  // restricted access (issue 10): who may see restricted documents and use the restricted search on the public website
  {
    id: 'restricted-access',
    labelKey: 'shell.menu.restrictedAccess',
    to: '/my-business-units/:id/document-management/restricted-access',
    rights: ['RESTRICTED_ACCESS_GROUP_MANAGE'],
  },
  {
    id: 'document-search-access',
    labelKey: 'shell.menu.documentSearchAccess',
    to: '/my-business-units/:id/document-management/search-access',
    rights: ['DOCUMENT_SEARCH_USER_MANAGE'],
  },
];

/** The plain links of the top bar inside a business unit; `:id` is the unit. */
const TOP_BAR_LINKS: MenuLinkRule[] = [
  {
    id: 'product-types',
    labelKey: 'shell.menu.productTypes',
    to: '/my-business-units/:id/product-types',
    rights: ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_TYPE_MANAGE'],
  },
  // issue 10: documents have their own entry (spec 001 §2: document-management)
  {
    id: 'documents',
    labelKey: 'shell.menu.documents',
    to: '/my-business-units/:id/document-management',
    rights: ['DOCUMENT_READ', 'DOCUMENT_MANAGE'],
  },
  // issue 11: publishing (spec 001 §2: the publish page needs PUBLISH)
  { id: 'publish', labelKey: 'shell.menu.publish', to: '/my-business-units/:id/publish', rights: ['PUBLISH'] },
];

const visible = (rule: MenuLinkRule, hasRight: HasRight, features: FeatureSwitches, unit?: number) =>
  rule.rights.some((r) => hasRight(r, unit)) &&
  !(rule.unlessRights ?? []).some((r) => hasRight(r, unit)) &&
  (rule.when?.(features) ?? true);

const strip = ({ id, labelKey, to }: MenuLinkRule): MenuLink => ({ id, labelKey, to });

/** The general-settings sections the user may see (rights in the global unit); empty sections are left out. */
export function generalSettingsMenu(hasRight: HasRight, features: FeatureSwitches): MenuSection[] {
  return GENERAL_SETTINGS.map((section) => ({
    id: section.id,
    labelKey: section.labelKey,
    items: section.items.filter((item) => visible(item, hasRight, features)).map(strip),
  })).filter((section) => section.items.length > 0);
}

const unitLinks = (rules: MenuLinkRule[], hasRight: HasRight, features: FeatureSwitches, businessUnitId: number): MenuLink[] =>
  rules
    .filter((item) => visible(item, hasRight, features, businessUnitId))
    .map((item) => ({ ...strip(item), to: item.to.replace(':id', String(businessUnitId)) }));

/** The administration links of one business unit (rights in that unit). */
export function administrationMenu(hasRight: HasRight, features: FeatureSwitches, businessUnitId: number): MenuLink[] {
  return unitLinks(ADMINISTRATION, hasRight, features, businessUnitId);
}

/** The backend-configuration links of one business unit (rights in that unit). */
export function backendConfigurationMenu(hasRight: HasRight, features: FeatureSwitches, businessUnitId: number): MenuLink[] {
  return unitLinks(BACKEND_CONFIGURATION, hasRight, features, businessUnitId);
}

/** The website-configuration links of one business unit (rights in that unit). */
export function websiteConfigurationMenu(hasRight: HasRight, features: FeatureSwitches, businessUnitId: number): MenuLink[] {
  return unitLinks(WEBSITE_CONFIGURATION, hasRight, features, businessUnitId);
}

/** The top bar's plain links inside a business unit (product types; rights in that unit). */
export function topBarLinks(hasRight: HasRight, features: FeatureSwitches, businessUnitId: number): MenuLink[] {
  return unitLinks(TOP_BAR_LINKS, hasRight, features, businessUnitId);
}

/** The account menu: the password page only for username/password sign-in. */
export function accountMenu(authenticationMechanism: FeatureSwitches['authenticationMechanism']): MenuLink[] {
  const items: MenuLink[] = [{ id: 'settings', labelKey: 'shell.account.settings', to: '/account/settings' }];
  if (authenticationMechanism === 'USERNAME_PASSWORD') {
    items.push({ id: 'password', labelKey: 'shell.account.password', to: '/account/password' });
  }
  items.push({ id: 'logout', labelKey: 'shell.account.logout', to: '/logout' });
  return items;
}
