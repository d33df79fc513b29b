import { ACCESS_RIGHTS, type AccessRight } from '@vellum/contract';

/** The areas of the role editor, in the order of the admin's menus. */
export const RIGHT_AREAS = [
  'ACCOUNT',
  'ACCESS',
  'MANUFACTURER',
  'BUSINESS_UNIT',
  'WEBSITE',
  'PRODUCTS',
  'DOCUMENTS',
  'PUBLISHING',
  'IMPORT_EXPORT',
] as const;
export type RightArea = (typeof RIGHT_AREAS)[number];

/** Where a right the admin does not know (listed by a newer server) is shown. */
export const OTHER_GROUP = 'OTHER' as const;

/**
 * The area of every right of the contract. A Record over AccessRight: a right added to the
 * contract does not compile until it is placed (its label and description are i18n keys,
 * roles.rightInfo.<RIGHT>, checked by a unit test).
 */
export const RIGHT_AREA: Record<AccessRight, RightArea> = {
  ROLE_USER: 'ACCOUNT',
  QARAD_USER: 'ACCOUNT',
  DEMO_MODUS: 'ACCOUNT',
  ROLE_MANAGE: 'ACCESS',
  USER_MANAGE: 'ACCESS',
  ACCESS_RIGHT_READ: 'ACCESS',
  MANUFACTURER_READ: 'MANUFACTURER',
  MANUFACTURER_MANAGE: 'MANUFACTURER',
  MANUFACTURER_SSO_MANAGE: 'MANUFACTURER',
  VALIDATION_RECORDS_MANAGE: 'MANUFACTURER',
  BUSINESS_UNIT_CREATE: 'BUSINESS_UNIT',
  BUSINESS_UNIT_UPDATE: 'BUSINESS_UNIT',
  BUSINESS_UNIT_DELETE: 'BUSINESS_UNIT',
  BUSINESS_UNIT_IMAGE: 'BUSINESS_UNIT',
  BUSINESS_UNIT_SPECIAL: 'BUSINESS_UNIT',
  LAYOUT_MANAGE: 'WEBSITE',
  INTERFACE_LANGUAGE_MANAGE: 'WEBSITE',
  INTERFACE_REGION_MANAGE: 'WEBSITE',
  TRANSLATION: 'WEBSITE',
  DOCUMENT_SEARCH_USER_MANAGE: 'WEBSITE',
  RESTRICTED_ACCESS_GROUP_MANAGE: 'WEBSITE',
  PRODUCT_READ: 'PRODUCTS',
  PRODUCT_MANAGE: 'PRODUCTS',
  PRODUCT_DELETE: 'PRODUCTS',
  PRODUCT_TYPE_MANAGE: 'PRODUCTS',
  PRODUCT_TYPE_DELETE: 'PRODUCTS',
  PRODUCT_TYPE_SPECIAL: 'PRODUCTS',
  PRODUCT_REMARK_MANAGE: 'PRODUCTS',
  PRODUCT_REMARK_DELETE: 'PRODUCTS',
  PRODUCT_SEARCH_ADMIN: 'PRODUCTS',
  DOCUMENT_READ: 'DOCUMENTS',
  DOCUMENT_MANAGE: 'DOCUMENTS',
  DOCUMENT_DELETE: 'DOCUMENTS',
  DOCUMENT_TYPE_MANAGE: 'DOCUMENTS',
  DOCUMENT_TYPE_DELETE: 'DOCUMENTS',
  DOCUMENT_ATTRIBUTE_MANAGE: 'DOCUMENTS',
  DOCUMENT_REGION_MANAGE: 'DOCUMENTS',
  DOCUMENT_LANGUAGE_MANAGE: 'DOCUMENTS',
  FILE_REMARK_ACTIVATE: 'DOCUMENTS',
  FILE_ROTW: 'DOCUMENTS',
  FILE_HISTORICAL: 'DOCUMENTS',
  PUBLISH: 'PUBLISHING',
  AUDIT_LOG_ALL_READ: 'PUBLISHING',
  AUDIT_LOG_PUBLISH_READ: 'PUBLISHING',
  DOCUMENT_DOWNLOADS: 'PUBLISHING',
  DOCUMENT_SITEMAP: 'PUBLISHING',
  BULK_IMPORT: 'IMPORT_EXPORT',
  BULK_IMPORT_ADMIN: 'IMPORT_EXPORT',
  BULK_IMPORT_SPECIAL: 'IMPORT_EXPORT',
  BULK_EXPORT: 'IMPORT_EXPORT',
  SCHEDULED_EXPORT_MANAGE: 'IMPORT_EXPORT',
  CONFIG_EXPORT: 'IMPORT_EXPORT',
};

export interface RightGroup {
  area: RightArea | typeof OTHER_GROUP;
  rights: string[];
}

const isKnown = (right: string): right is AccessRight => (ACCESS_RIGHTS as readonly string[]).includes(right);

/** The area a right belongs to; OTHER only for a right the contract does not list. */
export function rightArea(right: string): RightArea | typeof OTHER_GROUP {
  return isKnown(right) ? RIGHT_AREA[right] : OTHER_GROUP;
}

/**
 * Groups the rights the server lists by area, in the areas' order; within an area the rights keep
 * the server's order. Rights the admin does not know come last, under OTHER.
 */
export function groupRights(rights: readonly string[]): RightGroup[] {
  const areas: RightGroup['area'][] = [...RIGHT_AREAS, OTHER_GROUP];
  const groups: RightGroup[] = areas.map((area) => ({ area, rights: [] }));
  for (const right of rights) groups.find((g) => g.area === rightArea(right))?.rights.push(right);
  return groups.filter((g) => g.rights.length > 0);
}
