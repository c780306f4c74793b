CREATE TABLE "course_learner_counts" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"learners" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_learner_counts" ADD CONSTRAINT "course_learner_counts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: course_learner_counts holds each course's number of active enrollments, kept by
-- these triggers in the writing transaction (issue 21; app/server/db/schema.ts). A course's counter
-- row is locked until the enrolling transaction commits, so two purchases of one course take turns
-- on it for that long.
CREATE FUNCTION "enrollments_count_learners"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status = 'active' THEN
      UPDATE "course_learner_counts" SET "learners" = "learners" - 1 WHERE "course_id" = OLD.course_id;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status = 'active' THEN
      INSERT INTO "course_learner_counts" ("course_id", "learners") VALUES (NEW.course_id, 1)
      ON CONFLICT ("course_id") DO UPDATE SET "learners" = "course_learner_counts"."learners" + 1;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "enrollments_count_learners" AFTER INSERT OR DELETE OR UPDATE OF "status", "course_id" ON "enrollments"
  FOR EACH ROW EXECUTE FUNCTION "enrollments_count_learners"();--> statement-breakpoint
CREATE FUNCTION "enrollments_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "course_learner_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "enrollments_truncated" AFTER TRUNCATE ON "enrollments" FOR EACH STATEMENT EXECUTE FUNCTION "enrollments_truncated"();--> statement-breakpoint
INSERT INTO "course_learner_counts" ("course_id", "learners")
  SELECT "course_id", count(*) FROM "enrollments" WHERE "status" = 'active' GROUP BY "course_id";
