CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"discount_type" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"applies_to" text NOT NULL,
	"course_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"duration" text DEFAULT 'first-payment' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_redemptions" integer,
	"max_per_customer" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_status_check" CHECK (status in ('active', 'disabled')),
	CONSTRAINT "coupons_discount_type_check" CHECK (discount_type in ('percent', 'amount')),
	CONSTRAINT "coupons_applies_to_check" CHECK (applies_to in ('courses', 'all-courses', 'membership')),
	CONSTRAINT "coupons_duration_check" CHECK (duration in ('first-payment', 'every-payment')),
	CONSTRAINT "coupons_amount_check" CHECK (("coupons"."discount_type" = 'percent' and "coupons"."percent_off" between 1 and 100) or ("coupons"."discount_type" = 'amount' and "coupons"."amount_off_cents" > 0)),
	CONSTRAINT "coupons_limits_check" CHECK (coalesce("coupons"."max_redemptions", 1) > 0 and coalesce("coupons"."max_per_customer", 1) > 0),
	CONSTRAINT "coupons_dates_check" CHECK ("coupons"."starts_at" is null or "coupons"."ends_at" is null or "coupons"."starts_at" < "coupons"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
CREATE INDEX "coupons_code_trgm_idx" ON "coupons" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id","user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_check" CHECK ("orders"."discount_cents" >= 0 and "orders"."list_price_cents" >= 0);--> statement-breakpoint
-- Hand-written: every order before coupons was sold at its list price.
UPDATE "orders" SET "list_price_cents" = "amount_cents";
