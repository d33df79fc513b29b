CREATE TABLE "continent" (
	"iso_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country" (
	"iso_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"continent_iso_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "language" (
	"iso_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"native_name" text NOT NULL,
	"rtl" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "language_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "language_group_id_unit_uq" UNIQUE("id","business_unit_id")
);
--> statement-breakpoint
CREATE TABLE "language_group_language" (
	"language_group_id" integer NOT NULL,
	"business_unit_id" integer NOT NULL,
	"language_iso_code" text NOT NULL,
	CONSTRAINT "language_group_language_language_group_id_language_iso_code_pk" PRIMARY KEY("language_group_id","language_iso_code")
);
--> statement-breakpoint
CREATE TABLE "region" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"business_unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "region_id_unit_kind_uq" UNIQUE("id","business_unit_id","kind")
);
--> statement-breakpoint
CREATE TABLE "region_country" (
	"region_id" integer NOT NULL,
	"business_unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"country_iso_code" text NOT NULL,
	CONSTRAINT "region_country_region_id_country_iso_code_pk" PRIMARY KEY("region_id","country_iso_code")
);
--> statement-breakpoint
ALTER TABLE "country" ADD CONSTRAINT "country_continent_iso_code_continent_iso_code_fk" FOREIGN KEY ("continent_iso_code") REFERENCES "public"."continent"("iso_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "language_group" ADD CONSTRAINT "language_group_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "language_group_language" ADD CONSTRAINT "language_group_language_language_iso_code_language_iso_code_fk" FOREIGN KEY ("language_iso_code") REFERENCES "public"."language"("iso_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "language_group_language" ADD CONSTRAINT "language_group_language_group_fk" FOREIGN KEY ("language_group_id","business_unit_id") REFERENCES "public"."language_group"("id","business_unit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region" ADD CONSTRAINT "region_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_country" ADD CONSTRAINT "region_country_country_iso_code_country_iso_code_fk" FOREIGN KEY ("country_iso_code") REFERENCES "public"."country"("iso_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_country" ADD CONSTRAINT "region_country_region_fk" FOREIGN KEY ("region_id","business_unit_id","kind") REFERENCES "public"."region"("id","business_unit_id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "language_group_unit_name_uq" ON "language_group" USING btree ("business_unit_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "language_group_language_unit_language_uq" ON "language_group_language" USING btree ("business_unit_id","language_iso_code");--> statement-breakpoint
CREATE UNIQUE INDEX "region_unit_kind_name_uq" ON "region" USING btree ("business_unit_id","kind",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "region_country_unit_kind_country_uq" ON "region_country" USING btree ("business_unit_id","kind","country_iso_code");