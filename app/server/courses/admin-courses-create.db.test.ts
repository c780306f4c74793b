import { describe, expect, it } from "vitest";
import { unique } from "../../../tests/support/test-database";
import { courseModules, lessons } from "~/server/db/schema";
import { getCourseForEdit } from "./admin-courses.server";
import { useAdminCourseFixtures } from "../../../tests/support/admin-course-fixtures";

const { db, authorId, courseRow, flatLessons, newCourse } = useAdminCourseFixtures();

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
