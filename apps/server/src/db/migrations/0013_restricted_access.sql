-- Restricted (public) user groups are configuration: they go with their business unit (decisions 0021, 0032).
ALTER TABLE "public_user_group" DROP CONSTRAINT "public_user_group_business_unit_id_business_unit_id_fk";
--> statement-breakpoint
ALTER TABLE "public_user_group" ADD CONSTRAINT "public_user_group_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;