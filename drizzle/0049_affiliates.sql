CREATE TABLE "affiliate_clicks" (
	"affiliate_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "affiliate_clicks_affiliate_id_day_visitor_hash_pk" PRIMARY KEY("affiliate_id","day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "affiliate_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"base_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"item_title" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"payout_id" uuid,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_commissions_kind_check" CHECK (kind in ('sale', 'reversal')),
	CONSTRAINT "affiliate_commissions_state_check" CHECK (state in ('pending', 'paid', 'reversed')),
	CONSTRAINT "affiliate_commissions_amount_check" CHECK (("affiliate_commissions"."kind" = 'sale' and "affiliate_commissions"."amount_cents" >= 0) or ("affiliate_commissions"."kind" = 'reversal' and "affiliate_commissions"."amount_cents" < 0))
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_payouts_amount_check" CHECK ("affiliate_payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "affiliate_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"join_policy" text DEFAULT 'approval' NOT NULL,
	"commission_type" text DEFAULT 'percent' NOT NULL,
	"commission_percent" integer DEFAULT 20 NOT NULL,
	"commission_fixed_cents" integer DEFAULT 0 NOT NULL,
	"cookie_days" integer DEFAULT 30 NOT NULL,
	"hold_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "affiliate_settings_single_row" CHECK ("affiliate_settings"."id"),
	CONSTRAINT "affiliate_settings_join_policy_check" CHECK (join_policy in ('anyone', 'approval', 'invitation')),
	CONSTRAINT "affiliate_settings_commission_type_check" CHECK (commission_type in ('percent', 'fixed')),
	CONSTRAINT "affiliate_settings_numbers_check" CHECK ("affiliate_settings"."commission_percent" between 0 and 100 and "affiliate_settings"."commission_fixed_cents" >= 0 and "affiliate_settings"."cookie_days" between 1 and 365 and "affiliate_settings"."hold_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"commission_type" text,
	"commission_percent" integer,
	"commission_fixed_cents" integer,
	"course_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"payout_details" text DEFAULT '' NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliates_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "affiliates_status_check" CHECK (status in ('pending', 'approved', 'paused', 'removed')),
	CONSTRAINT "affiliates_code_check" CHECK ("affiliates"."code" ~ '^[A-Za-z0-9-]{3,40}$'),
	CONSTRAINT "affiliates_commission_check" CHECK ("affiliates"."commission_type" is null or (commission_type in ('percent', 'fixed') and coalesce("affiliates"."commission_percent", 0) between 0 and 100 and coalesce("affiliates"."commission_fixed_cents", 0) >= 0))
);
--> statement-breakpoint
ALTER TABLE "access_events" DROP CONSTRAINT "access_events_type_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "affiliate_id" uuid;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_settings" ADD CONSTRAINT "affiliate_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_sale_order_idx" ON "affiliate_commissions" USING btree ("order_id") WHERE "affiliate_commissions"."kind" = 'sale';--> statement-breakpoint
CREATE INDEX "affiliate_commissions_affiliate_idx" ON "affiliate_commissions" USING btree ("affiliate_id","state","available_at");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_affiliate_idx" ON "affiliate_payouts" USING btree ("affiliate_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_code_lower_idx" ON "affiliates" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "affiliates_status_created_idx" ON "affiliates" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "affiliates_created_idx" ON "affiliates" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_type_check" CHECK (type in ('grant', 'revoke', 'purchase', 'refund', 'membership_started', 'membership_ended', 'role_change', 'certificate_revoked', 'drip_unlocked', 'posting_banned', 'posting_unbanned', 'api_key_created', 'api_key_revoked', 'instructor_added', 'instructor_removed', 'api_write', 'account_deleted', 'affiliate_settings_changed', 'affiliate_changed', 'affiliate_commission_reversed', 'affiliate_payout', 'demo_removed'));