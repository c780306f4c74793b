ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_id_course_unique" UNIQUE("id","course_id");--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_module_id_course_modules_id_fk";
--> statement-breakpoint
-- Hand-written (not generated): a lesson whose module belongs to another course becomes a flat
-- lesson of its own course, so the foreign key below can be added.
UPDATE "lessons" SET "module_id" = NULL WHERE "module_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "course_modules" m WHERE m."id" = "lessons"."module_id" AND m."course_id" = "lessons"."course_id");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_module_same_course_fk" FOREIGN KEY ("module_id","course_id") REFERENCES "public"."course_modules"("id","course_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written backfill: positions and order indexes count from 1 within their parent (modules
-- within a course; lessons within their module, or within the course's flat group).
UPDATE "course_modules" SET "position" = r."n" FROM (SELECT "id", row_number() OVER (PARTITION BY "course_id" ORDER BY "position", "id") AS "n" FROM "course_modules") r WHERE "course_modules"."id" = r."id" AND "course_modules"."position" <> r."n";--> statement-breakpoint
UPDATE "lessons" SET "order_index" = r."n" FROM (SELECT "id", row_number() OVER (PARTITION BY "course_id", "module_id" ORDER BY "order_index", "id") AS "n" FROM "lessons") r WHERE "lessons"."id" = r."id" AND "lessons"."order_index" <> r."n";
