CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body_md" text NOT NULL,
	"audience" text NOT NULL,
	"course_id" uuid,
	"status" text DEFAULT 'sending' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"queued_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"send_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_send_key_unique" UNIQUE("send_key"),
	CONSTRAINT "announcements_audience_check" CHECK (audience in ('course', 'members', 'customers', 'newsletter')),
	CONSTRAINT "announcements_status_check" CHECK (status in ('sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "mail_log" DROP CONSTRAINT "mail_log_kind_check";--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_kind_check" CHECK (kind in ('verify-email', 'existing-account', 'reset-password', 'newsletter-confirm', 'contact', 'receipt', 'refund', 'certificate', 'drip', 'announcement', 'other'));