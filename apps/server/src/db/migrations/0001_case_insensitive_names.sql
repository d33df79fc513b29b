CREATE UNIQUE INDEX "role_name_lower_idx" ON "role" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_group_name_lower_idx" ON "user_group" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_login_lower_idx" ON "app_user" USING btree (lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_email_lower_idx" ON "app_user" USING btree (lower("email"));