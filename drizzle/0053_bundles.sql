CREATE TABLE "bundle_courses" (
	"bundle_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "bundle_courses_bundle_id_course_id_pk" PRIMARY KEY("bundle_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "bundles_price_check" CHECK ("bundles"."price_cents" >= 0),
	CONSTRAINT "bundles_status_check" CHECK (status in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "access_events" DROP CONSTRAINT "access_events_source_check";--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_applies_to_check";--> statement-breakpoint
ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_source_check";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_kind_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_kind_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "bundle_course_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "bundle_courses" ADD CONSTRAINT "bundle_courses_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_courses" ADD CONSTRAINT "bundle_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_courses_course_idx" ON "bundle_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "bundles_status_published_idx" ON "bundles" USING btree ("status","published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "bundles_updated_at_idx" ON "bundles" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_bundle_courses_idx" ON "order_lines" USING gin ("bundle_course_ids");--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_source_check" CHECK ("access_events"."source" is null or source in ('admin', 'purchase', 'membership', 'free', 'bundle'));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_applies_to_check" CHECK (applies_to in ('courses', 'all-courses', 'membership', 'bundles'));--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_source_check" CHECK (source in ('admin', 'purchase', 'membership', 'free', 'bundle'));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_kind_check" CHECK (kind in ('course', 'membership', 'bundle'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK (kind in ('course', 'membership', 'bundle'));