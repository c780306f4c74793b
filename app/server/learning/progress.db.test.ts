import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courseModules, courses, enrollments, lessonProgress, lessons, subscriptions, users } from "~/server/db/schema";
import { moveLesson } from "~/server/curriculum/lessons.server";
import { moveModule } from "~/server/curriculum/modules.server";
import { LessonLockedError, LessonNotFoundError } from "./learning-errors.server";
import { findLessonBySlugsForPage } from "./lesson-page.server";
import { listMyCourses } from "./my-courses.server";
import {
  findNextLesson,
  getCourseProgress,
  listCourseOutline,
  listCourseOutlineForPage,
  listLessonProgress,
  markLessonComplete,
  markLessonIncomplete,
  saveLessonPosition,
} from "./progress.server";

const database = useTestDatabase();

const person = async (role = "user") => {
  const id = unique(role);
  await database()
    .db.insert(users)
    .values({ id, email: `${id}@example.test`, name: id, role });
  return { id, role };
};

type Learner = Awaited<ReturnType<typeof person>>;
let learner: Learner;
let stranger: Learner;
let member: Learner;

/**
 * A course laid out as the builder keeps it: two flat lessons, then module A (two lessons) and
 * module B (one lesson). Learning order: flat1, flat2, a1, a2, b1.
 */
async function makeCourse(status: "draft" | "published" = "published") {
  const db = database().db;
  const [course] = await db
    .insert(courses)
    .values({ title: "Progress course", slug: unique("progress"), status })
    .returning({ id: courses.id });
  const [moduleA, moduleB] = await db
    .insert(courseModules)
    .values([
      { courseId: course.id, title: "A", position: 1 },
      { courseId: course.id, title: "B", position: 2 },
    ])
    .returning({ id: courseModules.id });
  const lesson = async (slug: string, moduleId: string | null, orderIndex: number, isPreview = false) => {
    const [row] = await db
      .insert(lessons)
      .values({ courseId: course.id, moduleId, title: slug, slug: `${slug}-${unique()}`, orderIndex, isPreview })
      .returning({ id: lessons.id, slug: lessons.slug });
    return row;
  };
  // Inserted out of order on purpose: the order comes from positions, not insertion.
  const b1 = await lesson("b1", moduleB.id, 1);
  const a2 = await lesson("a2", moduleA.id, 2);
  const a1 = await lesson("a1", moduleA.id, 1);
  const flat2 = await lesson("flat2", null, 2);
  const flat1 = await lesson("flat1", null, 1, true);
  return { id: course.id, moduleA: moduleA.id, moduleB: moduleB.id, flat1, flat2, a1, a2, b1 };
}

type Course = Awaited<ReturnType<typeof makeCourse>>;
let course: Course;

beforeAll(async () => {
  learner = await person();
  stranger = await person();
  member = await person();
  course = await makeCourse();
  await database().db.insert(enrollments).values({ userId: learner.id, courseId: course.id, source: "admin", status: "active" });
  await database()
    .db.insert(subscriptions)
    .values({ userId: member.id, plan: "yearly", status: "active", provider: "test", currentPeriodEnd: new Date(Date.now() + 86_400_000) });
});

const row = async (userId: string, lessonId: string) =>
  (
    await database()
      .db.select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)))
  )[0];

describe("learning order", () => {
  it("puts flat lessons first, then each module's, whatever order they were added in", async () => {
    const outline = await listCourseOutline({ courseId: course.id });
    expect(outline.lessons.map((lesson) => lesson.id)).toEqual([
      course.flat1.id,
      course.flat2.id,
      course.a1.id,
      course.a2.id,
      course.b1.id,
    ]);
    expect(outline.modules.map((module) => module.title)).toEqual(["A", "B"]);
  });
});

describe("the lesson page's kept reads (issue 44)", () => {
  it("keeps a course's outline and a lesson's row in memory until a content write, and follows a rename, a new lesson and a draft", async () => {
    const kept = await makeCourse();
    const [{ slug: courseSlug }] = await database().db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, kept.id));
    const outline = await listCourseOutlineForPage({ courseId: kept.id });
    expect(outline).toEqual(await listCourseOutline({ courseId: kept.id }));
    expect(await listCourseOutlineForPage({ courseId: kept.id })).toBe(outline);
    const lesson = await findLessonBySlugsForPage({ courseSlug, lessonSlug: kept.a1.slug });
    expect(lesson).toMatchObject({ course: { id: kept.id, status: "published" }, lesson: { id: kept.a1.id, title: "a1" } });
    expect(await findLessonBySlugsForPage({ courseSlug, lessonSlug: kept.a1.slug })).toBe(lesson);
    expect(await findLessonBySlugsForPage({ courseSlug, lessonSlug: "no-such-lesson" })).toBeNull();

    // The write announces itself (PGlite: as it commits; PostgreSQL: by NOTIFY, a moment after).
    await database().db.update(lessons).set({ title: "A1 renamed" }).where(eq(lessons.id, kept.a1.id));
    await expect.poll(async () => (await findLessonBySlugsForPage({ courseSlug, lessonSlug: kept.a1.slug }))?.lesson.title).toBe("A1 renamed");
    await expect
      .poll(async () => (await listCourseOutlineForPage({ courseId: kept.id })).lessons.find((row) => row.id === kept.a1.id)?.title)
      .toBe("A1 renamed");

    const [added] = await database()
      .db.insert(lessons)
      .values({ courseId: kept.id, moduleId: kept.moduleB, title: "b2", slug: `b2-${unique()}`, orderIndex: 2 })
      .returning({ id: lessons.id, slug: lessons.slug });
    await expect.poll(async () => (await listCourseOutlineForPage({ courseId: kept.id })).lessons.map((row) => row.id)).toContain(added!.id);
    await expect.poll(async () => (await findLessonBySlugsForPage({ courseSlug, lessonSlug: added!.slug }))?.lesson.id).toBe(added!.id);

    await database().db.update(courses).set({ status: "draft" }).where(eq(courses.id, kept.id));
    await expect.poll(async () => (await findLessonBySlugsForPage({ courseSlug, lessonSlug: kept.a1.slug }))?.course.status).toBe("draft");
  });
});

