ALTER TABLE "publication" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "publication" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publication" ADD CONSTRAINT "publication_preview_unnumbered" CHECK (("publication"."kind" = 'PREVIEW') = ("publication"."number" IS NULL));