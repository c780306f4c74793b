import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase, violatedConstraint } from "../../../tests/support/test-database";
import { runMigrations } from "./migrate.server";
import { courseModules, courses, enrollments, lessons, posts, sessions, users } from "./schema";

const database = useTestDatabase();

async function rows<T>(query: ReturnType<typeof sql>) {
  const result = (await database().db.execute(query)) as unknown as { rows?: T[] } & T[];
  return (result.rows ?? result) as T[];
}

async function createUser() {
  const id = unique("user");
  await database().db.insert(users).values({ id, name: "Test User", email: `${id}@example.com` });
  return id;
}

async function createCourseWithCurriculum() {
  const db = database().db;
  const [course] = await db.insert(courses).values({ title: "Course", slug: unique("course") }).returning();
  const [module] = await db.insert(courseModules).values({ courseId: course.id, title: "Module 1", position: 1 }).returning();
  await db.insert(lessons).values([
    { courseId: course.id, moduleId: module.id, title: "Lesson 1", slug: "lesson-1", orderIndex: 1 },
    { courseId: course.id, moduleId: module.id, title: "Lesson 2", slug: "lesson-2", orderIndex: 2 },
  ]);
  return { course, module };
}

describe("migrations", () => {
  it("build every table from an empty database, with pg_trgm, and are idempotent", async () => {
    const tables = await rows<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(["users", "sessions", "accounts", "courses", "course_modules", "lessons", "enrollments", "access_events", "lesson_progress", "posts", "reviews", "playbooks", "testimonials", "orders", "subscriptions", "newsletter_subscribers", "contact_messages"]),
    );
    const extensions = await rows<{ extname: string }>(sql`select extname from pg_extension`);
    expect(extensions.map((row) => row.extname)).toContain("pg_trgm");
    await runMigrations(database());
    const again = await rows<{ count: string | number }>(sql`select count(*) as count from information_schema.tables where table_schema = 'public'`);
    expect(Number(again[0].count)).toBe(tables.length);
  });

  it("index course search with trigrams", async () => {
    const indexes = await rows<{ indexdef: string }>(sql`select indexdef from pg_indexes where tablename = 'courses'`);
    expect(indexes.map((row) => row.indexdef).join("\n")).toMatch(/gin \(title gin_trgm_ops\)/);
  });
});

describe("list indexes", () => {
  const NO_ID = sql.raw("'00000000-0000-0000-0000-000000000000'::uuid");
  // A plain ORDER BY … DESC puts nulls first; an index declared DESC NULLS LAST cannot give that
  // order, and the planner then sorts every row for one page. With sequential scans and sorts
  // priced out (an empty table's estimates would otherwise make a few-row sort the cheaper plan),
  // each list's order must come from its index with no Sort step.
  it.each([
    ["orders_created_idx", sql`select id from orders order by created_at desc, id desc limit 50`],
    ["orders_status_created_idx", sql`select id from orders where status = 'paid' order by created_at desc, id desc limit 50`],
    ["orders_user_created_idx", sql`select id from orders where user_id = 'someone' order by created_at desc, id desc limit 25`],
    ["courses_updated_at_idx", sql`select id from courses order by updated_at desc, id desc limit 20`],
    // Each statement below is its list function's WHERE and ORDER BY (migration 0025).
    ["posts_updated_at_idx", sql`select id from posts order by updated_at desc, id desc limit 20`],
    ["reviews_course_created_idx", sql`select id from reviews where course_id = ${NO_ID} and hidden_at is null order by created_at desc, id asc limit 10`],
    ["access_events_user_created_idx", sql`select id from access_events where user_id = 'someone' order by created_at desc, id desc limit 50`],
    ["access_events_course_created_idx", sql`select id from access_events where course_id = ${NO_ID} order by created_at desc, id desc limit 50`],
    ["announcements_created_idx", sql`select id from announcements order by created_at desc, id desc limit 20`],
    ["quiz_attempts_user_idx", sql`select id from quiz_attempts where user_id = 'someone' order by submitted_at desc, attempt_number desc limit 100`],
    ["reviews_created_idx", sql`select id from reviews where hidden_at is null order by created_at desc, id desc limit 20`],
    ["posts_created_at_idx", sql`select id from posts order by created_at desc, id desc limit 5`],
    ["testimonials_given_on_idx", sql`select id from testimonials order by given_on desc, rating desc, name asc limit 60`],
    // The featured courses and the catalog's "Newest" (newestPublishedFirst).
    ["courses_status_published_idx", sql`select id from courses where status = 'published' and is_featured order by published_at desc nulls last, id asc limit 3`],
    ["courses_status_published_idx", sql`select id from courses where status = 'published' order by published_at desc nulls last, id asc limit 12`],
  ])("%s gives its list's newest-first order without a sort", async (index, query) => {
    const plan = await database().db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows?: Record<string, string>[] } & Record<string, string>[];
      return (result.rows ?? result).map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain(`using ${index} on`);
    expect(plan).not.toMatch(/Sort/);
  });
});

