CREATE TABLE "course_learner_counts" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"learners" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_learner_counts" ADD CONSTRAINT "course_learner_counts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: course_learner_counts holds each course's number of active enrollments, kept by
-- these triggers in the writing transaction (issue 21; app/server/db/schema.ts). They run once per
-- statement and apply what the statement changed per course (its transition tables), so a bulk
-- grant or a course's deletion costs one update per course, not one per enrollment. A course's
-- counter row is locked until the enrolling transaction commits, so two purchases of one course
-- take turns on it for that long.
CREATE FUNCTION "enrollments_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "course_learner_counts" ("course_id", "learners")
    SELECT "course_id", count(*)::integer FROM "new_rows" WHERE "status" = 'active' GROUP BY "course_id"
  ON CONFLICT ("course_id") DO UPDATE SET "learners" = "course_learner_counts"."learners" + excluded."learners";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "enrollments_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "course_learner_counts" AS "c" SET "learners" = "c"."learners" - "d"."n"
    FROM (SELECT "course_id", count(*)::integer AS "n" FROM "old_rows" WHERE "status" = 'active' GROUP BY "course_id") AS "d"
    WHERE "c"."course_id" = "d"."course_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "enrollments_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "course_learner_counts" ("course_id", "learners")
    SELECT "course_id", sum("n")::integer FROM (
      SELECT "course_id", 1 AS "n" FROM "new_rows" WHERE "status" = 'active'
      UNION ALL
      SELECT "course_id", -1 AS "n" FROM "old_rows" WHERE "status" = 'active'
    ) AS "moves"
    GROUP BY "course_id" HAVING sum("n") <> 0
  ON CONFLICT ("course_id") DO UPDATE SET "learners" = "course_learner_counts"."learners" + excluded."learners";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "enrollments_count_inserted" AFTER INSERT ON "enrollments" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "enrollments_count_inserted"();--> statement-breakpoint
CREATE TRIGGER "enrollments_count_deleted" AFTER DELETE ON "enrollments" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "enrollments_count_deleted"();--> statement-breakpoint
CREATE TRIGGER "enrollments_count_updated" AFTER UPDATE ON "enrollments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "enrollments_count_updated"();--> statement-breakpoint
CREATE FUNCTION "enrollments_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "course_learner_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "enrollments_truncated" AFTER TRUNCATE ON "enrollments" FOR EACH STATEMENT EXECUTE FUNCTION "enrollments_truncated"();--> statement-breakpoint
INSERT INTO "course_learner_counts" ("course_id", "learners")
  SELECT "course_id", count(*) FROM "enrollments" WHERE "status" = 'active' GROUP BY "course_id";
