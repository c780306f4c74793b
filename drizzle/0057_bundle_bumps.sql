ALTER TABLE "course_bumps" ALTER COLUMN "course_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bumps" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_bundle_id_unique" UNIQUE("bundle_id");--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_one_owner_check" CHECK (("course_bumps"."course_id" is null) <> ("course_bumps"."bundle_id" is null));