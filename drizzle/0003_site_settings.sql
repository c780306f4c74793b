CREATE TABLE "site_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"school_name" text DEFAULT 'Launchpad Academy' NOT NULL,
	"tagline" text DEFAULT 'Practical courses for Shopify, AI and automation, built by people who run real stores.' NOT NULL,
	"support_email" text DEFAULT 'support@launchpad.localhost' NOT NULL,
	"logo_url" text DEFAULT '/images/logo.svg',
	"membership_monthly_cents" integer DEFAULT 9700 NOT NULL,
	"membership_yearly_cents" integer DEFAULT 97000 NOT NULL,
	"course_fallback_price_cents" integer DEFAULT 19700 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id"),
	CONSTRAINT "site_settings_school_name_check" CHECK (length(trim("site_settings"."school_name")) > 0),
	CONSTRAINT "site_settings_prices_check" CHECK ("site_settings"."membership_monthly_cents" >= 0 and "site_settings"."membership_yearly_cents" >= 0 and "site_settings"."course_fallback_price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The one row, filled from the column defaults above (DEFAULT_SITE_SETTINGS in app/lib/site-settings.ts).
-- A database that already has its row keeps it.
INSERT INTO "site_settings" ("id") VALUES (true) ON CONFLICT DO NOTHING;
