import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase, violatedConstraint } from "../../../tests/support/test-database";
import { CourseSlugTakenError, getCourseDetails, updateCourseDetails } from "~/server/courses/course-details.server";
import { CourseNotFoundError, setCourseStatus } from "~/server/courses/admin-courses.server";
import { courseModules, courses, lessons } from "~/server/db/schema";
import { ForeignVideoPathError, LessonNotFoundError, LessonSlugTakenError, ModuleNotFoundError } from "./curriculum-errors.server";
import { getCurriculum, placeAt } from "./curriculum.server";
import { createLesson, deleteLesson, moveLesson, updateLesson, type LessonInput } from "./lessons.server";
import { createModule, deleteModule, moveModule, updateModule } from "./modules.server";

const database = useTestDatabase();

async function newCourse(fields: Partial<typeof courses.$inferInsert> = {}) {
  const [course] = await database()
    .db.insert(courses)
    .values({ title: "Course", slug: unique("course"), ...fields })
    .returning({ id: courses.id, slug: courses.slug });
  return course;
}

/** The course's curriculum as titles: flat lessons, then each module with its lessons. */
async function outline(courseId: string) {
  const curriculum = await getCurriculum({ courseId });
  return {
    lessons: curriculum.lessons.map((lesson) => `${lesson.orderIndex}:${lesson.title}`),
    modules: curriculum.modules.map((module) => [
      `${module.position}:${module.title}`,
      module.lessons.map((lesson) => `${lesson.orderIndex}:${lesson.title}`),
    ]),
  };
}

async function titled(courseId: string, moduleId: string | null, title: string) {
  const { id } = await createLesson({ courseId, moduleId });
  await database().db.update(lessons).set({ title }).where(eq(lessons.id, id));
  return id;
}

async function namedModule(courseId: string, title: string) {
  const { id } = await createModule({ courseId });
  await updateModule({ courseId, moduleId: id, title, description: "" });
  return id;
}

const lessonInput = (fields: Partial<LessonInput> = {}): LessonInput => ({
  title: "Edited",
  slug: unique("lesson"),
  type: "article",
  summary: "A summary",
  contentMd: "# Hello",
  videoProvider: "youtube",
  videoUrl: null,
  videoStoragePath: null,
  embedCode: null,
  durationSeconds: 90,
  isPreview: true,
  ...fields,
});

