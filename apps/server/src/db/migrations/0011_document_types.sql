CREATE TABLE "document_attribute_definition" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"is_unique" boolean DEFAULT false NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_type" text DEFAULT 'NOT_VISIBLE' NOT NULL,
	"visualization_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_attribute_list" (
	"business_unit_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"hcp" boolean DEFAULT false NOT NULL,
	"patient" boolean DEFAULT false NOT NULL,
	"sort_number" integer NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_type_audience_ck" CHECK ("document_type"."hcp" or "document_type"."patient")
);
--> statement-breakpoint
ALTER TABLE "document_attribute_definition" ADD CONSTRAINT "document_attribute_definition_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attribute_list" ADD CONSTRAINT "document_attribute_list_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_type" ADD CONSTRAINT "document_type_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_attribute_definition_unit_name_uq" ON "document_attribute_definition" USING btree ("business_unit_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "document_attribute_definition_unit_slug_uq" ON "document_attribute_definition" USING btree ("business_unit_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "document_type_unit_name_uq" ON "document_type" USING btree ("business_unit_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "document_type_unit_sort_number_uq" ON "document_type" USING btree ("business_unit_id","sort_number");--> statement-breakpoint
-- hand-written below
-- the translations of document types and attribute definitions go with them (decision 0024)
CREATE TRIGGER document_type_internationalizations AFTER DELETE ON "document_type" REFERENCING OLD TABLE AS removed_records
  FOR EACH STATEMENT EXECUTE FUNCTION delete_internationalizations('document_type');--> statement-breakpoint
CREATE TRIGGER document_attribute_definition_internationalizations AFTER DELETE ON "document_attribute_definition" REFERENCING OLD TABLE AS removed_records
  FOR EACH STATEMENT EXECUTE FUNCTION delete_internationalizations('document_attribute_definition');
