ALTER TABLE "site_settings" ADD COLUMN "sender_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "sender_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "reply_to" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "brand_color" text DEFAULT '#4338ca' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "favicon_url" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "date_format" text DEFAULT 'MMM d, yyyy' NOT NULL;