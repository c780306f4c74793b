ALTER TABLE "mail_log" DROP CONSTRAINT "mail_log_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_checkout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "checkout_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_kind_check" CHECK (kind in ('verify-email', 'existing-account', 'reset-password', 'newsletter-confirm', 'contact', 'receipt', 'refund', 'certificate', 'drip', 'announcement', 'new-lessons', 'discussions', 'checkout-reminder', 'other'));