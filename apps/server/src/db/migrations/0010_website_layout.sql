CREATE TABLE "content_block" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"type" text NOT NULL,
	"product_type_id" integer,
	"hcp" boolean DEFAULT true NOT NULL,
	"patient" boolean DEFAULT true NOT NULL,
	"content" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "footer_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"text" text NOT NULL,
	"public_url" text NOT NULL,
	"visualization_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_resource" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_block" ADD CONSTRAINT "content_block_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_block" ADD CONSTRAINT "content_block_product_type_id_product_type_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footer_item" ADD CONSTRAINT "footer_item_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_resource" ADD CONSTRAINT "public_resource_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_block_unit_type_uq" ON "content_block" USING btree ("business_unit_id","type",coalesce("product_type_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "footer_item_unit_order_uq" ON "footer_item" USING btree ("business_unit_id","visualization_order");--> statement-breakpoint
CREATE UNIQUE INDEX "public_resource_unit_name_uq" ON "public_resource" USING btree ("business_unit_id",lower("name"));--> statement-breakpoint
-- hand-written below
-- the translations of footer items and content blocks go with them (decision 0024)
CREATE TRIGGER footer_item_internationalizations AFTER DELETE ON "footer_item" REFERENCING OLD TABLE AS removed_records
  FOR EACH STATEMENT EXECUTE FUNCTION delete_internationalizations('footer_item');--> statement-breakpoint
CREATE TRIGGER content_block_internationalizations AFTER DELETE ON "content_block" REFERENCING OLD TABLE AS removed_records
  FOR EACH STATEMENT EXECUTE FUNCTION delete_internationalizations('content_block');
