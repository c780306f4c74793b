CREATE TABLE "drip_overrides" (
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "drip_overrides_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "access_events" DROP CONSTRAINT "access_events_type_check";--> statement-breakpoint
ALTER TABLE "course_modules" ADD COLUMN "drip_days" integer;--> statement-breakpoint
ALTER TABLE "course_modules" ADD COLUMN "drip_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drip_overrides" ADD CONSTRAINT "drip_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drip_overrides" ADD CONSTRAINT "drip_overrides_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drip_overrides" ADD CONSTRAINT "drip_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_type_check" CHECK (type in ('grant', 'revoke', 'purchase', 'refund', 'membership_started', 'membership_ended', 'role_change', 'certificate_revoked', 'drip_unlocked'));--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_drip_check" CHECK ("course_modules"."drip_days" is null or "course_modules"."drip_date" is null);--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_drip_days_check" CHECK ("course_modules"."drip_days" is null or "course_modules"."drip_days" between 1 and 3650);