describe("markLessonComplete", () => {
  it("is idempotent: completing again keeps the first completion and one row", async () => {
    const first = await markLessonComplete({ user: learner, lessonId: course.a1.id });
    const again = await markLessonComplete({ user: learner, lessonId: course.a1.id });
    expect(again.completedAt.getTime()).toBe(first.completedAt.getTime());
    const rows = await database().db.select().from(lessonProgress).where(eq(lessonProgress.userId, learner.id));
    expect(rows.filter((progress) => progress.lessonId === course.a1.id)).toHaveLength(1);
    expect(await getCourseProgress({ userId: learner.id, courseId: course.id })).toEqual({
      totalLessons: 5,
      completedLessons: 1,
      percent: 20,
    });
  });

  it("can be taken back", async () => {
    await markLessonComplete({ user: learner, lessonId: course.a2.id });
    await markLessonIncomplete({ user: learner, lessonId: course.a2.id });
    expect((await row(learner.id, course.a2.id)).completedAt).toBeNull();
  });
});

describe("saveLessonPosition", () => {
  it("keeps the latest position in whole seconds and leaves completion alone", async () => {
    await saveLessonPosition({ user: learner, lessonId: course.a1.id, positionSeconds: 12.9 });
    expect(await row(learner.id, course.a1.id)).toMatchObject({ positionSeconds: 12 });
    expect((await row(learner.id, course.a1.id)).completedAt).not.toBeNull();
    await saveLessonPosition({ user: learner, lessonId: course.a1.id, positionSeconds: 40 });
    expect(await listLessonProgress({ userId: learner.id, lessonIds: [course.a1.id, course.b1.id] })).toEqual([
      { lessonId: course.a1.id, completed: true, positionSeconds: 40 },
    ]);
  });

  it("clamps nonsense to the range it keeps", async () => {
    expect(await saveLessonPosition({ user: learner, lessonId: course.b1.id, positionSeconds: -5 })).toEqual({ positionSeconds: 0 });
    expect(await saveLessonPosition({ user: learner, lessonId: course.b1.id, positionSeconds: 10 ** 9 })).toEqual({
      positionSeconds: 86_400,
    });
  });

  it("goes through the access rule: a member may, a stranger only on a free preview, nobody on a draft or an unknown lesson", async () => {
    await expect(saveLessonPosition({ user: member, lessonId: course.b1.id, positionSeconds: 3 })).resolves.toEqual({ positionSeconds: 3 });
    await expect(saveLessonPosition({ user: stranger, lessonId: course.flat1.id, positionSeconds: 3 })).resolves.toEqual({
      positionSeconds: 3,
    });
    await expect(saveLessonPosition({ user: stranger, lessonId: course.b1.id, positionSeconds: 3 })).rejects.toBeInstanceOf(
      LessonLockedError,
    );
    await expect(markLessonComplete({ user: stranger, lessonId: course.b1.id })).rejects.toBeInstanceOf(LessonLockedError);
    const draft = await makeCourse("draft");
    await expect(markLessonComplete({ user: member, lessonId: draft.flat1.id })).rejects.toBeInstanceOf(LessonNotFoundError);
    await expect(markLessonComplete({ user: learner, lessonId: crypto.randomUUID() })).rejects.toBeInstanceOf(LessonNotFoundError);
    expect(await row(stranger.id, course.b1.id)).toBeUndefined();
  });
});

