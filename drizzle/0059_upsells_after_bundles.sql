ALTER TABLE "course_upsells" ALTER COLUMN "course_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "course_upsells" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "course_upsells" ADD CONSTRAINT "course_upsells_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_upsells" ADD CONSTRAINT "course_upsells_bundle_id_unique" UNIQUE("bundle_id");--> statement-breakpoint
ALTER TABLE "course_upsells" ADD CONSTRAINT "course_upsells_one_owner_check" CHECK (num_nonnulls("course_upsells"."course_id", "course_upsells"."bundle_id") = 1);--> statement-breakpoint
ALTER TABLE "course_upsells" ADD CONSTRAINT "course_upsells_other_bundle_check" CHECK ("course_upsells"."offer_bundle_id" is null or "course_upsells"."offer_bundle_id" <> "course_upsells"."bundle_id");