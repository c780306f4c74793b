CREATE TABLE "mail_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_log_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "mail_log_kind_check" CHECK (kind in ('verify-email', 'existing-account', 'reset-password', 'newsletter-confirm', 'contact', 'receipt', 'refund', 'other')),
	CONSTRAINT "mail_log_status_check" CHECK (status in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "mail_log_created_idx" ON "mail_log" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "mail_log_to_trgm_idx" ON "mail_log" USING gin ("to" gin_trgm_ops);