CREATE TABLE "site_email_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"return_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "site_email_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "site_email_link" ADD CONSTRAINT "site_email_link_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_email_link_unit_expires_idx" ON "site_email_link" USING btree ("business_unit_id","expires_at");--> statement-breakpoint
CREATE INDEX "pub_document_name_trgm_idx" ON "pub_document" USING gin (lower("name") gin_trgm_ops);