import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { productType } from './catalogue.js';
import { businessUnit } from './organisation.js';

/**
 * The public website's configuration of a business unit (unit 0: manufacturer-wide). Every row
 * goes with its unit (ON DELETE CASCADE, decision 0021); binaries are removed after the commit.
 */

/** A link in the footer of the public site, in visualisation order. */
export const footerItem = pgTable(
  'footer_item',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    publicUrl: text('public_url').notNull(),
    visualizationOrder: integer('visualization_order').notNull(),
  },
  (t) => [uniqueIndex('footer_item_unit_order_uq').on(t.businessUnitId, t.visualizationOrder)],
);

/** Rich text above or below the product types (for one of them, or all when product_type_id is null). */
export const contentBlock = pgTable(
  'content_block',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    productTypeId: integer('product_type_id').references(() => productType.id, { onDelete: 'cascade' }),
    hcp: boolean('hcp').notNull().default(true),
    patient: boolean('patient').notNull().default(true),
    content: text('content').notNull().default(''),
  },
  (t) => [uniqueIndex('content_block_unit_type_uq').on(t.businessUnitId, t.type, sql`coalesce(${t.productTypeId}, 0)`)],
);

/** A file the unit's CSS and content may reference, served publicly by unit and name. */
export const publicResource = pgTable(
  'public_resource',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    mediaType: text('media_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('public_resource_unit_name_uq').on(t.businessUnitId, sql`lower(${t.name})`)],
);