describe("modules", () => {
  it("are added as 'New Module' with an empty description at position count + 1", async () => {
    const course = await newCourse();
    const first = await createModule({ courseId: course.id });
    const second = await createModule({ courseId: course.id });
    expect([first.position, second.position]).toEqual([1, 2]);
    const [row] = await database().db.select().from(courseModules).where(eq(courseModules.id, first.id));
    expect(row).toMatchObject({ title: "New Module", description: "", courseId: course.id });
  });

  it("take turns when added at the same time, so no position is used twice", async () => {
    const course = await newCourse();
    await Promise.all([1, 2, 3, 4].map(() => createModule({ courseId: course.id })));
    const rows = await database()
      .db.select({ position: courseModules.position })
      .from(courseModules)
      .where(eq(courseModules.courseId, course.id));
    expect(rows.map((row) => row.position).toSorted()).toEqual([1, 2, 3, 4]);
  });

  it("are edited within their own course only", async () => {
    const course = await newCourse();
    const other = await newCourse();
    const moduleId = await namedModule(course.id, "Basics");
    await expect(updateModule({ courseId: other.id, moduleId, title: "Hijack", description: "" })).rejects.toBeInstanceOf(
      ModuleNotFoundError,
    );
    expect(await updateModule({ courseId: course.id, moduleId, title: "Advanced", description: "Deeper" })).toMatchObject({
      title: "Advanced",
      description: "Deeper",
    });
    await expect(createModule({ courseId: crypto.randomUUID() })).rejects.toBeInstanceOf(CourseNotFoundError);
  });

  it("take their lessons with them when deleted (database cascade), and the modules after them move up", async () => {
    const course = await newCourse();
    const one = await namedModule(course.id, "One");
    const two = await namedModule(course.id, "Two");
    await namedModule(course.id, "Three");
    await titled(course.id, two, "Doomed A");
    await titled(course.id, two, "Doomed B");
    await titled(course.id, one, "Kept");
    await deleteModule({ courseId: course.id, moduleId: two });
    expect(await outline(course.id)).toEqual({
      lessons: [],
      modules: [
        ["1:One", ["1:Kept"]],
        ["2:Three", []],
      ],
    });
    expect(await database().db.$count(lessons, eq(lessons.moduleId, two))).toBe(0);
    await expect(deleteModule({ courseId: course.id, moduleId: two })).rejects.toBeInstanceOf(ModuleNotFoundError);
  });

  it("move to a position and the others are renumbered from 1", async () => {
    const course = await newCourse();
    const a = await namedModule(course.id, "A");
    await namedModule(course.id, "B");
    const c = await namedModule(course.id, "C");
    await moveModule({ courseId: course.id, moduleId: c, position: 1 });
    expect((await outline(course.id)).modules.map(([title]) => title)).toEqual(["1:C", "2:A", "3:B"]);
    // Past the end means last.
    await moveModule({ courseId: course.id, moduleId: a, position: 99 });
    expect((await outline(course.id)).modules.map(([title]) => title)).toEqual(["1:C", "2:B", "3:A"]);
    const other = await newCourse();
    await expect(moveModule({ courseId: other.id, moduleId: a, position: 1 })).rejects.toBeInstanceOf(ModuleNotFoundError);
  });
});

