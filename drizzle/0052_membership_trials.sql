ALTER TABLE "mail_log" DROP CONSTRAINT "mail_log_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trial_days" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "membership_trial_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_converted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_trial_per_user_idx" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."trial_ends_at" is not null;--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_kind_check" CHECK (kind in ('verify-email', 'existing-account', 'reset-password', 'newsletter-confirm', 'contact', 'receipt', 'refund', 'certificate', 'drip', 'announcement', 'new-lessons', 'discussions', 'checkout-reminder', 'data-export', 'welcome', 'trial-reminder', 'other'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_trial_days_check" CHECK ("site_settings"."membership_trial_days" between 0 and 90);