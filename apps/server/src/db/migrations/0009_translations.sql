CREATE TABLE "internationalization" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"entity_name" text NOT NULL,
	"entity_id" integer NOT NULL,
	"field" text NOT NULL,
	"translation_key" text NOT NULL,
	"interface_language_iso" text NOT NULL,
	"translated_value" text NOT NULL,
	"cloud_storage_object_key" text,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_translation" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"translation_key" text NOT NULL,
	"interface_language_iso" text NOT NULL,
	"translated_value" text NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "internationalization" ADD CONSTRAINT "internationalization_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_translation" ADD CONSTRAINT "website_translation_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "internationalization_key_language_uq" ON "internationalization" USING btree ("business_unit_id","translation_key","interface_language_iso");--> statement-breakpoint
CREATE INDEX "internationalization_entity_idx" ON "internationalization" USING btree ("entity_name","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_translation_key_language_uq" ON "website_translation" USING btree ("business_unit_id","translation_key","interface_language_iso");--> statement-breakpoint
-- hand-written below
-- The translations of a deleted record go with it, however it is deleted (its own delete, a
-- product type taking its attribute definitions along by cascade, a unit's removal): each
-- translatable table gets an AFTER DELETE trigger naming its entity (docs/decisions/0024).
-- Areas that add a translatable table add one such trigger line.
CREATE FUNCTION delete_internationalizations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM internationalization i USING removed_records r
  WHERE i.entity_name = TG_ARGV[0] AND i.entity_id = r.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_type_internationalizations AFTER DELETE ON "product_type" REFERENCING OLD TABLE AS removed_records
  FOR EACH STATEMENT EXECUTE FUNCTION delete_internationalizations('product_type');--> statement-breakpoint
CREATE TRIGGER product_type_attribute_definition_internationalizations AFTER DELETE ON "product_type_attribute_definition" REFERENCING OLD TABLE AS removed_records
  FOR EACH STATEMENT EXECUTE FUNCTION delete_internationalizations('product_type_attribute_definition');--> statement-breakpoint
CREATE TRIGGER product_remark_internationalizations AFTER DELETE ON "product_remark" REFERENCING OLD TABLE AS removed_records
  FOR EACH STATEMENT EXECUTE FUNCTION delete_internationalizations('product_remark');
--> statement-breakpoint
-- interface regions live in the one region table (decision 0022); a document region's id never
-- names an interface_region translation, so one trigger on the table serves both kinds
CREATE TRIGGER region_internationalizations AFTER DELETE ON "region" REFERENCING OLD TABLE AS removed_records
  FOR EACH STATEMENT EXECUTE FUNCTION delete_internationalizations('interface_region');
