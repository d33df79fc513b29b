ALTER TABLE "scheduled_export" ALTER COLUMN "product_type_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_export" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_export_unit_uq" ON "scheduled_export" USING btree ("business_unit_id","entity") WHERE product_type_id IS NULL;--> statement-breakpoint
ALTER TABLE "scheduled_export" ADD CONSTRAINT "scheduled_export_type_ck" CHECK ((entity = 'PRODUCT') = (product_type_id IS NOT NULL));