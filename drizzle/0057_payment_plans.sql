CREATE TABLE "payment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"course_id" uuid,
	"title" text NOT NULL,
	"payments" integer NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"instalment_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"next_due_at" timestamp with time zone,
	"overdue_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plans_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payment_plans_provider_subscription_id_unique" UNIQUE("provider_subscription_id"),
	CONSTRAINT "payment_plans_status_check" CHECK (status in ('active', 'overdue', 'paused', 'completed', 'canceled', 'refunded')),
	CONSTRAINT "payment_plans_payments_check" CHECK ("payment_plans"."payments" between 2 and 12),
	CONSTRAINT "payment_plans_paid_check" CHECK ("payment_plans"."paid_count" between 0 and "payment_plans"."payments"),
	CONSTRAINT "payment_plans_instalment_check" CHECK ("payment_plans"."instalment_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "mail_log" DROP CONSTRAINT "mail_log_kind_check";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "plan_payments" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "plan_instalment_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "instalment_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plan_payments" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "plan_grace_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_plans_user_idx" ON "payment_plans" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "payment_plans_status_due_idx" ON "payment_plans" USING btree ("status","next_due_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_payment_plan_check" CHECK (("courses"."plan_payments" is null and "courses"."plan_instalment_cents" is null) or ("courses"."plan_payments" between 2 and 12 and "courses"."plan_instalment_cents" > 0));--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_kind_check" CHECK (kind in ('verify-email', 'existing-account', 'reset-password', 'newsletter-confirm', 'contact', 'receipt', 'refund', 'certificate', 'drip', 'announcement', 'new-lessons', 'discussions', 'checkout-reminder', 'data-export', 'welcome', 'trial-reminder', 'plan-payment-failed', 'other'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_plan_grace_days_check" CHECK ("site_settings"."plan_grace_days" between 0 and 60);