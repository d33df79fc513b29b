CREATE TABLE "sso_config" (
	"kind" text PRIMARY KEY NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"client_secret_encrypted" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_login_request" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"admin" boolean NOT NULL,
	"config_version" integer NOT NULL,
	"original_url" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_login_request_expires_idx" ON "sso_login_request" USING btree ("expires_at");