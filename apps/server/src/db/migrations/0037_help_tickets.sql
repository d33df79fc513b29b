CREATE TABLE "ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"ticket_type" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"requester_id" integer,
	"requester_login" text NOT NULL,
	"requester_email" text NOT NULL,
	"business_unit_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_date" timestamp with time zone,
	"closed_by" text,
	"attachment_key" text,
	"attachment_name" text,
	"attachment_type" text,
	"attachment_size" bigint,
	"attachment_sha256" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_requester_created_idx" ON "ticket" USING btree ("requester_id","created_date");--> statement-breakpoint
CREATE INDEX "ticket_status_created_idx" ON "ticket" USING btree ("status","created_date");