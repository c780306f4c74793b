import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../../tests/support/test-database";
import { courseModules, courses, enrollments, lessons, playbooks, posts, reviews, testimonials, users } from "~/server/db/schema";
import { seedDemoContent } from "./seed.server";

const database = useTestDatabase();

async function counts() {
  const db = database().db;
  return {
    users: await db.$count(users),
    courses: await db.$count(courses),
    modules: await db.$count(courseModules),
    lessons: await db.$count(lessons),
    reviews: await db.$count(reviews),
    posts: await db.$count(posts),
    playbooks: await db.$count(playbooks),
    testimonials: await db.$count(testimonials),
  };
}

/**
 * Every seeded row as text: generated ids replaced by what they point at (a course by its slug, a
 * module by its course and position), times the database stamped itself (now) masked, rows sorted.
 * Two seeds of the same demo school give the same text on PGlite and PostgreSQL.
 */
/**
 * Columns added after the hash was captured, which the demo school leaves at their defaults
 * (certificates off, no drip, no hidden reviews, no captions, never seen); left out so the hash still proves
 * the demo content itself did not change.
 */
const LATER_COLUMNS = new Set(["certificatesEnabled", "newLessonMail", "dripDays", "dripDate", "hiddenAt", "captionsPath", "lastSeenAt", "planPayments", "planInstalmentCents"]);

async function seededSnapshot() {
  const db = database().db;
  const courseRows = await db.select().from(courses);
  const moduleRows = await db.select().from(courseModules);
  const courseSlugs = new Map(courseRows.map((course) => [course.id, course.slug]));
  const labels = new Map<unknown, string>([
    ...courseRows.map((course) => [course.id, `course:${course.slug}`] as const),
    ...moduleRows.map((module) => [module.id, `module:${courseSlugs.get(module.courseId)}:${module.position}`] as const),
  ]);
  const recent = Date.now() - 86_400_000;
  const normalise = (row: Record<string, unknown>) =>
    JSON.stringify(
      Object.entries(row)
        .filter(([key]) => key !== "id" && !LATER_COLUMNS.has(key))
        .map(([key, value]) => [
          key,
          value instanceof Date ? (value.getTime() > recent ? "now" : value.toISOString()) : (labels.get(value) ?? value),
        ]),
    );
  const tables = {
    users: await db.select().from(users),
    courses: courseRows,
    modules: moduleRows,
    lessons: await db.select().from(lessons),
    enrollments: await db.select().from(enrollments),
    reviews: await db.select().from(reviews),
    posts: await db.select().from(posts),
    playbooks: await db.select().from(playbooks),
    testimonials: await db.select().from(testimonials),
  };
  return Object.entries(tables)
    .map(([name, rows]) => `${name}\n${rows.map(normalise).sort().join("\n")}`)
    .join("\n");
}

