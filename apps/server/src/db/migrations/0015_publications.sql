CREATE TABLE "pub_attribute_value" (
	"publication_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"attribute_definition_id" integer NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "pub_attribute_value_publication_id_product_id_attribute_definition_id_pk" PRIMARY KEY("publication_id","product_id","attribute_definition_id")
);
--> statement-breakpoint
CREATE TABLE "pub_document" (
	"publication_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"document_type_id" integer NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restricted_group_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "pub_document_publication_id_document_id_pk" PRIMARY KEY("publication_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "pub_document_product" (
	"publication_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	CONSTRAINT "pub_document_product_publication_id_product_id_document_id_pk" PRIMARY KEY("publication_id","product_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "pub_file_version" (
	"publication_id" integer NOT NULL,
	"file_version_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"label" text NOT NULL,
	"version_date" date NOT NULL,
	"valid_to" date,
	"publish_date" timestamp with time zone NOT NULL,
	"archive_date" timestamp with time zone,
	"rest_of_the_world" boolean NOT NULL,
	"all_lot_numbers" boolean NOT NULL,
	"historical" boolean NOT NULL,
	"remarks" text,
	"countries" text[] NOT NULL,
	"languages" text[] NOT NULL,
	"lot_range_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"binary_key" text NOT NULL,
	"binary_name" text,
	"binary_size" bigint,
	"media_type" text,
	"sha256" text,
	"hash" text NOT NULL,
	CONSTRAINT "pub_file_version_publication_id_file_version_id_pk" PRIMARY KEY("publication_id","file_version_id")
);
--> statement-breakpoint
CREATE TABLE "pub_lot_range" (
	"publication_id" integer NOT NULL,
	"lot_range_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"numbers" text[] NOT NULL,
	"lot_keys" text[] NOT NULL,
	"applies_to_all" boolean NOT NULL,
	"archive_date" timestamp with time zone,
	CONSTRAINT "pub_lot_range_publication_id_lot_range_id_pk" PRIMARY KEY("publication_id","lot_range_id")
);
--> statement-breakpoint
CREATE TABLE "pub_product" (
	"publication_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	"key_code" text NOT NULL,
	"publish_date" timestamp with time zone NOT NULL,
	"lot_range_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"product_group_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "pub_product_publication_id_product_id_pk" PRIMARY KEY("publication_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "pub_product_group" (
	"publication_id" integer NOT NULL,
	"product_group_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"remark_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	CONSTRAINT "pub_product_group_publication_id_product_group_id_pk" PRIMARY KEY("publication_id","product_group_id")
);
--> statement-breakpoint
CREATE TABLE "pub_remark" (
	"publication_id" integer NOT NULL,
	"remark_id" integer NOT NULL,
	"name" text NOT NULL,
	"hcp" boolean NOT NULL,
	"patient" boolean NOT NULL,
	"content" text NOT NULL,
	"storage_key" text,
	"visualization_order" integer NOT NULL,
	CONSTRAINT "pub_remark_publication_id_remark_id_pk" PRIMARY KEY("publication_id","remark_id")
);
--> statement-breakpoint
CREATE TABLE "publication" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"restored_from_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	"created_by" text,
	"include_future" boolean DEFAULT false NOT NULL,
	"custom_date" timestamp with time zone,
	"counts" jsonb NOT NULL,
	"site" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_state" (
	"business_unit_id" integer PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_login" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pub_attribute_value" ADD CONSTRAINT "pub_attribute_value_publication_id_publication_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publication"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pub_document" ADD CONSTRAINT "pub_document_publication_id_publication_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publication"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pub_document_product" ADD CONSTRAINT "pub_document_product_publication_id_publication_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publication"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pub_file_version" ADD CONSTRAINT "pub_file_version_publication_id_publication_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publication"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pub_lot_range" ADD CONSTRAINT "pub_lot_range_publication_id_publication_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publication"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pub_product" ADD CONSTRAINT "pub_product_publication_id_publication_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publication"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pub_product_group" ADD CONSTRAINT "pub_product_group_publication_id_publication_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publication"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pub_remark" ADD CONSTRAINT "pub_remark_publication_id_publication_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publication"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication" ADD CONSTRAINT "publication_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_state" ADD CONSTRAINT "publish_state_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pub_attribute_value_value_idx" ON "pub_attribute_value" USING btree ("publication_id","attribute_definition_id",lower("value") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "pub_attribute_value_trgm_idx" ON "pub_attribute_value" USING gin (lower("value") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pub_document_number_trgm_idx" ON "pub_document" USING gin (lower("number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pub_document_product_document_idx" ON "pub_document_product" USING btree ("publication_id","document_id");--> statement-breakpoint
CREATE INDEX "pub_file_version_document_idx" ON "pub_file_version" USING btree ("publication_id","document_id");--> statement-breakpoint
CREATE INDEX "pub_file_version_file_idx" ON "pub_file_version" USING btree ("publication_id","file_id");--> statement-breakpoint
CREATE INDEX "pub_lot_range_lot_keys_idx" ON "pub_lot_range" USING gin ("lot_keys");--> statement-breakpoint
CREATE INDEX "pub_product_type_key_code_idx" ON "pub_product" USING btree ("publication_id","product_type_id",lower("key_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "pub_product_key_code_trgm_idx" ON "pub_product" USING gin (lower("key_code") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "publication_unit_number_uq" ON "publication" USING btree ("business_unit_id","number");--> statement-breakpoint
CREATE INDEX "publication_unit_created_idx" ON "publication" USING btree ("business_unit_id","created_date");