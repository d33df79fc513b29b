CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- hand-written below
-- The counters need not survive a crash: no write-ahead log for them (decision 0068).
ALTER TABLE "rate_limit_windows" SET UNLOGGED;
