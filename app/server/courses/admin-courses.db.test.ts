import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courseModules, courses, lessonProgress, lessons, users } from "~/server/db/schema";
import { isUniqueViolation } from "~/server/db/errors.server";
import { createLocalStorage, publicUrl, setStorage, type Storage } from "~/server/storage.server";
import {
  adminCourseSearchCondition,
  createCourse,
  CourseNotFoundError,
  deleteCourse,
  getCourseForEdit,
  LessonNotInCourseError,
  listAdminCourses,
  setCourseStatus,
  updateCourse,
  type CourseInput,
  type FlatLessonInput,
} from "./admin-courses.server";
import { sweepTempCourseCovers } from "./course-covers.server";
import { CourseChangedError } from "./course-revision.server";

const database = useTestDatabase();
const db = () => database().db;

const authorId = unique("author");
let storage: Storage;

beforeAll(async () => {
  await db()
    .insert(users)
    .values({ id: authorId, email: `${authorId}@example.test`, name: "Ada Author", role: "admin" });
  storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "course-covers-")));
  setStorage(storage);
  return () => setStorage(undefined);
});

function courseInput(overrides: Partial<CourseInput> = {}): CourseInput {
  return {
    title: `Course ${unique("c")}`,
    slug: "",
    subtitle: "A short description",
    longDescriptionMd: "## About\n\nText.",
    coverUrl: "",
    priceCents: 19700,
    level: "Beginner",
    topics: ["Shopify"],
    track: "Shopify Track",
    outcomes: ["Launch a store"],
    isFeatured: false,
    ...overrides,
  };
}

async function courseRow(courseId: string) {
  const [row] = await db().select().from(courses).where(eq(courses.id, courseId));
  return row;
}

/** The course's flat lessons as stored, in order. */
async function flatLessons(courseId: string) {
  return db()
    .select({
      id: lessons.id,
      title: lessons.title,
      slug: lessons.slug,
      orderIndex: lessons.orderIndex,
      type: lessons.type,
      contentMd: lessons.contentMd,
    })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), isNull(lessons.moduleId)))
    .orderBy(asc(lessons.orderIndex));
}

async function newCourse({
  lessons: rows = [],
  publish = false,
  ...overrides
}: Partial<CourseInput> & { lessons?: FlatLessonInput[]; publish?: boolean } = {}) {
  return createCourse({ authorId, input: courseInput(overrides), lessons: rows, publish });
}

/** The course's revision now: what an Edit Course form opened now would send. */
async function currentRevision(courseId: string) {
  const [row] = await db().select({ revision: courses.revision }).from(courses).where(eq(courses.id, courseId));
  return row?.revision ?? 1;
}

/** updateCourse as a freshly opened Edit Course form calls it: on the course's current revision. */
async function saveCourse(args: Omit<Parameters<typeof updateCourse>[0], "expectedRevision">) {
  return updateCourse({ ...args, expectedRevision: await currentRevision(args.courseId) });
}

