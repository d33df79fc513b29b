CREATE TABLE "document_download" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"business_unit_id" integer NOT NULL,
	"publication_number" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	"product_type_name" text NOT NULL,
	"key_code" text,
	"audience" text NOT NULL,
	"document_id" integer NOT NULL,
	"document_number" text,
	"document_name" text NOT NULL,
	"file_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_version_id" integer NOT NULL,
	"version" text NOT NULL,
	"version_date" date,
	"country" text NOT NULL,
	"language" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_download" ADD CONSTRAINT "document_download_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_download_unit_at_idx" ON "document_download" USING btree ("business_unit_id","at","id");--> statement-breakpoint
CREATE INDEX "document_download_unit_document_idx" ON "document_download" USING btree ("business_unit_id","document_id");