describe("lessons", () => {
  it("are added with the spec's defaults, after the last lesson of their own group", async () => {
    const course = await newCourse();
    const moduleId = await namedModule(course.id, "M");
    const before = Date.now();
    const first = await createLesson({ courseId: course.id, moduleId });
    const second = await createLesson({ courseId: course.id, moduleId });
    const flat = await createLesson({ courseId: course.id, moduleId: null });
    expect([first.orderIndex, second.orderIndex, flat.orderIndex]).toEqual([1, 2, 1]);
    const [row] = await database().db.select().from(lessons).where(eq(lessons.id, first.id));
    expect(row).toMatchObject({
      title: "New Lesson",
      type: "video",
      videoProvider: "youtube",
      summary: "",
      isPreview: false,
      moduleId,
      courseId: course.id,
    });
    expect(row.slug).toMatch(/^new-lesson-\d{13}$/);
    expect(Number(row.slug.slice("new-lesson-".length))).toBeGreaterThanOrEqual(before);
  });

  it("added in the same millisecond still get different slugs", async () => {
    const course = await newCourse();
    const now = Date.now();
    const one = await createLesson({ courseId: course.id, moduleId: null, now });
    const two = await createLesson({ courseId: course.id, moduleId: null, now });
    expect([one.slug, two.slug]).toEqual([`new-lesson-${now}`, `new-lesson-${now + 1}`]);
  });

  it("cannot be added to another course's module", async () => {
    const course = await newCourse();
    const other = await newCourse();
    const foreign = await namedModule(other.id, "Theirs");
    await expect(createLesson({ courseId: course.id, moduleId: foreign })).rejects.toBeInstanceOf(ModuleNotFoundError);
  });

  it("save every editable field", async () => {
    const course = await newCourse();
    const id = await titled(course.id, null, "Draft lesson");
    const input = lessonInput({ title: "Pricing basics", slug: "pricing-basics" });
    await updateLesson({ courseId: course.id, lessonId: id, input });
    const [row] = await database().db.select().from(lessons).where(eq(lessons.id, id));
    expect(row).toMatchObject({ ...input, moduleId: null, orderIndex: 1 });
  });

  it("refuse a slug another lesson of the course has, and another course's video", async () => {
    const course = await newCourse();
    const first = await titled(course.id, null, "First");
    const second = await titled(course.id, null, "Second");
    await updateLesson({ courseId: course.id, lessonId: first, input: lessonInput({ slug: "taken" }) });
    await expect(updateLesson({ courseId: course.id, lessonId: second, input: lessonInput({ slug: "taken" }) })).rejects.toBeInstanceOf(
      LessonSlugTakenError,
    );
    // Another course may use the same slug.
    const other = await newCourse();
    await updateLesson({ courseId: other.id, lessonId: await titled(other.id, null, "X"), input: lessonInput({ slug: "taken" }) });

    const foreignVideo = lessonInput({ videoProvider: "upload", videoStoragePath: `${other.id}/123-clip.mp4` });
    await expect(updateLesson({ courseId: course.id, lessonId: second, input: foreignVideo })).rejects.toBeInstanceOf(
      ForeignVideoPathError,
    );
    const climbing = lessonInput({ videoProvider: "upload", videoStoragePath: `${course.id}/../${other.id}/123-clip.mp4` });
    await expect(updateLesson({ courseId: course.id, lessonId: second, input: climbing })).rejects.toBeInstanceOf(ForeignVideoPathError);
    await expect(updateLesson({ courseId: other.id, lessonId: second, input: lessonInput() })).rejects.toBeInstanceOf(LessonNotFoundError);
  });

  it("move into a module when saved with another module, renumbering the group they left, all or nothing", async () => {
    const course = await newCourse();
    const moduleId = await namedModule(course.id, "M");
    const a = await titled(course.id, null, "A");
    await titled(course.id, null, "B");
    await titled(course.id, moduleId, "C");
    await updateLesson({ courseId: course.id, lessonId: a, moduleId, input: lessonInput({ title: "A", slug: "a" }) });
    expect(await outline(course.id)).toEqual({ lessons: ["1:B"], modules: [["1:M", ["1:C", "2:A"]]] });

    // A failure half-way (the slug is taken) leaves everything where it was.
    const b = (await getCurriculum({ courseId: course.id })).lessons[0].id;
    await expect(
      updateLesson({ courseId: course.id, lessonId: b, moduleId, input: lessonInput({ title: "B moved", slug: "a" }) }),
    ).rejects.toBeInstanceOf(LessonSlugTakenError);
    expect(await outline(course.id)).toEqual({ lessons: ["1:B"], modules: [["1:M", ["1:C", "2:A"]]] });
  });

  it("are renumbered from 1 in their group when one is deleted", async () => {
    const course = await newCourse();
    const moduleId = await namedModule(course.id, "M");
    await titled(course.id, moduleId, "One");
    const two = await titled(course.id, moduleId, "Two");
    await titled(course.id, moduleId, "Three");
    await titled(course.id, null, "Flat");
    await deleteLesson({ courseId: course.id, lessonId: two });
    expect(await outline(course.id)).toEqual({ lessons: ["1:Flat"], modules: [["1:M", ["1:One", "2:Three"]]] });
    await expect(deleteLesson({ courseId: course.id, lessonId: two })).rejects.toBeInstanceOf(LessonNotFoundError);
  });

  it("move within their group, between modules and out of a module, with both groups renumbered", async () => {
    const course = await newCourse();
    const m1 = await namedModule(course.id, "M1");
    const m2 = await namedModule(course.id, "M2");
    const a = await titled(course.id, m1, "A");
    const b = await titled(course.id, m1, "B");
    const c = await titled(course.id, m1, "C");
    await titled(course.id, m2, "D");

    await moveLesson({ courseId: course.id, lessonId: c, moduleId: m1, position: 1 });
    expect((await outline(course.id)).modules[0]).toEqual(["1:M1", ["1:C", "2:A", "3:B"]]);

    expect(await moveLesson({ courseId: course.id, lessonId: a, moduleId: m2, position: 1 })).toEqual({ moduleId: m2, position: 1 });
    expect(await outline(course.id)).toEqual({
      lessons: [],
      modules: [
        ["1:M1", ["1:C", "2:B"]],
        ["2:M2", ["1:A", "2:D"]],
      ],
    });

    await moveLesson({ courseId: course.id, lessonId: b, moduleId: null, position: 5 });
    expect(await outline(course.id)).toEqual({
      lessons: ["1:B"],
      modules: [
        ["1:M1", ["1:C"]],
        ["2:M2", ["1:A", "2:D"]],
      ],
    });

    const other = await newCourse();
    const foreign = await namedModule(other.id, "Theirs");
    await expect(moveLesson({ courseId: course.id, lessonId: a, moduleId: foreign, position: 1 })).rejects.toBeInstanceOf(
      ModuleNotFoundError,
    );
    expect(await outline(course.id)).toEqual({
      lessons: ["1:B"],
      modules: [
        ["1:M1", ["1:C"]],
        ["2:M2", ["1:A", "2:D"]],
      ],
    });
  });

  it("placeAt puts an id at a position from 1, clamped to the ends", () => {
    expect(placeAt(["a", "b", "c"], "c", 1)).toEqual(["c", "a", "b"]);
    expect(placeAt(["a", "b", "c"], "a", 2)).toEqual(["b", "a", "c"]);
    expect(placeAt(["a", "b", "c"], "a", 0)).toEqual(["a", "b", "c"]);
    expect(placeAt(["a", "b", "c"], "a", 10)).toEqual(["b", "c", "a"]);
  });
});

