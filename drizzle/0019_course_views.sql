CREATE TABLE "course_views" (
	"course_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "course_views_course_id_visitor_hash_day_pk" PRIMARY KEY("course_id","visitor_hash","day")
);
--> statement-breakpoint
ALTER TABLE "course_views" ADD CONSTRAINT "course_views_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_views_day_idx" ON "course_views" USING btree ("day","course_id");