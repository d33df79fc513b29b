CREATE TABLE "bulk_job_error" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"row" integer NOT NULL,
	"column" text,
	"message" text NOT NULL,
	"params" jsonb,
	"value" text
);
--> statement-breakpoint
ALTER TABLE "bulk_job" ALTER COLUMN "file_format" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD COLUMN "file_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD COLUMN "mode" text DEFAULT 'IMPORT' NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD COLUMN "on_error" text DEFAULT 'ALL_OR_NOTHING' NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD COLUMN "rows_created" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD COLUMN "rows_updated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD COLUMN "rows_removed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD COLUMN "cancel_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD COLUMN "upload_token_used" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_job" ADD COLUMN "rejected_rows_key" text;--> statement-breakpoint
ALTER TABLE "bulk_job_error" ADD CONSTRAINT "bulk_job_error_job_id_bulk_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_job_error_job_idx" ON "bulk_job_error" USING btree ("job_id","row","id");