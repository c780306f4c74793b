DROP INDEX "invoices_order_kind_idx";--> statement-breakpoint
ALTER TABLE "course_bumps" ALTER COLUMN "course_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_starts" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "course_bumps" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "order_line_id" uuid;--> statement-breakpoint
ALTER TABLE "checkout_starts" ADD CONSTRAINT "checkout_starts_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_line_idx" ON "invoices" USING btree ("order_line_id") WHERE "invoices"."order_line_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind_idx" ON "invoices" USING btree ("order_id","kind") WHERE "invoices"."order_line_id" is null;--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_bundle_id_unique" UNIQUE("bundle_id");--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_one_owner_check" CHECK (("course_bumps"."course_id" is null) <> ("course_bumps"."bundle_id" is null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_line_credit_check" CHECK ("invoices"."order_line_id" is null or "invoices"."kind" = 'credit_note');