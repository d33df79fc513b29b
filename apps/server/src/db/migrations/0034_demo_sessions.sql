ALTER TABLE "user_session" ADD COLUMN "demo_of_session_id" uuid;--> statement-breakpoint
ALTER TABLE "user_session" ADD COLUMN "demo_user_group_id" integer;--> statement-breakpoint
ALTER TABLE "user_session" ADD COLUMN "demo_user_id" integer;--> statement-breakpoint
ALTER TABLE "user_session" ADD COLUMN "demo_label" text;--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_demo_of_session_id_user_session_id_fk" FOREIGN KEY ("demo_of_session_id") REFERENCES "public"."user_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_demo_user_id_app_user_id_fk" FOREIGN KEY ("demo_user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_session_demo_of_idx" ON "user_session" USING btree ("demo_of_session_id");