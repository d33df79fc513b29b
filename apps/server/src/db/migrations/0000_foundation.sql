CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"predefined" boolean DEFAULT false NOT NULL,
	"rights" text[] NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "role_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"all_business_units" boolean DEFAULT false NOT NULL,
	"super_admin" boolean DEFAULT false NOT NULL,
	"role_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_group_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_group_business_unit" (
	"user_group_id" integer NOT NULL,
	"business_unit_id" integer NOT NULL,
	CONSTRAINT "user_group_business_unit_user_group_id_business_unit_id_pk" PRIMARY KEY("user_group_id","business_unit_id")
);
--> statement-breakpoint
CREATE TABLE "user_group_member" (
	"user_group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "user_group_member_user_group_id_user_id_pk" PRIMARY KEY("user_group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"login" text,
	"business_unit_id" integer,
	"entity_name" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"changes" jsonb
);
--> statement-breakpoint
CREATE TABLE "business_unit" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"display_name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"logo_key" text,
	"main_color" text,
	"highlight_color" text,
	"light_header_text" boolean DEFAULT false NOT NULL,
	"header_text_title" text,
	"header_text_body" text,
	"public_user_group_active" boolean DEFAULT false NOT NULL,
	"product_changelog_active" boolean DEFAULT false NOT NULL,
	"always_show_worldwide_files_active" boolean DEFAULT false NOT NULL,
	"show_search_on_result_page" boolean DEFAULT true NOT NULL,
	"show_search_on_detail_page" boolean DEFAULT true NOT NULL,
	"one_column_layout" boolean DEFAULT false NOT NULL,
	"latest_version_visualisation_option" text DEFAULT 'COUNTRY_LANGUAGE' NOT NULL,
	"bulk_import_type" text DEFAULT 'ADD' NOT NULL,
	"file_hide_version_date" boolean DEFAULT false NOT NULL,
	"document_search" boolean DEFAULT false NOT NULL,
	"document_search_restricted" boolean DEFAULT false NOT NULL,
	"document_attribute" boolean DEFAULT false NOT NULL,
	"document_search_visualisation" text DEFAULT 'ADVANCED' NOT NULL,
	"hide_document_number" boolean DEFAULT false NOT NULL,
	"interface_languages" text[] DEFAULT '{en}'::text[] NOT NULL,
	"document_languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"css_content" text DEFAULT '' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_unit_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "manufacturer" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_key" text,
	"audience_image_hcp_key" text,
	"audience_image_patient_key" text,
	"world_wide_public_website" boolean DEFAULT false NOT NULL,
	"patient_business_unit_search" boolean DEFAULT false NOT NULL,
	"global_search" boolean DEFAULT false NOT NULL,
	"validation_records_active" boolean DEFAULT false NOT NULL,
	"authentication_mechanism" text DEFAULT 'USERNAME_PASSWORD' NOT NULL,
	"authentication_mechanism_admin" text DEFAULT 'USERNAME_PASSWORD' NOT NULL,
	"max_login_attempts" integer DEFAULT 5 NOT NULL,
	"password_validity_days" integer DEFAULT 0 NOT NULL,
	"old_passwords_count" integer DEFAULT 3 NOT NULL,
	"public_website_url" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"password_hash" text,
	"activated" boolean DEFAULT true NOT NULL,
	"technical_account" boolean DEFAULT false NOT NULL,
	"lang_key" text DEFAULT 'en' NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_user_login_unique" UNIQUE("login"),
	CONSTRAINT "app_user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "password_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reset_key" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_session" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"remember_me" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_group" ADD CONSTRAINT "user_group_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_business_unit" ADD CONSTRAINT "user_group_business_unit_user_group_id_user_group_id_fk" FOREIGN KEY ("user_group_id") REFERENCES "public"."user_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_business_unit" ADD CONSTRAINT "user_group_business_unit_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_member" ADD CONSTRAINT "user_group_member_user_group_id_user_group_id_fk" FOREIGN KEY ("user_group_id") REFERENCES "public"."user_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_member" ADD CONSTRAINT "user_group_member_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_key" ADD CONSTRAINT "reset_key_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ugbu_bu_idx" ON "user_group_business_unit" USING btree ("business_unit_id");--> statement-breakpoint
CREATE INDEX "ugm_user_idx" ON "user_group_member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_bu_idx" ON "audit_log" USING btree ("business_unit_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reset_key_user_idx" ON "reset_key" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_session_user_idx" ON "user_session" USING btree ("user_id");