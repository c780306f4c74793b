CREATE TABLE "course_upsells" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"offer_course_id" uuid,
	"offer_bundle_id" uuid,
	"price_cents" integer NOT NULL,
	"pitch" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_upsells_course_id_unique" UNIQUE("course_id"),
	CONSTRAINT "course_upsells_price_check" CHECK ("course_upsells"."price_cents" >= 0),
	CONSTRAINT "course_upsells_one_offer_check" CHECK (num_nonnulls("course_upsells"."offer_course_id", "course_upsells"."offer_bundle_id") = 1),
	CONSTRAINT "course_upsells_other_course_check" CHECK ("course_upsells"."offer_course_id" is null or "course_upsells"."offer_course_id" <> "course_upsells"."course_id")
);
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upsell_shown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upsell_answer" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upsell_of_order_id" uuid;--> statement-breakpoint
ALTER TABLE "course_upsells" ADD CONSTRAINT "course_upsells_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_upsells" ADD CONSTRAINT "course_upsells_offer_course_id_courses_id_fk" FOREIGN KEY ("offer_course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_upsells" ADD CONSTRAINT "course_upsells_offer_bundle_id_bundles_id_fk" FOREIGN KEY ("offer_bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_upsells_offer_course_idx" ON "course_upsells" USING btree ("offer_course_id");--> statement-breakpoint
CREATE INDEX "course_upsells_offer_bundle_idx" ON "course_upsells" USING btree ("offer_bundle_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_upsell_of_order_id_orders_id_fk" FOREIGN KEY ("upsell_of_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_upsell_of_order_id_unique" UNIQUE("upsell_of_order_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_kind_check" CHECK (kind in ('course', 'membership', 'bundle', 'bump', 'upsell'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_upsell_answer_check" CHECK ("orders"."upsell_answer" is null or "orders"."upsell_answer" in ('accepted', 'declined'));