CREATE TABLE "scheduled_export" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"entity" text NOT NULL,
	"product_type_id" integer NOT NULL,
	"file_format" text NOT NULL,
	"frequency" text NOT NULL,
	"day_of_week" integer,
	"day_of_month" integer,
	"hour" integer NOT NULL,
	"recipients" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"created_by_login" text NOT NULL,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"last_job_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scheduled_export_hour_ck" CHECK (hour BETWEEN 0 AND 23)
);
--> statement-breakpoint
ALTER TABLE "scheduled_export" ADD CONSTRAINT "scheduled_export_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_export" ADD CONSTRAINT "scheduled_export_product_type_id_product_type_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_export" ADD CONSTRAINT "scheduled_export_created_by_id_app_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_export" ADD CONSTRAINT "scheduled_export_last_job_id_bulk_job_id_fk" FOREIGN KEY ("last_job_id") REFERENCES "public"."bulk_job"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_export_type_uq" ON "scheduled_export" USING btree ("business_unit_id","entity","product_type_id");--> statement-breakpoint
CREATE INDEX "scheduled_export_due_idx" ON "scheduled_export" USING btree ("next_run_at") WHERE next_run_at IS NOT NULL;