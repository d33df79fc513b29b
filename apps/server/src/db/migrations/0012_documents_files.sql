CREATE TABLE "document" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"document_type_id" integer NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_id_unit_uq" UNIQUE("id","business_unit_id")
);
--> statement-breakpoint
CREATE TABLE "document_attribute_value" (
	"document_id" integer NOT NULL,
	"attribute_definition_id" integer NOT NULL,
	"value" text NOT NULL,
	"is_unique" boolean DEFAULT false NOT NULL,
	CONSTRAINT "document_attribute_value_document_id_attribute_definition_id_pk" PRIMARY KEY("document_id","attribute_definition_id")
);
--> statement-breakpoint
CREATE TABLE "document_product" (
	"document_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "document_product_document_id_product_id_pk" PRIMARY KEY("document_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "document_product_group" (
	"document_id" integer NOT NULL,
	"product_group_id" integer NOT NULL,
	CONSTRAINT "document_product_group_document_id_product_group_id_pk" PRIMARY KEY("document_id","product_group_id")
);
--> statement-breakpoint
CREATE TABLE "file" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"name" text NOT NULL,
	"remarks" text,
	"remarks_active" boolean DEFAULT false NOT NULL,
	"rest_of_the_world" boolean DEFAULT false NOT NULL,
	"all_lot_numbers" boolean DEFAULT true NOT NULL,
	"historical" boolean DEFAULT false NOT NULL,
	"archive_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_country" (
	"file_id" integer NOT NULL,
	"country_iso_code" text NOT NULL,
	CONSTRAINT "file_country_file_id_country_iso_code_pk" PRIMARY KEY("file_id","country_iso_code")
);
--> statement-breakpoint
CREATE TABLE "file_language" (
	"file_id" integer NOT NULL,
	"language_iso_code" text NOT NULL,
	CONSTRAINT "file_language_file_id_language_iso_code_pk" PRIMARY KEY("file_id","language_iso_code")
);
--> statement-breakpoint
CREATE TABLE "file_lot_range" (
	"file_id" integer NOT NULL,
	"lot_range_id" integer NOT NULL,
	CONSTRAINT "file_lot_range_file_id_lot_range_id_pk" PRIMARY KEY("file_id","lot_range_id")
);
--> statement-breakpoint
CREATE TABLE "file_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"business_unit_id" integer NOT NULL,
	"label" text NOT NULL,
	"version_date" date NOT NULL,
	"valid_to" date,
	"publish_date" timestamp with time zone,
	"binary_key" text,
	"binary_name" text,
	"binary_size" bigint,
	"media_type" text,
	"sha256" text,
	"binary_uploaded_date" timestamp with time zone,
	"created_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_search_access" (
	"business_unit_id" integer PRIMARY KEY NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_user_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_user_group_document" (
	"public_user_group_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	CONSTRAINT "public_user_group_document_public_user_group_id_document_id_pk" PRIMARY KEY("public_user_group_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_document_type_id_document_type_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attribute_value" ADD CONSTRAINT "document_attribute_value_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attribute_value" ADD CONSTRAINT "document_attribute_value_attribute_definition_id_document_attribute_definition_id_fk" FOREIGN KEY ("attribute_definition_id") REFERENCES "public"."document_attribute_definition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_product" ADD CONSTRAINT "document_product_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_product" ADD CONSTRAINT "document_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_product_group" ADD CONSTRAINT "document_product_group_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_product_group" ADD CONSTRAINT "document_product_group_product_group_id_product_group_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_document_fk" FOREIGN KEY ("document_id","business_unit_id") REFERENCES "public"."document"("id","business_unit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_country" ADD CONSTRAINT "file_country_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_country" ADD CONSTRAINT "file_country_country_iso_code_country_iso_code_fk" FOREIGN KEY ("country_iso_code") REFERENCES "public"."country"("iso_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_language" ADD CONSTRAINT "file_language_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_language" ADD CONSTRAINT "file_language_language_iso_code_language_iso_code_fk" FOREIGN KEY ("language_iso_code") REFERENCES "public"."language"("iso_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_lot_range" ADD CONSTRAINT "file_lot_range_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_lot_range" ADD CONSTRAINT "file_lot_range_lot_range_id_lot_range_id_fk" FOREIGN KEY ("lot_range_id") REFERENCES "public"."lot_range"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_version" ADD CONSTRAINT "file_version_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_search_access" ADD CONSTRAINT "document_search_access_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_user_group" ADD CONSTRAINT "public_user_group_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_user_group_document" ADD CONSTRAINT "public_user_group_document_public_user_group_id_public_user_group_id_fk" FOREIGN KEY ("public_user_group_id") REFERENCES "public"."public_user_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_user_group_document" ADD CONSTRAINT "public_user_group_document_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_unit_number_uq" ON "document" USING btree ("business_unit_id",lower("number"));--> statement-breakpoint
CREATE INDEX "document_type_idx" ON "document" USING btree ("document_type_id");--> statement-breakpoint
CREATE INDEX "document_number_trgm_idx" ON "document" USING gin (lower("number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_name_trgm_idx" ON "document" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "document_attribute_value_unique_uq" ON "document_attribute_value" USING btree ("attribute_definition_id",lower("value")) WHERE "document_attribute_value"."is_unique";--> statement-breakpoint
CREATE INDEX "document_product_product_idx" ON "document_product" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "document_product_group_group_idx" ON "document_product_group" USING btree ("product_group_id");--> statement-breakpoint
CREATE INDEX "file_document_idx" ON "file" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "file_unit_archived_idx" ON "file" USING btree ("business_unit_id","archive_date") WHERE "file"."archive_date" is not null;--> statement-breakpoint
CREATE INDEX "file_lot_range_range_idx" ON "file_lot_range" USING btree ("lot_range_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_version_file_label_uq" ON "file_version" USING btree ("file_id",lower("label"));--> statement-breakpoint
CREATE UNIQUE INDEX "file_version_binary_key_uq" ON "file_version" USING btree ("binary_key");--> statement-breakpoint
CREATE INDEX "file_version_file_date_idx" ON "file_version" USING btree ("file_id","version_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "public_user_group_unit_name_uq" ON "public_user_group" USING btree ("business_unit_id",lower("name"));--> statement-breakpoint
CREATE INDEX "public_user_group_document_document_idx" ON "public_user_group_document" USING btree ("document_id");