CREATE TABLE "bulk_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"entity" text NOT NULL,
	"product_type_id" integer,
	"user_id" integer,
	"user_login" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"file_format" text NOT NULL,
	"rows_total" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"log" text DEFAULT '' NOT NULL,
	"storage_key" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "manufacturer" ADD COLUMN "bulk_uploads_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD CONSTRAINT "bulk_job_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD CONSTRAINT "bulk_job_product_type_id_product_type_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD CONSTRAINT "bulk_job_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_job_unit_idx" ON "bulk_job" USING btree ("business_unit_id","entity","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_job_one_export_uq" ON "bulk_job" USING btree ("user_id","entity") WHERE kind = 'EXPORT' AND status = 'PROCESSING';