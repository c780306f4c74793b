CREATE TABLE "tax_rates" (
	"country" text PRIMARY KEY NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_basis_points" > 0 and "tax_rates"."rate_basis_points" <= 10000),
	CONSTRAINT "tax_rates_country_check" CHECK ("tax_rates"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_tax_id" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "tax_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_check" CHECK ("orders"."tax_cents" >= 0 and "orders"."tax_cents" <= "orders"."amount_cents");