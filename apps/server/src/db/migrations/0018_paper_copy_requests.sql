CREATE TABLE "paper_copy_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"publication_number" integer NOT NULL,
	"product_type_id" integer,
	"product_type_name" text,
	"key_code" text,
	"document_id" integer NOT NULL,
	"document_number" text NOT NULL,
	"document_name" text NOT NULL,
	"file_id" integer,
	"file_name" text,
	"version_label" text,
	"requester_name" text NOT NULL,
	"postal_address" text NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"sent_date" timestamp with time zone,
	"sent_by_user_id" integer,
	"sent_by" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_copy_request" ADD CONSTRAINT "paper_copy_request_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_copy_request_unit_due_idx" ON "paper_copy_request" USING btree ("business_unit_id","due_date");--> statement-breakpoint
CREATE INDEX "paper_copy_request_unit_created_idx" ON "paper_copy_request" USING btree ("business_unit_id","created_date");