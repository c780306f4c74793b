import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import { beforeAll } from "vitest";
import { courses, lessons, users } from "~/server/db/schema";
import { createCourse, updateCourse, type CourseInput, type FlatLessonInput } from "~/server/courses/admin-courses.server";
import { createLocalStorage, setStorage, type Storage } from "~/server/platform/storage.server";
import { unique, useTestDatabase } from "./test-database";

/**
 * What the admin-courses test files share: a fresh database with an admin author, a local file
 * storage for covers, and helpers that create and save courses the way Edit Course does.
 * Call it once at the top of a test file; it registers that file's hooks.
 */
export function useAdminCourseFixtures() {
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

  return { db, authorId, storage: () => storage, courseInput, courseRow, flatLessons, newCourse, currentRevision, saveCourse };
}
