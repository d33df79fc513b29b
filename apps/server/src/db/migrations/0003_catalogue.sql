CREATE TABLE "product_type_attribute_definition" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"is_unique" boolean DEFAULT false NOT NULL,
	"is_mandatory" boolean DEFAULT false NOT NULL,
	"is_mandatory_hcp_search" boolean DEFAULT false NOT NULL,
	"is_mandatory_patient_search" boolean DEFAULT false NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_type_hcp" text DEFAULT 'NOT_VISIBLE' NOT NULL,
	"search_type_patient" text DEFAULT 'NOT_VISIBLE' NOT NULL,
	"meta" text,
	"visualization_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_type_attribute_value" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"attribute_definition_id" integer NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_range" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"numbers" text[] NOT NULL,
	"archive_date" timestamp with time zone,
	"applies_to_all" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	"key_code" text NOT NULL,
	"publish_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_group_product" (
	"product_group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_group_product_product_group_id_product_id_pk" PRIMARY KEY("product_group_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_group_remark" (
	"product_group_id" integer NOT NULL,
	"product_remark_id" integer NOT NULL,
	CONSTRAINT "product_group_remark_product_group_id_product_remark_id_pk" PRIMARY KEY("product_group_id","product_remark_id")
);
--> statement-breakpoint
CREATE TABLE "product_lot_range" (
	"product_id" integer NOT NULL,
	"lot_range_id" integer NOT NULL,
	CONSTRAINT "product_lot_range_product_id_lot_range_id_pk" PRIMARY KEY("product_id","lot_range_id")
);
--> statement-breakpoint
CREATE TABLE "product_remark" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"visualization_order" integer DEFAULT 0 NOT NULL,
	"hcp" boolean DEFAULT true NOT NULL,
	"patient" boolean DEFAULT false NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"cloud_storage_object_key" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"key_code_search_type_hcp" text DEFAULT 'SEARCHABLE_EXACT' NOT NULL,
	"key_code_search_type_patient" text DEFAULT 'NOT_VISIBLE' NOT NULL,
	"key_code_label_hcp" text,
	"key_code_label_patient" text,
	"image_key" text,
	"hero_image_hcp_key" text,
	"hero_image_patient_key" text,
	"search_visualisation_hcp" text DEFAULT 'ADVANCED' NOT NULL,
	"search_visualisation_patient" text DEFAULT 'ADVANCED' NOT NULL,
	"cross_field_by_attribute_setting" boolean DEFAULT false NOT NULL,
	"lot_numbers" boolean DEFAULT false NOT NULL,
	"copied_from_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_type_attribute_definition" ADD CONSTRAINT "product_type_attribute_definition_product_type_id_product_type_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_type_attribute_value" ADD CONSTRAINT "product_type_attribute_value_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_type_attribute_value" ADD CONSTRAINT "product_type_attribute_value_attribute_definition_id_product_type_attribute_definition_id_fk" FOREIGN KEY ("attribute_definition_id") REFERENCES "public"."product_type_attribute_definition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_range" ADD CONSTRAINT "lot_range_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_range" ADD CONSTRAINT "lot_range_product_type_id_product_type_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_product_type_id_product_type_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group" ADD CONSTRAINT "product_group_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group" ADD CONSTRAINT "product_group_product_type_id_product_type_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group_product" ADD CONSTRAINT "product_group_product_product_group_id_product_group_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group_product" ADD CONSTRAINT "product_group_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group_remark" ADD CONSTRAINT "product_group_remark_product_group_id_product_group_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group_remark" ADD CONSTRAINT "product_group_remark_product_remark_id_product_remark_id_fk" FOREIGN KEY ("product_remark_id") REFERENCES "public"."product_remark"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_lot_range" ADD CONSTRAINT "product_lot_range_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_lot_range" ADD CONSTRAINT "product_lot_range_lot_range_id_lot_range_id_fk" FOREIGN KEY ("lot_range_id") REFERENCES "public"."lot_range"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_remark" ADD CONSTRAINT "product_remark_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_type" ADD CONSTRAINT "product_type_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_definition_type_name_uq" ON "product_type_attribute_definition" USING btree ("product_type_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_definition_type_slug_uq" ON "product_type_attribute_definition" USING btree ("product_type_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_value_product_definition_uq" ON "product_type_attribute_value" USING btree ("product_id","attribute_definition_id");--> statement-breakpoint
CREATE INDEX "attribute_value_definition_value_idx" ON "product_type_attribute_value" USING btree ("attribute_definition_id",lower("value"));--> statement-breakpoint
CREATE INDEX "attribute_value_value_trgm_idx" ON "product_type_attribute_value" USING gin (lower("value") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "lot_range_unit_name_uq" ON "lot_range" USING btree ("business_unit_id",lower("name"));--> statement-breakpoint
CREATE INDEX "lot_range_type_idx" ON "lot_range" USING btree ("product_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_unit_key_code_uq" ON "product" USING btree ("business_unit_id",lower("key_code"));--> statement-breakpoint
CREATE INDEX "product_type_key_code_idx" ON "product" USING btree ("product_type_id",lower("key_code"));--> statement-breakpoint
CREATE INDEX "product_key_code_trgm_idx" ON "product" USING gin (lower("key_code") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "product_group_type_name_uq" ON "product_group" USING btree ("product_type_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_group_product_product_idx" ON "product_group_product" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_group_remark_remark_idx" ON "product_group_remark" USING btree ("product_remark_id");--> statement-breakpoint
CREATE INDEX "product_lot_range_range_idx" ON "product_lot_range" USING btree ("lot_range_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_remark_unit_name_uq" ON "product_remark" USING btree ("business_unit_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_type_unit_name_uq" ON "product_type" USING btree ("business_unit_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_type_unit_slug_uq" ON "product_type" USING btree ("business_unit_id","slug");