describe("findNextLesson", () => {
  it("is the first lesson in learning order not completed, and the first lesson once all are done", async () => {
    const fresh = await person();
    const own = await makeCourse();
    await database().db.insert(enrollments).values({ userId: fresh.id, courseId: own.id, source: "admin", status: "active" });
    expect((await findNextLesson({ userId: fresh.id, courseId: own.id }))?.lessonId).toBe(own.flat1.id);
    await markLessonComplete({ user: fresh, lessonId: own.flat1.id });
    await markLessonComplete({ user: fresh, lessonId: own.a1.id });
    // flat2 was skipped: it is still the next unfinished one.
    expect((await findNextLesson({ userId: fresh.id, courseId: own.id }))?.lessonId).toBe(own.flat2.id);
    for (const lesson of [own.flat2, own.a2, own.b1]) await markLessonComplete({ user: fresh, lessonId: lesson.id });
    expect((await findNextLesson({ userId: fresh.id, courseId: own.id }))?.lessonId).toBe(own.flat1.id);
    expect(await getCourseProgress({ userId: fresh.id, courseId: own.id })).toMatchObject({ completedLessons: 5, percent: 100 });
  });

  it("follows the admin's reordering, and progress stays with the lessons", async () => {
    const fresh = await person();
    const own = await makeCourse();
    await database().db.insert(enrollments).values({ userId: fresh.id, courseId: own.id, source: "admin", status: "active" });
    for (const lesson of [own.flat1, own.flat2]) await markLessonComplete({ user: fresh, lessonId: lesson.id });
    expect((await findNextLesson({ userId: fresh.id, courseId: own.id }))?.lessonId).toBe(own.a1.id);
    // Module B moves before A, and a2 moves to the top of A.
    await moveModule({ courseId: own.id, moduleId: own.moduleB, position: 1 });
    expect((await findNextLesson({ userId: fresh.id, courseId: own.id }))?.lessonId).toBe(own.b1.id);
    await markLessonComplete({ user: fresh, lessonId: own.b1.id });
    await moveLesson({ courseId: own.id, lessonId: own.a2.id, moduleId: own.moduleA, position: 1 });
    expect((await findNextLesson({ userId: fresh.id, courseId: own.id }))?.lessonId).toBe(own.a2.id);
    // A completed lesson moved into a module is still completed.
    await moveLesson({ courseId: own.id, lessonId: own.flat1.id, moduleId: own.moduleA, position: 1 });
    expect(await getCourseProgress({ userId: fresh.id, courseId: own.id })).toMatchObject({ completedLessons: 3, totalLessons: 5 });
  });

  it("is null for a course without lessons, and the first lesson for a visitor", async () => {
    const [empty] = await database()
      .db.insert(courses)
      .values({ title: "Empty", slug: unique("empty"), status: "published" })
      .returning({ id: courses.id });
    expect(await findNextLesson({ userId: learner.id, courseId: empty.id })).toBeNull();
    expect((await findNextLesson({ userId: null, courseId: course.id }))?.lessonId).toBe(course.flat1.id);
  });
});

describe("listMyCourses", () => {
  it("lists enrolled courses with progress and where to continue", async () => {
    const mine = await listMyCourses({ user: learner });
    expect(mine.map((entry) => entry.id)).toEqual([course.id]);
    expect(mine[0]).toMatchObject({ progress: { totalLessons: 5, completedLessons: 1 }, nextLessonSlug: course.flat1.slug });
  });

  it("shows a member the courses they have started, and nothing once the membership ends", async () => {
    const other = await makeCourse();
    const fresh = await person();
    await database()
      .db.insert(subscriptions)
      .values({
        userId: fresh.id,
        plan: "monthly",
        status: "active",
        provider: "test",
        currentPeriodEnd: new Date(Date.now() + 86_400_000),
      });
    expect(await listMyCourses({ user: fresh })).toEqual([]);
    await saveLessonPosition({ user: fresh, lessonId: other.a1.id, positionSeconds: 5 });
    expect((await listMyCourses({ user: fresh })).map((entry) => entry.id)).toEqual([other.id]);
    await database()
      .db.update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, fresh.id));
    expect(await listMyCourses({ user: fresh })).toEqual([]);
  });

  it("puts the courses studied first, the most recent first, then the other enrolments, the latest granted first", async () => {
    const fresh = await person();
    const [first, second, third] = [await makeCourse(), await makeCourse(), await makeCourse()];
    for (const [index, own] of [first, second, third].entries()) {
      await database()
        .db.insert(enrollments)
        .values({ userId: fresh.id, courseId: own.id, source: "admin", status: "active", grantedAt: new Date(Date.UTC(2026, 0, index + 1)) });
    }
    await saveLessonPosition({ user: fresh, lessonId: first.a1.id, positionSeconds: 5 });
    expect((await listMyCourses({ user: fresh })).map((entry) => entry.id)).toEqual([first.id, third.id, second.id]);
    await saveLessonPosition({ user: fresh, lessonId: second.a1.id, positionSeconds: 5 });
    expect((await listMyCourses({ user: fresh })).map((entry) => entry.id)).toEqual([second.id, first.id, third.id]);
  });

  it("leaves out a course whose access was revoked, progress or not", async () => {
    const fresh = await person();
    const own = await makeCourse();
    await database().db.insert(enrollments).values({ userId: fresh.id, courseId: own.id, source: "admin", status: "active" });
    await markLessonComplete({ user: fresh, lessonId: own.a1.id });
    expect(await listMyCourses({ user: fresh })).toHaveLength(1);
    await database().db.update(enrollments).set({ status: "revoked" }).where(eq(enrollments.userId, fresh.id));
    expect(await listMyCourses({ user: fresh })).toEqual([]);
  });
});
