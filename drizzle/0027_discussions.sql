CREATE TABLE "discussion_bans" (
	"user_id" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_follows" (
	"thread_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"following" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_follows_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_helpful_marks" (
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_helpful_marks_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_mail_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discussion_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_notifications_kind_check" CHECK (kind in ('reply', 'answer', 'follow', 'hidden', 'banned'))
);
--> statement-breakpoint
CREATE TABLE "discussion_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"parent_id" uuid,
	"kind" text,
	"author_id" text,
	"author_name" text NOT NULL,
	"by_staff" boolean DEFAULT false NOT NULL,
	"body_md" text NOT NULL,
	"body_html" text NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"hidden_reason" text,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_posts_kind_check" CHECK (("discussion_posts"."parent_id" is null) = ("discussion_posts"."kind" is not null) and ("discussion_posts"."kind" is null or kind in ('question', 'comment'))),
	CONSTRAINT "discussion_posts_status_check" CHECK (status in ('visible', 'held', 'hidden')),
	CONSTRAINT "discussion_posts_body_check" CHECK (char_length("discussion_posts"."body_md") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "access_events" DROP CONSTRAINT "access_events_type_check";--> statement-breakpoint
ALTER TABLE "mail_log" DROP CONSTRAINT "mail_log_kind_check";--> statement-breakpoint
ALTER TABLE "discussion_bans" ADD CONSTRAINT "discussion_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_bans" ADD CONSTRAINT "discussion_bans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_follows" ADD CONSTRAINT "discussion_follows_thread_id_discussion_posts_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_follows" ADD CONSTRAINT "discussion_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_helpful_marks" ADD CONSTRAINT "discussion_helpful_marks_post_id_discussion_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_helpful_marks" ADD CONSTRAINT "discussion_helpful_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_mail_settings" ADD CONSTRAINT "discussion_mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_notifications" ADD CONSTRAINT "discussion_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_notifications" ADD CONSTRAINT "discussion_notifications_post_id_discussion_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_notifications_unread_idx" ON "discussion_notifications" USING btree ("user_id") WHERE "discussion_notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "discussion_notifications_user_idx" ON "discussion_notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "discussion_notifications_unsent_idx" ON "discussion_notifications" USING btree ("user_id") WHERE "discussion_notifications"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "discussion_posts_lesson_idx" ON "discussion_posts" USING btree ("lesson_id","last_activity_at" DESC NULLS FIRST) WHERE "discussion_posts"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "discussion_posts_parent_idx" ON "discussion_posts" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "discussion_posts_course_idx" ON "discussion_posts" USING btree ("course_id","last_activity_at" DESC NULLS FIRST) WHERE "discussion_posts"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "discussion_posts_unanswered_idx" ON "discussion_posts" USING btree ("created_at") WHERE "discussion_posts"."parent_id" is null and "discussion_posts"."kind" = 'question' and "discussion_posts"."answered_at" is null and "discussion_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "discussion_posts_author_idx" ON "discussion_posts" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_type_check" CHECK (type in ('grant', 'revoke', 'purchase', 'refund', 'membership_started', 'membership_ended', 'role_change', 'certificate_revoked', 'drip_unlocked', 'posting_banned', 'posting_unbanned'));--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_kind_check" CHECK (kind in ('verify-email', 'existing-account', 'reset-password', 'newsletter-confirm', 'contact', 'receipt', 'refund', 'certificate', 'drip', 'announcement', 'new-lessons', 'discussions', 'other'));