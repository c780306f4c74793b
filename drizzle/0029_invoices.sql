CREATE TABLE "invoice_counters" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_single_row" CHECK ("invoice_counters"."id"),
	CONSTRAINT "invoice_counters_last_number_check" CHECK ("invoice_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller_legal_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"seller_tax_number" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"item_title" text NOT NULL,
	"list_price_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"coupon_code" text,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "invoices_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_kind_check" CHECK (kind in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."total_cents" >= 0 and "invoices"."tax_cents" >= 0 and "invoices"."discount_cents" >= 0 and "invoices"."list_price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "seller_legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "seller_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "seller_tax_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind_idx" ON "invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");