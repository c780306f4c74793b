import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../../tests/support/test-database";
import { courseModules, courses, lessons, playbooks, posts, reviews, testimonials, users } from "~/server/db/schema";
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

describe("seedDemoContent", () => {
  it("writes the demo school once; running it twice adds nothing", async () => {
    expect(await seedDemoContent(database().db)).toEqual({ seeded: true });
    const first = await counts();
    expect(await seedDemoContent(database().db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(first);
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
    const courseLessons = await db.select().from(lessons).where(eq(lessons.courseId, course.id)).orderBy(asc(lessons.orderIndex));
    expect(courseLessons).toHaveLength(12);
    expect(courseLessons.map((lesson) => lesson.orderIndex)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(courseLessons.filter((lesson) => lesson.isPreview).map((lesson) => lesson.orderIndex)).toEqual([1]);
    expect(await db.$count(reviews, eq(reviews.courseId, course.id))).toBeGreaterThan(0);
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
