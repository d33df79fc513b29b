ALTER TABLE "product" ADD COLUMN "end_of_life_date" date;--> statement-breakpoint
ALTER TABLE "product_type" ADD COLUMN "retention_years" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_type" ADD COLUMN "implantable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_type" ADD CONSTRAINT "product_type_retention_minimum" CHECK ("product_type"."retention_years" >= 2 AND (NOT "product_type"."implantable" OR "product_type"."retention_years" >= 15));