describe("seedDemoContent", () => {
  it("writes the demo school once; running it twice adds nothing", async () => {
    expect(await seedDemoContent(database().db)).toEqual({ seeded: true });
    const first = await counts();
    expect(await seedDemoContent(database().db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(first);
  });

  it("writes exactly the demo school it always has: every row, field by field", async () => {
    const db = database().db;
    await seedDemoContent(db);
    // Captured from the demo school before it moved from code to content files; any change to
    // the demo content changes this hash on purpose (update it with the change).
    expect(
      createHash("sha256")
        .update(await seededSnapshot())
        .digest("hex"),
    ).toBe("c54d2d153ada8169f4d6be4bfb87995f24cd996c5018ce09c8ac2e9cec3c35f5");
    // The columns the hash leaves out are at their defaults in every demo row.
    const later = [
      ...(await db.select({ value: courses.certificatesEnabled }).from(courses)).map((row) => row.value),
      ...(await db.select({ payments: courses.planPayments, cents: courses.planInstalmentCents }).from(courses)).flatMap((row) => [row.payments, row.cents]),
      ...(await db.select({ days: courseModules.dripDays, date: courseModules.dripDate }).from(courseModules)).flatMap((row) => [row.days, row.date]),
      ...(await db.select({ value: reviews.hiddenAt }).from(reviews)).map((row) => row.value),
      ...(await db.select({ value: lessons.captionsPath }).from(lessons)).map((row) => row.value),
      ...(await db.select({ value: users.lastSeenAt }).from(users)).map((row) => row.value),
    ];
    expect(new Set(later)).toEqual(new Set([false, null]));
    expect(await counts()).toEqual({
      users: 25,
      courses: 7,
      modules: 26,
      lessons: 66,
      reviews: 30,
      posts: 9,
      playbooks: 9,
      testimonials: 9,
    });
    expect(await db.$count(enrollments)).toBe(105);
    const [shopify] = await db.select().from(courses).where(eq(courses.slug, "shopify-101"));
    expect(shopify).toMatchObject({ title: "Shopify 101: Launch Your First Store", priceCents: 19700, level: "Beginner" });
    const [post] = await db.select().from(posts).where(eq(posts.slug, "how-to-price-your-products"));
    expect(post).toMatchObject({
      title: "How to Price Your Products: A Field Guide for Shopify Store Owners",
      category: "Shopify",
      tags: ["pricing", "margins", "shopify", "product strategy"],
      viewCount: expect.any(Number),
    });
  });

  it("has the spec's catalog: six priced courses plus Shopify 101, three featured", async () => {
    const db = database().db;
    const all = await db.select().from(courses).orderBy(asc(courses.priceCents));
    expect(all.map((course) => course.priceCents).sort((a, b) => a - b)).toEqual([12900, 14900, 19700, 19900, 22900, 24900, 29900]);
    expect(all.filter((course) => course.isFeatured)).toHaveLength(3);
    expect(all.every((course) => course.status === "published" && course.publishedAt && course.outcomes.length > 0)).toBe(true);
  });

  it("gives Shopify 101 four modules and 12 lessons with only lesson 1 free", async () => {
    const db = database().db;
    const [course] = await db.select().from(courses).where(eq(courses.slug, "shopify-101"));
    expect(await db.$count(courseModules, eq(courseModules.courseId, course.id))).toBe(4);
    const courseLessons = await db
      .select({ slug: lessons.slug, orderIndex: lessons.orderIndex, isPreview: lessons.isPreview, position: courseModules.position })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(eq(lessons.courseId, course.id))
      .orderBy(asc(courseModules.position), asc(lessons.orderIndex));
    expect(courseLessons).toHaveLength(12);
    expect(courseLessons.filter((lesson) => lesson.isPreview).map((lesson) => lesson.slug)).toEqual([courseLessons[0].slug]);
    expect(await db.$count(reviews, eq(reviews.courseId, course.id))).toBeGreaterThan(0);
  });

  it("numbers modules from 1 within each course and lessons from 1 within each module", async () => {
    const db = database().db;
    const modules = await db
      .select({ courseId: courseModules.courseId, position: courseModules.position })
      .from(courseModules)
      .orderBy(asc(courseModules.position));
    const groupBy = <T, K>(items: T[], key: (item: T) => K) => {
      const groups = new Map<K, T[]>();
      for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
      return groups;
    };
    const byCourse = groupBy(modules, (module) => module.courseId);
    for (const positions of byCourse.values())
      expect(positions.map((module) => module.position)).toEqual(positions.map((_, index) => index + 1));
    const rows = await db
      .select({ moduleId: lessons.moduleId, orderIndex: lessons.orderIndex })
      .from(lessons)
      .orderBy(asc(lessons.orderIndex));
    expect(rows.every((row) => row.moduleId !== null)).toBe(true);
    const byModule = groupBy(rows, (row) => row.moduleId);
    expect(byModule.size).toBe(modules.length);
    for (const group of byModule.values()) expect(group.map((row) => row.orderIndex)).toEqual(group.map((_, index) => index + 1));
  });

  it("publishes 9 posts, 9 playbooks and 9 testimonials", async () => {
    const db = database().db;
    expect(await db.$count(posts, eq(posts.status, "published"))).toBe(9);
    const longPosts = (await db.select({ contentMd: posts.contentMd }).from(posts)).filter((post) => /^### /m.test(post.contentMd));
    expect(longPosts.length).toBeGreaterThanOrEqual(2);
    expect(await db.$count(playbooks)).toBe(9);
    expect(await db.$count(playbooks, and(eq(playbooks.category, "Shopify")))).toBeGreaterThan(0);
    expect(await db.$count(testimonials)).toBe(9);
  });
});
