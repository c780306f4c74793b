CREATE TABLE "course_instructors" (
	"course_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "course_instructors_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "access_events" DROP CONSTRAINT "access_events_type_check";--> statement-breakpoint
ALTER TABLE "course_instructors" ADD CONSTRAINT "course_instructors_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_instructors" ADD CONSTRAINT "course_instructors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_instructors" ADD CONSTRAINT "course_instructors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_instructors_user_idx" ON "course_instructors" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_type_check" CHECK (type in ('grant', 'revoke', 'purchase', 'refund', 'membership_started', 'membership_ended', 'role_change', 'certificate_revoked', 'drip_unlocked', 'posting_banned', 'posting_unbanned', 'api_key_created', 'api_key_revoked', 'instructor_added', 'instructor_removed'));