describe("the database keeps a lesson's module in the lesson's course", () => {
  it("refuses a lesson that points at another course's module, on insert and on update", async () => {
    const db = database().db;
    const course = await newCourse();
    const other = await newCourse();
    const foreign = await namedModule(other.id, "Theirs");
    expect(
      await violatedConstraint(db.insert(lessons).values({ courseId: course.id, moduleId: foreign, title: "X", slug: "x", orderIndex: 1 })),
    ).toEqual({
      code: "23503",
      constraint: "lessons_module_same_course_fk",
    });
    const own = await titled(course.id, null, "Own");
    expect(await violatedConstraint(db.update(lessons).set({ moduleId: foreign }).where(eq(lessons.id, own)))).toEqual({
      code: "23503",
      constraint: "lessons_module_same_course_fk",
    });
    // A flat lesson (no module) is fine, and so is the course's own module.
    const mine = await namedModule(course.id, "Mine");
    await db.update(lessons).set({ moduleId: mine }).where(eq(lessons.id, own));
    expect(await db.$count(lessons, and(eq(lessons.courseId, course.id), isNull(lessons.moduleId)))).toBe(0);
  });
});

describe("course details", () => {
  it("are saved, and a slug another course has is refused", async () => {
    const course = await newCourse();
    const other = await newCourse();
    await updateCourseDetails({ courseId: course.id, title: "Renamed", slug: unique("renamed"), description: "## Body", priceCents: 4900 });
    expect(await getCourseDetails({ courseId: course.id })).toMatchObject({ title: "Renamed", description: "## Body", priceCents: 4900 });
    await expect(
      updateCourseDetails({ courseId: course.id, title: "T", slug: other.slug, description: "", priceCents: 0 }),
    ).rejects.toBeInstanceOf(CourseSlugTakenError);
    await expect(
      updateCourseDetails({ courseId: "not-a-uuid", title: "T", slug: "t", description: "", priceCents: 0 }),
    ).rejects.toBeInstanceOf(CourseNotFoundError);
  });

  it("publish stamps published_at once; unpublish keeps it", async () => {
    const course = await newCourse();
    const first = await setCourseStatus({ courseId: course.id, status: "published" });
    expect(first.status).toBe("published");
    expect(first.publishedAt).toBeInstanceOf(Date);
    expect(await setCourseStatus({ courseId: course.id, status: "draft" })).toMatchObject({
      status: "draft",
      publishedAt: first.publishedAt,
    });
    expect(await setCourseStatus({ courseId: course.id, status: "published" })).toMatchObject({
      status: "published",
      publishedAt: first.publishedAt,
    });
  });

  it("lists the curriculum in order: flat lessons, then modules by position", async () => {
    const course = await newCourse();
    await namedModule(course.id, "Second");
    const first = await namedModule(course.id, "First");
    await moveModule({ courseId: course.id, moduleId: first, position: 1 });
    await titled(course.id, null, "Intro");
    await titled(course.id, first, "Lesson");
    const rows = await database()
      .db.select({ position: courseModules.position })
      .from(courseModules)
      .where(eq(courseModules.courseId, course.id))
      .orderBy(asc(courseModules.position));
    expect(rows.map((row) => row.position)).toEqual([1, 2]);
    expect(await outline(course.id)).toEqual({
      lessons: ["1:Intro"],
      modules: [
        ["1:First", ["1:Lesson"]],
        ["2:Second", []],
      ],
    });
  });
});

