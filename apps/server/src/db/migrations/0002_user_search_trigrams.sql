CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "app_user_login_trgm_idx" ON "app_user" USING gin ("login" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "app_user_email_trgm_idx" ON "app_user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "app_user_name_trgm_idx" ON "app_user" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);
