import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique } from "../../../tests/support/test-database";
import { courseModules, courses, lessonProgress, lessons, users } from "~/server/db/schema";
import { isUniqueViolation } from "~/server/db/errors.server";
import { deleteCourse, LessonNotInCourseError } from "./admin-courses.server";
import { useAdminCourseFixtures } from "../../../tests/support/admin-course-fixtures";

const { db, courseInput, courseRow, flatLessons, newCourse, saveCourse } = useAdminCourseFixtures();

describe("a save is one transaction", () => {
  it("writes nothing when a lesson row names another course's lesson", async () => {
    const other = await newCourse({ lessons: [{ title: "Not yours", contentMd: "" }] });
    const [foreign] = await flatLessons(other.id);
    const created = await newCourse({ title: "Before", lessons: [{ title: "Kept", contentMd: "" }] });
    const [kept] = await flatLessons(created.id);
    const before = await courseRow(created.id);

    await expect(
      saveCourse({
        courseId: created.id,
        input: courseInput({ title: "After", priceCents: 1 }),
        publish: true,
        lessons: [
          { title: "Inserted first", contentMd: "" },
          { id: kept.id, title: "Renamed", contentMd: "" },
          { id: foreign.id, title: "Stolen", contentMd: "" },
        ],
      }),
    ).rejects.toBeInstanceOf(LessonNotInCourseError);

    expect(await courseRow(created.id)).toEqual(before);
    expect(await flatLessons(created.id)).toEqual([expect.objectContaining({ id: kept.id, title: "Kept", orderIndex: 1 })]);
    expect(await flatLessons(other.id)).toEqual([expect.objectContaining({ id: foreign.id, title: "Not yours" })]);
  });

  it("writes nothing when the lesson insert fails (a lesson slug taken by a concurrent writer)", async () => {
    // Stands in for another writer taking the slug between our read and our insert: the insert of
    // a lesson titled "Contested" fails with a unique violation, every time it is tried.
    await db().execute(sql`
      create function fail_contested_lesson() returns trigger language plpgsql as $$
      begin
        if new.title = 'Contested' then
          raise exception 'duplicate key value violates unique constraint "lessons_course_slug_unique"' using errcode = '23505';
        end if;
        return new;
      end $$`);
    await db().execute(
      sql`create trigger fail_contested_lesson before insert on lessons for each row execute function fail_contested_lesson()`,
    );
    try {
      const created = await newCourse({ title: "Original title", lessons: [{ title: "Existing", contentMd: "" }] });
      const before = await courseRow(created.id);
      const lessonsBefore = await flatLessons(created.id);

      const failed = saveCourse({
        courseId: created.id,
        input: courseInput({ title: "Half-saved title" }),
        publish: true,
        lessons: [
          { id: lessonsBefore[0].id, title: "Existing, renamed", contentMd: "" },
          { title: "Contested", contentMd: "" },
        ],
      });
      expect(
        isUniqueViolation(
          await failed.then(
            () => null,
            (error: unknown) => error,
          ),
        ),
      ).toBe(true);
      expect(await courseRow(created.id)).toEqual(before);
      expect(await flatLessons(created.id)).toEqual(lessonsBefore);

      // A new course with that lesson is not created at all.
      const title = `Never created ${unique("n")}`;
      await expect(newCourse({ title, lessons: [{ title: "Contested", contentMd: "" }] })).rejects.toThrow();
      expect(await db().select().from(courses).where(eq(courses.title, title))).toEqual([]);
    } finally {
      await db().execute(sql`drop trigger fail_contested_lesson on lessons`);
      await db().execute(sql`drop function fail_contested_lesson()`);
    }
  });
});

describe("deleting a course", () => {
  it("deletes its modules, lessons and learners' progress with it (database cascades)", async () => {
    const learner = unique("learner");
    await db()
      .insert(users)
      .values({ id: learner, email: `${learner}@example.test`, name: "Lee Learner" });
    const created = await newCourse({ lessons: [{ title: "Flat", contentMd: "" }] });
    const [module] = await db().insert(courseModules).values({ courseId: created.id, title: "M", position: 1 }).returning();
    await db().insert(lessons).values({ courseId: created.id, moduleId: module.id, title: "In module", slug: "in-module", orderIndex: 1 });
    const [flat] = await flatLessons(created.id);
    await db().insert(lessonProgress).values({ userId: learner, lessonId: flat.id, positionSeconds: 5 });

    await deleteCourse({ courseId: created.id });

    expect(await courseRow(created.id)).toBeUndefined();
    expect(await db().select().from(lessons).where(eq(lessons.courseId, created.id))).toEqual([]);
    expect(await db().select().from(courseModules).where(eq(courseModules.courseId, created.id))).toEqual([]);
    expect(await db().select().from(lessonProgress).where(eq(lessonProgress.lessonId, flat.id))).toEqual([]);
  });
});
