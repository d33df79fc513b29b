import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One installation serves one manufacturer: the row with id 1. */
export const manufacturer = pgTable('manufacturer', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  logoKey: text('logo_key'),
  audienceImageHcpKey: text('audience_image_hcp_key'),
  audienceImagePatientKey: text('audience_image_patient_key'),
  worldWidePublicWebsite: boolean('world_wide_public_website').notNull().default(false),
  patientBusinessUnitSearch: boolean('patient_business_unit_search').notNull().default(false),
  globalSearch: boolean('global_search').notNull().default(false),
  validationRecordsActive: boolean('validation_records_active').notNull().default(false),
  authenticationMechanism: text('authentication_mechanism').notNull().default('USERNAME_PASSWORD'),
  authenticationMechanismAdmin: text('authentication_mechanism_admin').notNull().default('USERNAME_PASSWORD'),
  maxLoginAttempts: integer('max_login_attempts').notNull().default(5),
  passwordValidityDays: integer('password_validity_days').notNull().default(0),
  oldPasswordsCount: integer('old_passwords_count').notNull().default(3),
  publicWebsiteUrl: text('public_website_url'),
  /** Whether bulk uploads are on for every unit (GET|PUT api/bulk/active; off during a system update). */
  bulkUploadsActive: boolean('bulk_uploads_active').notNull().default(true),
  version: integer('version').notNull().default(0),
});

/** Business units are the manufacturer's tenants. The row with id 0 stands for the global scope. */
export const businessUnit = pgTable('business_unit', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  displayName: text('display_name').notNull(),
  active: boolean('active').notNull().default(true),
  logoKey: text('logo_key'),
  mainColor: text('main_color'),
  highlightColor: text('highlight_color'),
  lightHeaderText: boolean('light_header_text').notNull().default(false),
  headerTextTitle: text('header_text_title'),
  headerTextBody: text('header_text_body'),
  publicUserGroupActive: boolean('public_user_group_active').notNull().default(false),
  productChangelogActive: boolean('product_changelog_active').notNull().default(false),
  alwaysShowWorldwideFilesActive: boolean('always_show_worldwide_files_active').notNull().default(false),
  showSearchOnResultPage: boolean('show_search_on_result_page').notNull().default(true),
  showSearchOnDetailPage: boolean('show_search_on_detail_page').notNull().default(true),
  oneColumnLayout: boolean('one_column_layout').notNull().default(false),
  latestVersionVisualisationOption: text('latest_version_visualisation_option').notNull().default('COUNTRY_LANGUAGE'),
  bulkImportType: text('bulk_import_type').notNull().default('ADD'),
  fileHideVersionDate: boolean('file_hide_version_date').notNull().default(false),
  documentSearch: boolean('document_search').notNull().default(false),
  documentSearchRestricted: boolean('document_search_restricted').notNull().default(false),
  documentAttribute: boolean('document_attribute').notNull().default(false),
  documentSearchVisualisation: text('document_search_visualisation').notNull().default('ADVANCED'),
  hideDocumentNumber: boolean('hide_document_number').notNull().default(false),
  interfaceLanguages: text('interface_languages').array().notNull().default(sql`'{en}'::text[]`),
  documentLanguages: text('document_languages').array().notNull().default(sql`'{}'::text[]`),
  cssContent: text('css_content').notNull().default(''),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(0),
});