describe("creating a course", () => {
  it("saves a draft with no published_at, the author, and every field of the form", async () => {
    const created = await newCourse({
      title: "Shopify Basics!",
      topics: ["Shopify", "Fulfillment"],
      isFeatured: true,
      outcomes: ["One", "Two"],
    });
    const row = await courseRow(created.id);
    expect(row).toMatchObject({
      title: "Shopify Basics!",
      subtitle: "A short description",
      longDescriptionMd: "## About\n\nText.",
      priceCents: 19700,
      level: "Beginner",
      topics: ["Shopify", "Fulfillment"],
      track: "Shopify Track",
      outcomes: ["One", "Two"],
      isFeatured: true,
      status: "draft",
      publishedAt: null,
      authorId,
      coverUrl: null,
    });
    expect(row.slug).toMatch(/^shopify-basics(-\d+)?$/);
  });

  it("stamps published_at when it is published", async () => {
    const before = Date.now();
    const created = await newCourse({ publish: true });
    const row = await courseRow(created.id);
    expect(row.status).toBe("published");
    expect(row.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("makes the slug from the title, or cleans a typed one, and appends -1, -2 when it is taken", async () => {
    const title = `Same Title ${unique("s")}`;
    const base = title.toLowerCase().replace(/ /g, "-");
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await newCourse({ title })).slug);
    expect(slugs).toEqual([base, `${base}-1`, `${base}-2`]);
    expect((await newCourse({ slug: `  Typed   Slug -- ${base}!! ` })).slug).toBe(`typed-slug-${base}`);
    // Only characters the slug rule drops: the fallback keeps the course saveable.
    expect((await newCourse({ title: "!!!" })).slug).toMatch(/^course(-\d+)?$/);
  });

  it("saves its lessons in order from 1, with slugs from their titles, unique in the course", async () => {
    const created = await newCourse({
      lessons: [
        { title: "Welcome!", contentMd: "" },
        { title: "Set up", contentMd: "Read this first." },
        { title: "Welcome", contentMd: "" },
      ],
    });
    expect(await flatLessons(created.id)).toEqual([
      expect.objectContaining({ title: "Welcome!", slug: "welcome", orderIndex: 1, type: "video" }),
      expect.objectContaining({ title: "Set up", slug: "set-up", orderIndex: 2, type: "article", contentMd: "Read this first." }),
      expect.objectContaining({ title: "Welcome", slug: "welcome-1", orderIndex: 3 }),
    ]);
  });
});

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

describe("the admin list", () => {
  it("searches title, slug and short description case-insensitively, treating % and _ literally", async () => {
    const marker = unique("needle");
    await newCourse({ title: `Finding ${marker.toUpperCase()} here` });
    await newCourse({ slug: `${marker}-in-slug` });
    await newCourse({ subtitle: `About ${marker}` });
    await newCourse({ title: "100% other" });
    expect((await listAdminCourses({ query: marker })).total).toBe(3);
    expect((await listAdminCourses({ query: "100%" })).courses.map((course) => course.title)).toContain("100% other");
    expect(
      (await listAdminCourses({ query: "_" })).courses.every((course) => course.title.includes("_") || course.slug.includes("_")),
    ).toBe(true);
  });

  it("pages 20 at a time, newest update first, with each course's status, price and lesson count", async () => {
    const marker = unique("page");
    const base = new Date("2024-01-01T00:00:00Z").getTime();
    await db()
      .insert(courses)
      .values(
        Array.from({ length: 22 }, (_, i) => ({ title: `${marker} ${i}`, slug: `${marker}-${i}`, updatedAt: new Date(base + i * 60_000) })),
      );
    const withLessons = await newCourse({
      title: `${marker} lessons`,
      publish: true,
      lessons: [
        { title: "A", contentMd: "" },
        { title: "B", contentMd: "" },
      ],
    });

    const first = await listAdminCourses({ query: marker });
    expect(first).toMatchObject({ total: 23, pageCount: 2, page: 1 });
    expect(first.courses).toHaveLength(20);
    expect(first.courses[0]).toMatchObject({
      id: withLessons.id,
      status: "published",
      priceCents: 19700,
      lessonCount: 2,
      level: "Beginner",
    });
    expect(first.courses[1].title).toBe(`${marker} 21`);
    const second = await listAdminCourses({ query: marker, page: 2 });
    expect(second.courses.map((course) => course.title)).toEqual([`${marker} 2`, `${marker} 1`, `${marker} 0`]);
    // A page past the end shows the last one.
    expect((await listAdminCourses({ query: marker, page: 9 })).page).toBe(2);
  });

  it("searches thousands of courses with the trigram indexes", async () => {
    const marker = unique("bulk");
    const needle = unique("haystack");
    await db()
      .insert(courses)
      .values(
        Array.from({ length: 3000 }, (_, i) => ({
          title: `Bulk ${i}`,
          slug: `${marker}-${i}`,
          subtitle: i % 100 === 0 ? needle : "Filler",
        })),
      );
    try {
      expect((await listAdminCourses({ query: needle })).total).toBe(30);
      await db().transaction(async (tx) => {
        // With seq scans off, the planner must find indexes that answer the search themselves.
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = JSON.stringify(
          await tx.execute(sql`explain select ${count()} from ${courses} where ${adminCourseSearchCondition(needle)}`),
        );
        for (const index of ["courses_title_trgm_idx", "courses_slug_trgm_idx", "courses_subtitle_trgm_idx"]) expect(plan).toContain(index);
      });
    } finally {
      await db()
        .delete(courses)
        .where(sql`${courses.slug} like ${`${marker}-%`}`);
    }
  });

  it("answers an empty list for a search that finds nothing", async () => {
    expect(await listAdminCourses({ query: unique("nothing") })).toMatchObject({ total: 0, courses: [], page: 1, pageCount: 1 });
  });
});

describe("loading a course for the form", () => {
  it("gives its fields and its flat lessons in order, and counts the lessons in modules", async () => {
    const created = await newCourse({
      title: "Loaded",
      lessons: [
        { title: "First", contentMd: "x" },
        { title: "Second", contentMd: "" },
      ],
    });
    const [module] = await db().insert(courseModules).values({ courseId: created.id, title: "M", position: 1 }).returning();
    await db().insert(lessons).values({ courseId: created.id, moduleId: module.id, title: "Deep", slug: "deep", orderIndex: 1 });

    const course = await getCourseForEdit({ courseId: created.id });
    expect(course).toMatchObject({ id: created.id, title: "Loaded", priceCents: 19700, moduleLessonCount: 1 });
    expect(course!.lessons.map((lesson) => lesson.title)).toEqual(["First", "Second"]);
  });

  it("is null for an unknown or malformed id", async () => {
    expect(await getCourseForEdit({ courseId: crypto.randomUUID() })).toBeNull();
    expect(await getCourseForEdit({ courseId: "1; drop table courses" })).toBeNull();
  });
});

describe("cover files", () => {
  async function upload(key: string) {
    await storage.put("media", key, Readable.from([Buffer.from(`image ${key}`)]), { contentType: "image/png" });
    return publicUrl("media", key);
  }
  async function exists(key: string) {
    const object = await storage.get("media", key);
    object?.stream.destroy();
    return object !== undefined;
  }

  it("moves a cover uploaded before the course existed under courses/{id}/ when the course is saved", async () => {
    const tempKey = `courses/temp/cover-${Date.now()}-a.png`;
    const created = await newCourse({ coverUrl: await upload(tempKey) });
    const ownKey = `courses/${created.id}/${tempKey.slice("courses/temp/".length)}`;
    expect(created.coverUrl).toBe(publicUrl("media", ownKey));
    expect((await courseRow(created.id)).coverUrl).toBe(publicUrl("media", ownKey));
    expect(await exists(ownKey)).toBe(true);
    expect(await exists(tempKey)).toBe(false);
  });

  it("deletes a replaced cover of the course, but never demo art", async () => {
    const created = await newCourse({ coverUrl: "/images/demo/courses/shopify-101.webp" });
    const firstKey = `courses/${created.id}/cover-1.png`;
    await saveCourse({ courseId: created.id, input: courseInput({ coverUrl: await upload(firstKey) }), publish: false, lessons: [] });
    const secondKey = `courses/${created.id}/cover-2.png`;
    await saveCourse({ courseId: created.id, input: courseInput({ coverUrl: await upload(secondKey) }), publish: false, lessons: [] });
    expect(await exists(firstKey)).toBe(false);
    expect(await exists(secondKey)).toBe(true);
  });

  it("deletes the course's files with the course", async () => {
    const created = await newCourse();
    const key = `courses/${created.id}/cover-3.png`;
    await saveCourse({ courseId: created.id, input: courseInput({ coverUrl: await upload(key) }), publish: false, lessons: [] });
    await storage.put("course-videos", `${created.id}/1-intro.mp4`, Readable.from([Buffer.from("video")]), { contentType: "video/mp4" });
    await deleteCourse({ courseId: created.id });
    expect(await exists(key)).toBe(false);
    expect(await storage.get("course-videos", `${created.id}/1-intro.mp4`)).toBeUndefined();
  });

  it("sweeps unsaved temp covers older than a day, keeping any a course still shows", async () => {
    const orphan = `courses/temp/cover-${Date.now()}-orphan.png`;
    await upload(orphan);
    const usedKey = `courses/temp/cover-${Date.now()}-used.png`;
    const usedUrl = await upload(usedKey);
    // A course that points at a temp cover (as if moving it had failed).
    await db()
      .insert(courses)
      .values({ title: "Temp cover", slug: unique("temp-cover"), coverUrl: usedUrl });

    // Just uploaded: a form may still be open.
    expect(await sweepTempCourseCovers()).toEqual([]);
    expect(await exists(orphan)).toBe(true);

    const deleted = await sweepTempCourseCovers({ olderThan: new Date(Date.now() + 60_000) });
    expect(deleted).toEqual([orphan]);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(usedKey)).toBe(true);
  });
});