describe("constraints", () => {
  it("refuse a duplicate slug, a negative price, and an unknown status or level, each by its named constraint", async () => {
    const db = database().db;
    const slug = unique("course");
    await db.insert(courses).values({ title: "A", slug });
    const uniqueViolation = "23505";
    const checkViolation = "23514";
    expect(await violatedConstraint(db.insert(courses).values({ title: "B", slug }))).toEqual({
      code: uniqueViolation,
      constraint: "courses_slug_unique",
    });
    expect(await violatedConstraint(db.insert(courses).values({ title: "C", slug: unique(), priceCents: -1 }))).toEqual({
      code: checkViolation,
      constraint: "courses_price_check",
    });
    expect(await violatedConstraint(db.insert(courses).values({ title: "D", slug: unique(), status: "archived" }))).toEqual({
      code: checkViolation,
      constraint: "courses_status_check",
    });
    expect(await violatedConstraint(db.insert(courses).values({ title: "E", slug: unique(), level: "Expert" }))).toEqual({
      code: checkViolation,
      constraint: "courses_level_check",
    });
    expect(await db.$count(courses, eq(courses.slug, slug))).toBe(1);
  });

  it("keep lesson slugs unique within a course only", async () => {
    const db = database().db;
    const { course } = await createCourseWithCurriculum();
    expect(
      await violatedConstraint(db.insert(lessons).values({ courseId: course.id, title: "Again", slug: "lesson-1", orderIndex: 3 })),
    ).toEqual({
      code: "23505",
      constraint: "lessons_course_slug_unique",
    });
    // Another course has its own "lesson-1".
    const other = await createCourseWithCurriculum();
    const lessonOnes = await db
      .select({ courseId: lessons.courseId })
      .from(lessons)
      .where(and(eq(lessons.slug, "lesson-1"), inArray(lessons.courseId, [course.id, other.course.id])));
    expect(lessonOnes.map((row) => row.courseId).toSorted()).toEqual([course.id, other.course.id].toSorted());
  });
});

describe("cascades", () => {
  it("deleting a course deletes its modules, lessons and enrollments", async () => {
    const db = database().db;
    const { course, module } = await createCourseWithCurriculum();
    const userId = await createUser();
    await db.insert(enrollments).values({ userId, courseId: course.id, source: "admin" });
    await db.delete(courses).where(eq(courses.id, course.id));
    expect(await db.$count(courseModules, eq(courseModules.id, module.id))).toBe(0);
    expect(await db.$count(lessons, eq(lessons.courseId, course.id))).toBe(0);
    expect(await db.$count(enrollments, eq(enrollments.userId, userId))).toBe(0);
  });

  it("deleting a module deletes its lessons but not the course", async () => {
    const db = database().db;
    const { course, module } = await createCourseWithCurriculum();
    await db.delete(courseModules).where(eq(courseModules.id, module.id));
    expect(await db.$count(lessons, eq(lessons.courseId, course.id))).toBe(0);
    expect(await db.$count(courses, eq(courses.id, course.id))).toBe(1);
  });

  it("deleting a user deletes their sessions and keeps their posts without an author", async () => {
    const db = database().db;
    const userId = await createUser();
    await db.insert(sessions).values({ id: unique(), token: unique(), userId, expiresAt: new Date(Date.now() + 60_000) });
    const [post] = await db.insert(posts).values({ title: "Kept", slug: unique("post"), authorId: userId }).returning();
    await db.delete(users).where(eq(users.id, userId));
    expect(await db.$count(sessions, eq(sessions.userId, userId))).toBe(0);
    const [kept] = await db.select().from(posts).where(eq(posts.id, post.id));
    expect(kept.authorId).toBeNull();
  });
});
