CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"course_id" uuid,
	"plan" text,
	"title" text NOT NULL,
	"list_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_kind_check" CHECK (kind in ('course', 'membership')),
	CONSTRAINT "order_lines_plan_check" CHECK ("order_lines"."plan" is null or plan in ('monthly', 'yearly')),
	CONSTRAINT "order_lines_amounts_check" CHECK ("order_lines"."list_price_cents" >= 0 and "order_lines"."discount_cents" >= 0 and "order_lines"."discount_cents" <= "order_lines"."list_price_cents" and "order_lines"."tax_cents" >= 0 and "order_lines"."amount_cents" >= 0 and "order_lines"."tax_cents" <= "order_lines"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_course_idx" ON "order_lines" USING btree ("course_id");