CREATE TABLE "course_bumps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"offer_course_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"pitch" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_bumps_course_id_unique" UNIQUE("course_id"),
	CONSTRAINT "course_bumps_price_check" CHECK ("course_bumps"."price_cents" >= 0),
	CONSTRAINT "course_bumps_other_course_check" CHECK ("course_bumps"."offer_course_id" <> "course_bumps"."course_id")
);
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bump_offered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_bumps" ADD CONSTRAINT "course_bumps_offer_course_id_courses_id_fk" FOREIGN KEY ("offer_course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_bumps_offer_course_idx" ON "course_bumps" USING btree ("offer_course_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_kind_check" CHECK (kind in ('course', 'membership', 'bundle', 'bump'));