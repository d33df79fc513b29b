CREATE TABLE "login_throttle" (
	"address" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"first_failure_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"next_allowed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "login_throttle_last_failure_idx" ON "login_throttle" USING btree ("last_failure_at");