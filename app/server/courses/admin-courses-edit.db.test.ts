import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique } from "../../../tests/support/test-database";
import { courseModules, lessonProgress, lessons, users } from "~/server/db/schema";
import { CourseNotFoundError, deleteCourse, LessonNotInCourseError, setCourseStatus, updateCourse } from "./admin-courses.server";
import { CourseChangedError } from "./course-revision.server";
import { useAdminCourseFixtures } from "../../../tests/support/admin-course-fixtures";

const { db, courseInput, courseRow, flatLessons, newCourse, currentRevision, saveCourse } = useAdminCourseFixtures();

describe("editing a course", () => {
  it("updates lessons in place: ids kept, renamed, reordered, removed ones deleted and the rest renumbered from 1", async () => {
    const created = await newCourse({
      lessons: ["One", "Two", "Three", "Four"].map((title) => ({ title, contentMd: "" })),
    });
    const [one, two, three, four] = await flatLessons(created.id);

    await saveCourse({
      courseId: created.id,
      input: courseInput({ title: "Renamed course" }),
      publish: false,
      lessons: [
        { id: three.id, title: "Three", contentMd: "" },
        { id: one.id, title: "One, renamed", contentMd: "Now with notes" },
        { title: "Five", contentMd: "" },
        { id: four.id, title: "Four", contentMd: "" },
      ],
      removedLessonIds: [two.id],
    });

    const after = await flatLessons(created.id);
    expect(after.map((lesson) => [lesson.title, lesson.orderIndex])).toEqual([
      ["Three", 1],
      ["One, renamed", 2],
      ["Five", 3],
      ["Four", 4],
    ]);
    expect(after[0].id).toBe(three.id);
    expect(after[1]).toMatchObject({ id: one.id, slug: one.slug, contentMd: "Now with notes" });
    expect(after[3].id).toBe(four.id);
    expect(after.map((lesson) => lesson.id)).not.toContain(two.id);
    expect((await courseRow(created.id)).title).toBe("Renamed course");
  });

  it("keeps learners' progress in the lessons it keeps", async () => {
    const learner = unique("learner");
    await db()
      .insert(users)
      .values({ id: learner, email: `${learner}@example.test`, name: "Lee Learner" });
    const created = await newCourse({ lessons: [{ title: "Only lesson", contentMd: "" }] });
    const [lesson] = await flatLessons(created.id);
    await db().insert(lessonProgress).values({ userId: learner, lessonId: lesson.id, completedAt: new Date(), positionSeconds: 42 });

    await saveCourse({
      courseId: created.id,
      input: courseInput(),
      publish: true,
      lessons: [
        { title: "A new first lesson", contentMd: "" },
        { id: lesson.id, title: "Only lesson, renamed", contentMd: "" },
      ],
    });

    const progress = await db().select().from(lessonProgress).where(eq(lessonProgress.lessonId, lesson.id));
    expect(progress).toEqual([expect.objectContaining({ userId: learner, positionSeconds: 42 })]);
  });

  it("leaves lessons inside modules alone, and keeps new flat slugs unique against them", async () => {
    const created = await newCourse({ lessons: [{ title: "Flat", contentMd: "" }] });
    const [flat] = await flatLessons(created.id);
    const [module] = await db().insert(courseModules).values({ courseId: created.id, title: "Module 1", position: 1 }).returning();
    const [inModule] = await db()
      .insert(lessons)
      .values({ courseId: created.id, moduleId: module.id, title: "Intro", slug: "intro", orderIndex: 1 })
      .returning();

    await saveCourse({
      courseId: created.id,
      input: courseInput(),
      publish: false,
      lessons: [{ title: "Intro", contentMd: "" }],
      removedLessonIds: [flat.id],
    });

    expect((await flatLessons(created.id)).map((lesson) => [lesson.title, lesson.slug, lesson.orderIndex])).toEqual([
      ["Intro", "intro-1", 1],
    ]);
    const [kept] = await db().select().from(lessons).where(eq(lessons.id, inModule.id));
    expect(kept).toMatchObject({ title: "Intro", slug: "intro", moduleId: module.id, orderIndex: 1 });

    // A module lesson's id is not a flat lesson of the form: refused, nothing written.
    await expect(
      saveCourse({
        courseId: created.id,
        input: courseInput(),
        publish: false,
        lessons: [{ id: inModule.id, title: "Hijack", contentMd: "" }],
      }),
    ).rejects.toBeInstanceOf(LessonNotInCourseError);
    expect((await db().select().from(lessons).where(eq(lessons.id, inModule.id)))[0].title).toBe("Intro");
  });

  it("keeps its own slug, and takes a free one when the typed slug belongs to another course", async () => {
    const other = await newCourse();
    const created = await newCourse();
    await saveCourse({ courseId: created.id, input: courseInput({ slug: created.slug }), publish: false, lessons: [] });
    expect((await courseRow(created.id)).slug).toBe(created.slug);
    await saveCourse({ courseId: created.id, input: courseInput({ slug: other.slug }), publish: false, lessons: [] });
    expect((await courseRow(created.id)).slug).toBe(`${other.slug}-1`);
  });

  it("stamps published_at once: a later publish, draft or toggle never moves it", async () => {
    const created = await newCourse();
    await saveCourse({ courseId: created.id, input: courseInput(), publish: true, lessons: [] });
    const first = (await courseRow(created.id)).publishedAt!;
    expect(first).toBeInstanceOf(Date);

    await saveCourse({ courseId: created.id, input: courseInput(), publish: false, lessons: [] });
    expect(await courseRow(created.id)).toMatchObject({ status: "draft", publishedAt: first });
    await setCourseStatus({ courseId: created.id, status: "published" });
    expect(await courseRow(created.id)).toMatchObject({ status: "published", publishedAt: first });
    await setCourseStatus({ courseId: created.id, status: "draft" });
    await saveCourse({ courseId: created.id, input: courseInput(), publish: true, lessons: [] });
    expect(await courseRow(created.id)).toMatchObject({ status: "published", publishedAt: first });
  });

  it("stamps published_at at the first publish from the list's toggle", async () => {
    const created = await newCourse();
    const published = await setCourseStatus({ courseId: created.id, status: "published" });
    expect(published.publishedAt).toBeInstanceOf(Date);
  });

  it("refuses a save on an older revision with CourseChangedError and writes nothing; each save moves the revision on", async () => {
    const created = await newCourse({ title: "Original", lessons: [{ title: "Kept", contentMd: "" }] });
    const opened = await currentRevision(created.id);
    await updateCourse({
      courseId: created.id,
      expectedRevision: opened,
      input: courseInput({ title: "First save" }),
      publish: false,
      lessons: [],
    });
    expect(await currentRevision(created.id)).toBe(opened + 1);
    const before = await courseRow(created.id);
    const lessonsBefore = await flatLessons(created.id);

    await expect(
      updateCourse({
        courseId: created.id,
        expectedRevision: opened,
        input: courseInput({ title: "Stale save" }),
        publish: true,
        lessons: [],
      }),
    ).rejects.toBeInstanceOf(CourseChangedError);
    expect(await courseRow(created.id)).toEqual(before);
    expect(await flatLessons(created.id)).toEqual(lessonsBefore);
  });

  it("deletes only the lessons named as removed, and refuses removing a module's lesson or one it also keeps", async () => {
    const created = await newCourse({ lessons: ["One", "Two"].map((title) => ({ title, contentMd: "" })) });
    const [one, two] = await flatLessons(created.id);
    const [module] = await db().insert(courseModules).values({ courseId: created.id, title: "Module", position: 1 }).returning();
    const [inModule] = await db()
      .insert(lessons)
      .values({ courseId: created.id, moduleId: module.id, title: "Inside", slug: unique("inside"), orderIndex: 1 })
      .returning();

    for (const removedLessonIds of [[inModule.id], [one.id], [crypto.randomUUID()]]) {
      await expect(
        saveCourse({
          courseId: created.id,
          input: courseInput(),
          publish: false,
          lessons: [{ id: one.id, title: "One", contentMd: "" }],
          removedLessonIds,
        }),
      ).rejects.toBeInstanceOf(LessonNotInCourseError);
    }
    expect((await flatLessons(created.id)).map((lesson) => lesson.id)).toEqual([one.id, two.id]);

    await saveCourse({ courseId: created.id, input: courseInput(), publish: false, lessons: [], removedLessonIds: [two.id] });
    expect((await flatLessons(created.id)).map((lesson) => [lesson.id, lesson.orderIndex])).toEqual([[one.id, 1]]);
    expect(await db().select({ id: lessons.id }).from(lessons).where(eq(lessons.id, inModule.id))).toEqual([{ id: inModule.id }]);
  });

  it("refuses a course that does not exist", async () => {
    const missing = crypto.randomUUID();
    await expect(
      updateCourse({ courseId: missing, expectedRevision: 1, input: courseInput(), publish: false, lessons: [] }),
    ).rejects.toBeInstanceOf(CourseNotFoundError);
    await expect(
      updateCourse({ courseId: "not-a-uuid", expectedRevision: 1, input: courseInput(), publish: false, lessons: [] }),
    ).rejects.toBeInstanceOf(CourseNotFoundError);
    await expect(setCourseStatus({ courseId: missing, status: "published" })).rejects.toBeInstanceOf(CourseNotFoundError);
    await expect(deleteCourse({ courseId: missing })).rejects.toBeInstanceOf(CourseNotFoundError);
  });
});

describe("a long lesson list", () => {
  it("saves and then reorders the form's maximum of 200 lessons in one go", async () => {
    const titles = Array.from({ length: 200 }, (_, i) => ({ title: `Lesson ${i + 1}`, contentMd: "" }));
    const created = await newCourse({ lessons: titles });
    const saved = await flatLessons(created.id);
    expect(saved).toHaveLength(200);
    const reversed = saved.toReversed().map((lesson) => ({ id: lesson.id, title: lesson.title, contentMd: "" }));
    await saveCourse({ courseId: created.id, input: courseInput(), publish: false, lessons: reversed });
    const after = await flatLessons(created.id);
    expect(after.map((lesson) => lesson.id)).toEqual(reversed.map((lesson) => lesson.id));
    expect(after.map((lesson) => lesson.orderIndex)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });
});
