ALTER TABLE "bundles" ADD COLUMN "plan_payments" integer;--> statement-breakpoint
ALTER TABLE "bundles" ADD COLUMN "plan_instalment_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_payment_plan_check" CHECK (("bundles"."plan_payments" is null and "bundles"."plan_instalment_cents" is null) or ("bundles"."plan_payments" between 2 and 12 and "bundles"."plan_instalment_cents" > 0));