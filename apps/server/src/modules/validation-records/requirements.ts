/**
 * The specification's requirements, section by section (spec 000 and 001 in the product
 * specification), each with the automated tests that cover it: repository-relative paths of test
 * files, or folders ending in `/` whose every test file counts. A requirement whose `tests` is
 * empty is shown as not covered; `requirements.test.ts` checks that every path names at least one
 * test file, so nothing listed here is invented (decision 0077).
 */
export interface Requirement {
  id: string;
  /** The section of the specification, e.g. "000 §2". */
  section: string;
  title: string;
  tests: readonly string[];
}

const S = 'apps/server/src/';
const A = 'apps/admin/src/';
const V = 'packages/site-views/src/';
const E = 'e2e/specs/';

export const REQUIREMENTS: readonly Requirement[] = [
  // Spec 000: access, account, help, release notes, shell, settings, users, roles
  {
    id: '000-1',
    section: '000 §1',
    title: 'Features switched on by manufacturer settings',
    tests: [`${S}modules/manufacturer/manufacturer.test.ts`, `${E}settings/manufacturer.spec.ts`],
  },
  {
    id: '000-2.1',
    section: '000 §2',
    title: 'Sign-in, admin sign-in, logout and single sign-on callback',
    tests: [
      `${S}modules/account/sign-in.test.ts`,
      `${S}modules/account/logout.test.ts`,
      `${S}modules/sso/sso.test.ts`,
      `${A}features/auth/`,
      `${E}auth/sign-in.spec.ts`,
    ],
  },
  {
    id: '000-2.2',
    section: '000 §2',
    title: 'Forgotten password and password reset screens',
    tests: [`${S}modules/account/password-reset.test.ts`, `${A}features/auth/ResetFinishPage.test.tsx`, `${E}auth/lockout-reset.spec.ts`],
  },
  {
    id: '000-2.3',
    section: '000 §2',
    title: 'Account settings and password screens',
    tests: [
      `${S}modules/account/account.test.ts`,
      `${S}modules/account/password-change.test.ts`,
      `${A}features/account/`,
      `${E}auth/account.spec.ts`,
    ],
  },
  { id: '000-2.4', section: '000 §2', title: 'Help page with Go Back', tests: [`${A}features/help/`, `${E}help/help.spec.ts`] },
  {
    id: '000-2.5',
    section: '000 §2',
    title: 'General settings screens',
    tests: [`${E}settings/`, `${A}features/notification-preview/`, `${A}features/manufacturer/`],
  },
  {
    id: '000-2.6',
    section: '000 §2',
    title: 'Business-unit list and home',
    tests: [`${S}modules/business-units/business-units.test.ts`, `${A}features/business-units/`, `${E}shell/unit-home.spec.ts`],
  },
  {
    id: '000-2.7',
    section: '000 §2',
    title: 'Administration: audit logs, website statistics, archived data, sitemap',
    tests: [
      `${S}modules/audit-logs/`,
      `${S}modules/document-downloads/`,
      `${S}modules/sitemap/`,
      `${A}features/audit-logs/`,
      `${A}features/website-stats/`,
      `${A}features/sitemap/`,
      `${A}features/lot-ranges/ArchivedLotRangesPage.test.tsx`,
      `${E}website-stats/`,
    ],
  },
  {
    id: '000-2.8',
    section: '000 §2',
    title: "Administration: validation records open an external page in a new tab, with the customer's IQ/OQ/PQ documents",
    tests: [`${S}modules/validation-records/`, `${A}features/validation-records/`, `${E}help/validation-records.spec.ts`],
  },
  {
    id: '000-2.9',
    section: '000 §2',
    title: 'Access guard: sign-in redirect and "not authorized" page',
    tests: [`${A}app/guard.test.tsx`, `${E}catalogue/rights.spec.ts`, `${E}settings/unit-access.spec.ts`],
  },
  {
    id: '000-2.10',
    section: '000 §2',
    title: 'Business-unit home cards (publish status, counts, orphans, statistics)',
    tests: [`${A}features/business-units/BusinessUnitHomePage.test.tsx`, `${E}shell/unit-home.spec.ts`],
  },
  {
    id: '000-2.11',
    section: '000 §2',
    title: 'Shell: top bar, breadcrumbs, menus, account menu',
    tests: [`${A}app/shell/`, `${E}shell/shell.spec.ts`, `${E}shell/page-titles.spec.ts`],
  },
  {
    id: '000-2.12',
    section: '000 §2',
    title: 'Footer: version linking to release notes, validation records link, Need help',
    tests: [`${A}app/shell/`, `${E}help/help.spec.ts`, `${E}help/validation-records.spec.ts`],
  },
  {
    id: '000-2.13',
    section: '000 §2',
    title: 'Demo-mode indicator and development ribbon',
    tests: [`${A}app/shell/DemoBanner.test.tsx`, `${E}settings/demo-mode.spec.ts`],
  },
  { id: '000-3.1', section: '000 §3', title: 'User fields', tests: [`${S}modules/users/`, `${A}features/users/`] },
  {
    id: '000-3.2',
    section: '000 §3',
    title: 'Role and user group fields',
    tests: [`${S}modules/roles/`, `${S}modules/user-groups/`, `${E}settings/access-management.spec.ts`],
  },
  { id: '000-3.3', section: '000 §3', title: 'Business unit and its statistics', tests: [`${S}modules/business-units/`] },
  {
    id: '000-3.4',
    section: '000 §3',
    title: 'Manufacturer settings, logo, audience images and SSO configurations',
    tests: [`${S}modules/manufacturer/`, `${A}features/manufacturer/`],
  },
  { id: '000-3.5', section: '000 §3', title: 'Publish summary', tests: [`${S}modules/publishing/publish-counts.test.ts`] },
  {
    id: '000-3.6',
    section: '000 §3',
    title: 'Website download statistics',
    tests: [`${S}modules/document-downloads/`, `${A}features/website-stats/`],
  },
  {
    id: '000-3.7',
    section: '000 §3',
    title: 'Release notes and known bugs',
    tests: [`${S}modules/release-notes/`, `${A}features/release-notes/`],
  },
  { id: '000-3.8', section: '000 §3', title: 'Support ticket', tests: [`${S}modules/tickets/`, `${A}features/help/`] },
  {
    id: '000-4.1',
    section: '000 §4',
    title: 'Session: token inactive and session expired',
    tests: [`${S}modules/account/expiry.test.ts`, `${S}platform/access-cache.test.ts`, `${A}api/session.test.ts`, `${A}api/client.test.ts`],
  },
  {
    id: '000-4.2',
    section: '000 §4',
    title: 'Publish status: unpublished, scheduled, published',
    tests: [`${S}modules/documents/document-state-dates.test.ts`, `${A}components/PublishStateBadge.test.tsx`],
  },
  {
    id: '000-5.1',
    section: '000 §5',
    title: 'Sign-in and forgotten-password validation',
    tests: [`${S}modules/account/sign-in.test.ts`, `${S}modules/account/password-reset.test.ts`, `${A}features/auth/LoginPage.test.tsx`],
  },
  {
    id: '000-5.2',
    section: '000 §5',
    title: 'Password strength, change password and old passwords',
    tests: [`${S}modules/account/password-change.test.ts`, `${A}features/account/PasswordPage.test.tsx`],
  },
  {
    id: '000-5.3',
    section: '000 §5',
    title: 'Help ticket limits (subject, description, attachment)',
    tests: [`${S}modules/tickets/`, `${A}features/help/`],
  },
  {
    id: '000-5.4',
    section: '000 §5',
    title: 'Manufacturer settings limits and SSO domain',
    tests: [`${S}modules/manufacturer/`, `${A}features/manufacturer/SsoSettingsPage.test.tsx`],
  },
  {
    id: '000-5.5',
    section: '000 §5',
    title: 'Logo upload accepts only PNG, JPEG and SVG',
    tests: [`${S}platform/images.test.ts`, `${S}modules/business-units/business-unit-images.test.ts`],
  },
  {
    id: '000-6.1',
    section: '000 §6',
    title: 'Predefined roles, super-admin group, users cannot remove themselves',
    tests: [`${S}modules/roles/`, `${S}modules/user-groups/`, `${S}modules/users/`],
  },
  {
    id: '000-6.2',
    section: '000 §6',
    title: 'Technical users: API only, password never expires',
    tests: [`${S}modules/account/sign-in.test.ts`],
  },
  {
    id: '000-6.3',
    section: '000 §6',
    title: 'Rights per business unit and menu visibility',
    tests: [`${S}platform/rights.test.ts`, `${S}modules/access-rights/`, `${A}app/shell/menuModel.test.ts`, `${A}features/roles/`],
  },
  {
    id: '000-7.1',
    section: '000 §7',
    title: 'Account calls (validation records, password reset, change password, account)',
    tests: [`${S}modules/account/`, `${S}modules/validation-records/`],
  },
  {
    id: '000-7.2',
    section: '000 §7',
    title: 'Manufacturer calls (own, settings, logo, audience image, SSO configs)',
    tests: [`${S}modules/manufacturer/`, `${S}modules/sso/`],
  },
  {
    id: '000-7.3',
    section: '000 §7',
    title: 'Ticket and release-notes calls',
    tests: [`${S}modules/tickets/`, `${S}modules/release-notes/`],
  },
  {
    id: '000-7.4',
    section: '000 §7',
    title: 'Business-unit, layout, CSS, logo, statistics and language calls',
    tests: [`${S}modules/business-units/`, `${S}modules/languages/`],
  },
  {
    id: '000-7.5',
    section: '000 §7',
    title: 'Roles, user groups and users (paged, x-total-count)',
    tests: [`${S}modules/roles/`, `${S}modules/user-groups/`, `${S}modules/users/`],
  },
  {
    id: '000-7.6',
    section: '000 §7',
    title: 'Audit logs, document downloads and publish summaries',
    tests: [`${S}modules/audit-logs/`, `${S}modules/document-downloads/`, `${S}modules/publishing/publish-counts.test.ts`],
  },
  {
    id: '000-7.7',
    section: '000 §7',
    title: 'Every call declared, documented and guarded',
    tests: [`${S}platform/route-contract.test.ts`, `${S}platform/openapi-document.test.ts`, `${S}platform/hostile-input.test.ts`],
  },
  {
    id: '000-8',
    section: '000 §8',
    title: 'Error catalogue: problem+json, messages by status',
    tests: [`${A}api/errors.test.ts`, `${A}api/routeErrors.test.ts`, `${A}api/notify.test.ts`, `${S}platform/hostile-input.test.ts`],
  },
  {
    id: '000-9',
    section: '000 §9',
    title: 'Business constants: timeouts, limits, reset key validity',
    tests: [`${S}modules/account/password-reset.test.ts`, `${S}modules/tickets/`],
  },
  // Spec 001: catalogue and content
  {
    id: '001-1',
    section: '001 §1',
    title: 'Per business unit catalogue and documentation published to a public website',
    tests: [`${S}modules/publishing/`, `${S}modules/site/`],
  },
  {
    id: '001-2.1',
    section: '001 §2',
    title: 'Product types list and product management (orphans)',
    tests: [`${S}modules/product-types/`, `${A}features/product-types/`, `${A}features/products/`, `${E}catalogue/`],
  },
  {
    id: '001-2.2',
    section: '001 §2',
    title: 'Document management: documents and files',
    tests: [`${S}modules/documents/`, `${S}modules/files/`, `${A}features/documents/`, `${A}features/files/`, `${E}documents/`],
  },
  {
    id: '001-2.3',
    section: '001 §2',
    title: 'Backend configuration: regions, language groups, product types, remarks, document types and attributes',
    tests: [
      `${S}modules/regions/`,
      `${S}modules/languages/`,
      `${S}modules/product-remarks/`,
      `${S}modules/document-types/`,
      `${A}features/document-types/`,
      `${A}features/regions-languages/`,
    ],
  },
  {
    id: '001-2.4',
    section: '001 §2',
    title: 'Website configuration: regions, languages, layout, translations, public resources',
    tests: [
      `${S}modules/website-layout/`,
      `${S}modules/internationalizations/`,
      `${A}features/website-layout/`,
      `${A}features/translations/`,
      `${E}website-configuration/`,
    ],
  },
  {
    id: '001-2.5',
    section: '001 §2',
    title: 'Publish page and publish modal',
    tests: [`${S}modules/publishing/`, `${A}features/publishing/`, `${E}publishing/`],
  },
  { id: '001-2.6', section: '001 §2', title: 'Confirmation dialog with a 4-digit code', tests: [`${A}components/ConfirmDialog.test.tsx`] },
  {
    id: '001-2.7',
    section: '001 §2',
    title: 'Product search across business units',
    tests: [`${S}modules/products/product-search.test.ts`, `${A}features/product-search/`],
  },
  { id: '001-2.8', section: '001 §2', title: 'Configuration export', tests: [] },
  {
    id: '001-2.9',
    section: '001 §2',
    title: 'Notification preview',
    tests: [`${S}modules/notification-preview/`, `${A}features/notification-preview/`, `${E}settings/notification-preview.spec.ts`],
  },
  {
    id: '001-3.1',
    section: '001 §3',
    title: 'Business unit settings',
    tests: [`${S}modules/business-units/`, `${E}settings/business-units.spec.ts`],
  },
  {
    id: '001-3.2',
    section: '001 §3',
    title: 'Product type and attribute definitions, search types',
    tests: [`${S}modules/product-types/`],
  },
  {
    id: '001-3.3',
    section: '001 §3',
    title: 'Products and product groups',
    tests: [`${S}modules/products/`, `${S}modules/product-groups/`],
  },
  { id: '001-3.4', section: '001 §3', title: 'Product remarks', tests: [`${S}modules/product-remarks/`, `${A}features/product-remarks/`] },
  { id: '001-3.5', section: '001 §3', title: 'Lot ranges', tests: [`${S}modules/lot-ranges/`, `${E}catalogue/lot-ranges.spec.ts`] },
  {
    id: '001-3.6',
    section: '001 §3',
    title: 'Documents, document types and attribute definitions',
    tests: [`${S}modules/documents/`, `${S}modules/document-types/`],
  },
  { id: '001-3.7', section: '001 §3', title: 'Files and their versions', tests: [`${S}modules/files/`] },
  { id: '001-3.8', section: '001 §3', title: 'Regions and languages', tests: [`${S}modules/regions/`, `${S}modules/languages/`] },
  { id: '001-3.9', section: '001 §3', title: 'Internationalization (translations)', tests: [`${S}modules/internationalizations/`] },
  {
    id: '001-3.10',
    section: '001 §3',
    title: 'Layout, footer items and content blocks',
    tests: [`${S}modules/website-layout/`, `${S}modules/business-units/business-unit-layout.test.ts`],
  },
  {
    id: '001-3.11',
    section: '001 §3',
    title: 'Restricted user groups and public resources',
    tests: [`${S}modules/public-user-groups/`, `${A}features/restricted-access/`, `${E}documents/restricted-access.spec.ts`],
  },
  {
    id: '001-3.12',
    section: '001 §3',
    title: 'Document download records',
    tests: [`${S}modules/document-downloads/`, `${S}platform/download-recorder.test.ts`],
  },
  { id: '001-4.1', section: '001 §4', title: 'Publishing state and publish options', tests: [`${S}modules/publishing/`] },
  {
    id: '001-4.2',
    section: '001 §4',
    title: 'Archive dates retract files and lot ranges from the public site',
    tests: [`${S}modules/public-read/`, `${S}modules/lot-ranges/`],
  },
  { id: '001-4.3', section: '001 §4', title: 'Inactive business unit shows a coming-soon page', tests: [`${S}modules/site/site.test.ts`] },
  {
    id: '001-4.4',
    section: '001 §4',
    title: 'Bulk upload states and flow',
    tests: [`${S}modules/bulk/`, `${A}features/bulk/`, `${E}catalogue/bulk.spec.ts`],
  },
  {
    id: '001-4.5',
    section: '001 §4',
    title: 'Demo mode: impersonation and exit',
    tests: [`${S}modules/demo/`, `${E}settings/demo-mode.spec.ts`],
  },
  {
    id: '001-5.1',
    section: '001 §5',
    title: 'Common validation messages and colours',
    tests: [`${S}platform/text-fields.test.ts`, `${S}modules/website-layout/`],
  },
  {
    id: '001-5.2',
    section: '001 §5',
    title: 'Document attribute names and slugs',
    tests: [`${S}modules/document-types/document-attributes.test.ts`, `${A}features/document-types/DocumentAttributesPage.test.tsx`],
  },
  { id: '001-5.3', section: '001 §5', title: 'Footer items and custom CSS', tests: [`${S}modules/website-layout/`] },
  {
    id: '001-5.4',
    section: '001 §5',
    title: 'Restricted group names and e-mail addresses',
    tests: [`${S}modules/public-user-groups/`, `${A}features/restricted-access/emailList.test.ts`],
  },
  { id: '001-5.5', section: '001 §5', title: 'Lot range rules', tests: [`${S}modules/lot-ranges/`] },
  {
    id: '001-5.6',
    section: '001 §5',
    title: 'Product type limits and searchable audiences',
    tests: [
      `${S}modules/product-types/product-type-rules.test.ts`,
      `${S}modules/product-types/product-type-rules.unit.test.ts`,
      `${A}features/product-types/productTypeForm.test.ts`,
    ],
  },
  {
    id: '001-5.7',
    section: '001 §5',
    title: 'Size limits of bulk zip, file binary and ticket attachment',
    tests: [`${S}modules/bulk/bulk-upload.test.ts`, `${S}modules/files/file-binaries.test.ts`, `${S}modules/tickets/`],
  },
  {
    id: '001-5.8',
    section: '001 §5',
    title: 'Translations: empty values left out, value maxima',
    tests: [`${S}modules/internationalizations/`],
  },
  {
    id: '001-5.9',
    section: '001 §5',
    title: 'Patient-only features need the patient portal',
    tests: [`${S}modules/business-units/business-units.test.ts`],
  },
  {
    id: '001-6',
    section: '001 §6',
    title: 'Access rights per business unit',
    tests: [`${S}platform/rights.test.ts`, `${S}modules/access-rights/`, `${E}catalogue/rights.spec.ts`],
  },
  {
    id: '001-7.1',
    section: '001 §7',
    title: 'Public resources, layout, content and translation calls',
    tests: [`${S}modules/website-layout/`, `${S}modules/internationalizations/`],
  },
  {
    id: '001-7.2',
    section: '001 §7',
    title: 'Product, product group, product type and remark calls',
    tests: [`${S}modules/products/`, `${S}modules/product-groups/`, `${S}modules/product-types/`, `${S}modules/product-remarks/`],
  },
  { id: '001-7.3', section: '001 §7', title: 'Document and file calls', tests: [`${S}modules/documents/`, `${S}modules/files/`] },
  { id: '001-7.4', section: '001 §7', title: 'Region and language calls', tests: [`${S}modules/regions/`, `${S}modules/languages/`] },
  { id: '001-7.5', section: '001 §7', title: 'Bulk export, template and upload calls', tests: [`${S}modules/bulk/`] },
  {
    id: '001-7.6',
    section: '001 §7',
    title: 'Publishing, audit-log, sitemap and statistics calls',
    tests: [`${S}modules/publishing/`, `${S}modules/audit-logs/`, `${S}modules/sitemap/`],
  },
  { id: '001-7.7', section: '001 §7', title: 'Session and demo calls', tests: [`${S}modules/account/`, `${S}modules/demo/`] },
  {
    id: '001-8',
    section: '001 §8',
    title: 'Error catalogue of the catalogue and content',
    tests: [
      `${S}modules/product-types/product-type-rules.test.ts`,
      `${S}modules/documents/document-attribute-rules.test.ts`,
      `${S}modules/regions/`,
      `${S}modules/lot-ranges/`,
      `${S}modules/website-layout/`,
    ],
  },
  {
    id: '001-9',
    section: '001 §9',
    title: 'Business constants: page size, limits, confirmation code',
    tests: [`${S}platform/hostile-input.test.ts`, `${A}components/ConfirmDialog.test.tsx`],
  },
  // The public website (spec README: part of the product)
  {
    id: 'WEB-1',
    section: 'README',
    title: 'Public website: country, audience, product type, search, documents, downloads',
    tests: [`${S}modules/site/`, `${V}`, `${E}website/`],
  },
  {
    id: 'WEB-2',
    section: 'README',
    title: 'Public website: restricted documents and paper copies',
    tests: [
      `${S}modules/site/site-access.test.ts`,
      `${S}modules/site/site-paper-copy.test.ts`,
      `${E}website/restricted.spec.ts`,
      `${E}website/paper-copy.spec.ts`,
    ],
  },
  {
    id: 'WEB-3',
    section: 'README',
    title: 'Public website: GS1 Digital Link resolver',
    tests: [`${S}modules/site/gs1-resolver/`, `${V}gs1/`, `${E}website/resolver.spec.ts`],
  },
  { id: 'WEB-4', section: 'README', title: 'Accessibility of every screen (axe)', tests: [`${E}accessibility/`] },
];
