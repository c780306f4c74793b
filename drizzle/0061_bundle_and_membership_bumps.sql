ALTER TABLE "course_bumps" DROP CONSTRAINT "course_bumps_one_owner_check";--> statement-breakpoint
ALTER TABLE "course_bumps" ALTER COLUMN "offer_course_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bumps" ADD COLUMN "membership_plan" text;--> statement-breakpoint
ALTER TABLE "course_bumps" ADD COLUMN "offer_bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_offer_bundle_id_bundles_id_fk" FOREIGN KEY ("offer_bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_bumps_offer_bundle_idx" ON "course_bumps" USING btree ("offer_bundle_id");--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_membership_plan_unique" UNIQUE("membership_plan");--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_other_bundle_check" CHECK ("course_bumps"."offer_bundle_id" <> "course_bumps"."bundle_id");--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_one_offer_check" CHECK (num_nonnulls("course_bumps"."offer_course_id", "course_bumps"."offer_bundle_id") = 1);--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_membership_plan_check" CHECK ("course_bumps"."membership_plan" is null or membership_plan in ('monthly', 'yearly'));--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_one_owner_check" CHECK (num_nonnulls("course_bumps"."course_id", "course_bumps"."bundle_id", "course_bumps"."membership_plan") = 1);