describe("the course's revision", () => {
  async function revisionAndUpdatedAt(courseId: string) {
    const [row] = await database()
      .db.select({ revision: courses.revision, updatedAt: courses.updatedAt })
      .from(courses)
      .where(eq(courses.id, courseId));
    return row;
  }

  it("moves on with every change to the course or its curriculum; curriculum changes leave the course's updated_at", async () => {
    const course = await newCourse();
    const start = await revisionAndUpdatedAt(course.id);
    expect(start.revision).toBe(1);
    const steps: [string, () => Promise<unknown>][] = [];
    let moduleId = "";
    let lessonId = "";
    steps.push(["create module", async () => (moduleId = (await createModule({ courseId: course.id })).id)]);
    steps.push(["update module", () => updateModule({ courseId: course.id, moduleId, title: "Renamed", description: "" })]);
    steps.push(["move module", () => moveModule({ courseId: course.id, moduleId, position: 1 })]);
    steps.push(["create lesson", async () => (lessonId = (await createLesson({ courseId: course.id, moduleId: null })).id)]);
    steps.push(["update lesson", () => updateLesson({ courseId: course.id, lessonId, input: lessonInput() })]);
    steps.push(["move lesson", () => moveLesson({ courseId: course.id, lessonId, moduleId, position: 1 })]);
    steps.push(["delete lesson", () => deleteLesson({ courseId: course.id, lessonId })]);
    steps.push(["delete module", () => deleteModule({ courseId: course.id, moduleId })]);
    for (const [name, step] of steps) {
      const before = await revisionAndUpdatedAt(course.id);
      await step();
      const after = await revisionAndUpdatedAt(course.id);
      expect({ name, revision: after.revision }).toEqual({ name, revision: before.revision + 1 });
      expect(after.updatedAt).toEqual(start.updatedAt);
    }

    const beforeDetails = await revisionAndUpdatedAt(course.id);
    await updateCourseDetails({ courseId: course.id, title: "New", slug: unique("new"), description: "", priceCents: 0 });
    await setCourseStatus({ courseId: course.id, status: "published" });
    expect((await revisionAndUpdatedAt(course.id)).revision).toBe(beforeDetails.revision + 2);
  });

  it("stays when a change is refused", async () => {
    const course = await newCourse();
    await expect(deleteModule({ courseId: course.id, moduleId: crypto.randomUUID() })).rejects.toBeInstanceOf(ModuleNotFoundError);
    await expect(deleteLesson({ courseId: course.id, lessonId: crypto.randomUUID() })).rejects.toBeInstanceOf(LessonNotFoundError);
    expect((await revisionAndUpdatedAt(course.id)).revision).toBe(1);
  });
});
