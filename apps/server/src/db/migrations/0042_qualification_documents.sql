CREATE TABLE "qualification_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"version" text NOT NULL,
	"approval_date" date NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qualification_document_kind_ck" CHECK ("qualification_document"."kind" in ('IQ', 'OQ', 'PQ'))
);
--> statement-breakpoint
ALTER TABLE "qualification_document" ADD CONSTRAINT "qualification_document_manufacturer_id_manufacturer_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qualification_document_manufacturer_kind_idx" ON "qualification_document" USING btree ("manufacturer_id","kind","approval_date");