CREATE TABLE "affiliate_signups" (
	"user_id" text PRIMARY KEY NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_commissions" DROP CONSTRAINT "affiliate_commissions_kind_check";--> statement-breakpoint
ALTER TABLE "affiliate_commissions" DROP CONSTRAINT "affiliate_commissions_amount_check";--> statement-breakpoint
DROP INDEX "affiliate_commissions_sale_order_idx";--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD COLUMN "order_line_id" uuid;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD COLUMN "provider_invoice_id" text;--> statement-breakpoint
ALTER TABLE "affiliate_settings" ADD COLUMN "recurring_commissions" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_signups" ADD CONSTRAINT "affiliate_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_signups" ADD CONSTRAINT "affiliate_signups_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_signups_affiliate_idx" ON "affiliate_signups" USING btree ("affiliate_id","created_at");--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_sale_line_idx" ON "affiliate_commissions" USING btree ("order_line_id") WHERE "affiliate_commissions"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_renewal_invoice_idx" ON "affiliate_commissions" USING btree ("provider_invoice_id") WHERE "affiliate_commissions"."kind" = 'renewal';--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_sale_order_idx" ON "affiliate_commissions" USING btree ("order_id") WHERE "affiliate_commissions"."kind" = 'sale' and "affiliate_commissions"."order_line_id" is null;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_kind_check" CHECK (kind in ('sale', 'renewal', 'reversal'));--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_amount_check" CHECK (("affiliate_commissions"."kind" in ('sale', 'renewal') and "affiliate_commissions"."amount_cents" >= 0) or ("affiliate_commissions"."kind" = 'reversal' and "affiliate_commissions"."amount_cents" < 0));