import { and, count, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { catalogListUrl } from "~/lib/catalog-filters";
import { catalogSearchCondition, findCourseDetailForPage, getCourseDetail, listCatalogCourses, listCourseDataRecords } from "./catalog.server";
import { hasActiveEnrollment } from "~/server/access/enrollments.server";
import { escapeLikePattern } from "~/server/db/like.server";
import { listFeaturedCourses } from "./course-cards.server";
import { courseLearnerCounts, courseModules, courses, enrollments, lessons, reviews, users } from "~/server/db/schema";
import { isCourseSaved, listSavedCourses, setCourseSaved } from "./saved-courses.server";

const database = useTestDatabase();

const filters = (query = "") => catalogListUrl.parse(new URLSearchParams(query));
const titles = async (query: string, pageSize?: number) =>
  (await listCatalogCourses({ filters: filters(query), pageSize })).courses.map((course) => course.title);

const ids: Record<string, string> = {};
const people = { author: unique("author"), one: unique("one"), two: unique("two"), three: unique("three") };

beforeAll(async () => {
  const db = database().db;
  await db.insert(users).values(
    Object.values(people).map((id, index) => ({
      id,
      name: index === 0 ? "Ada Author" : `Learner ${index}`,
      email: `${id}@example.test`,
      headline: index === 0 ? "Teaches stores" : "",
      bio: index === 0 ? "Ran three shops." : "",
      image: index === 0 ? "/images/demo/instructor.webp" : null,
    })),
  );
  const rows = await db
    .insert(courses)
    .values([
      {
        title: "Alpha Shopify Store",
        slug: "alpha",
        subtitle: "Build your first store",
        level: "Beginner",
        topics: ["Shopify"],
        priceCents: 19900,
        status: "published",
        publishedAt: new Date("2024-01-01"),
        authorId: people.author,
        track: "Store track",
        outcomes: ["Launch a store"],
        longDescriptionMd: "## Why\n\nBecause.",
      },
      {
        title: "Prompt Basics",
        slug: "prompt",
        subtitle: "Write better PROMPTS for ChatGPT",
        level: "Intermediate",
        topics: ["AI & ChatGPT"],
        priceCents: 12900,
        status: "published",
        publishedAt: new Date("2024-03-01"),
      },
      {
        title: "n8n Flows",
        slug: "flows",
        subtitle: "automation for orders",
        level: "Advanced",
        topics: ["Automation", "Shopify"],
        priceCents: 24900,
        status: "published",
        publishedAt: new Date("2024-02-01"),
      },
      {
        title: "Draft Secret Course",
        slug: "draft",
        subtitle: "not yet",
        level: "Beginner",
        topics: ["Shopify"],
        priceCents: 100,
        status: "draft",
      },
      {
        title: "Zebra 100% Fulfillment",
        slug: "zebra",
        subtitle: "ship_fast",
        level: "Beginner",
        topics: ["Fulfillment"],
        priceCents: 12900,
        status: "published",
        publishedAt: new Date("2023-12-01"),
      },
    ])
    .returning({ id: courses.id, slug: courses.slug });
  for (const row of rows) ids[row.slug] = row.id;

  const enroll = (userId: string, slug: string, status = "active") => ({ userId, courseId: ids[slug], status, source: "admin" });
  await db
    .insert(enrollments)
    .values([
      enroll(people.one, "alpha"),
      enroll(people.one, "prompt"),
      enroll(people.two, "prompt"),
      enroll(people.three, "prompt"),
      enroll(people.one, "flows"),
      enroll(people.two, "flows"),
      enroll(people.three, "flows", "revoked"),
      enroll(people.one, "draft"),
      enroll(people.two, "draft"),
      enroll(people.three, "draft"),
    ]);

  const [second, first] = await db
    .insert(courseModules)
    .values([
      { courseId: ids.alpha, title: "Second module", position: 2 },
      { courseId: ids.alpha, title: "First module", position: 1 },
    ])
    .returning({ id: courseModules.id });
  await db.insert(lessons).values([
    { courseId: ids.alpha, moduleId: second.id, title: "Lesson three", slug: "three", orderIndex: 1, durationSeconds: 1800 },
    { courseId: ids.alpha, moduleId: first.id, title: "Lesson one", slug: "one", orderIndex: 1, durationSeconds: 600, isPreview: true },
    { courseId: ids.alpha, moduleId: first.id, title: "Lesson two", slug: "two", orderIndex: 2, durationSeconds: 1200, type: "article" },
    { courseId: ids.alpha, moduleId: null, title: "Loose lesson", slug: "loose", orderIndex: 1, durationSeconds: 0 },
  ]);
  await db.insert(reviews).values([
    { courseId: ids.alpha, userId: people.one, authorName: "Learner 1", rating: 5, comment: "Great", createdAt: new Date("2024-05-01") },
    { courseId: ids.alpha, userId: people.two, authorName: "Learner 2", rating: 4, comment: "Good", createdAt: new Date("2024-06-01") },
  ]);
});

describe("listCatalogCourses: filters", () => {
  it("lists only published courses, most popular (active enrollments) first", async () => {
    const page = await listCatalogCourses({ filters: filters() });
    expect(page.total).toBe(4);
    expect(page.courses.map((course) => course.slug)).toEqual(["prompt", "flows", "alpha", "zebra"]);
    expect(page.courses.map((course) => course.learnerCount)).toEqual([3, 2, 1, 0]);
  });

  it("returns the card figures: lessons, duration, price, level", async () => {
    const [alpha] = (await listCatalogCourses({ filters: filters("q=alpha") })).courses;
    expect(alpha).toMatchObject({
      slug: "alpha",
      lessonCount: 4,
      durationSeconds: 3600,
      priceCents: 19900,
      level: "Beginner",
      topics: ["Shopify"],
      rating: 4.5,
      reviewCount: 2,
    });
  });

  it("searches title and subtitle, case-insensitively", async () => {
    expect(await titles("q=prompts")).toEqual(["Prompt Basics"]);
    expect(await titles("q=STORE")).toEqual(["Alpha Shopify Store"]);
    expect(await titles("q=AUTOMATION+for")).toEqual(["n8n Flows"]);
    expect(await titles("q=f")).toEqual(["Prompt Basics", "n8n Flows", "Alpha Shopify Store", "Zebra 100% Fulfillment"]);
  });

  it("never finds a draft", async () => {
    expect(await titles("q=secret")).toEqual([]);
  });

  it("treats % and _ in the search as literal characters", async () => {
    expect(await titles("q=%25")).toEqual(["Zebra 100% Fulfillment"]);
    expect(await titles("q=p_f")).toEqual(["Zebra 100% Fulfillment"]);
    expect(escapeLikePattern("50%_off\\")).toBe("50\\%\\_off\\\\");
  });

  it("filters by level exactly", async () => {
    expect(await titles("level=beginner")).toEqual(["Alpha Shopify Store", "Zebra 100% Fulfillment"]);
    expect(await titles("level=advanced")).toEqual(["n8n Flows"]);
  });

  it("filters by topic exactly, including courses with several topics", async () => {
    expect(await titles("topic=shopify")).toEqual(["n8n Flows", "Alpha Shopify Store"]);
    expect(await titles("topic=ai-chatgpt")).toEqual(["Prompt Basics"]);
    expect(await titles("topic=lovable")).toEqual([]);
  });

  it("combines search, level and topic", async () => {
    expect(await titles("q=store&level=beginner&topic=shopify")).toEqual(["Alpha Shopify Store"]);
    expect(await titles("q=store&level=advanced&topic=shopify")).toEqual([]);
  });

  it("matches nothing (no error) for an unknown level or topic", async () => {
    expect(await listCatalogCourses({ filters: filters("topic=execution") })).toEqual({ courses: [], total: 0 });
    expect(await listCatalogCourses({ filters: filters("level=Beginner") })).toEqual({ courses: [], total: 0 });
    expect(await listCatalogCourses({ filters: filters("level=expert&topic=shopify") })).toEqual({ courses: [], total: 0 });
  });
});

describe("listCatalogCourses: sorting", () => {
  it.each([
    ["", ["prompt", "flows", "alpha", "zebra"]],
    ["sort=newest", ["prompt", "flows", "alpha", "zebra"]],
    ["sort=price-asc", ["prompt", "zebra", "alpha", "flows"]],
    ["sort=price-desc", ["flows", "alpha", "prompt", "zebra"]],
    ["sort=title", ["alpha", "flows", "prompt", "zebra"]],
  ])("orders %s", async (query, expected) => {
    const page = await listCatalogCourses({ filters: filters(query) });
    expect(page.courses.map((course) => course.slug)).toEqual(expected);
  });

  it("orders Newest by publish date, not by popularity", async () => {
    await database().db.insert(enrollments).values({ userId: people.three, courseId: ids.zebra, source: "admin" });
    const popular = (await listCatalogCourses({ filters: filters("level=beginner") })).courses.map((course) => course.slug);
    const newest = (await listCatalogCourses({ filters: filters("level=beginner&sort=newest") })).courses.map((course) => course.slug);
    // One learner each: the tie falls back to the newest first.
    expect(popular).toEqual(["alpha", "zebra"]);
    expect(newest).toEqual(["alpha", "zebra"]);
    await database().db.insert(enrollments).values({ userId: people.two, courseId: ids.zebra, source: "admin" });
    expect((await listCatalogCourses({ filters: filters("level=beginner") })).courses.map((course) => course.slug)).toEqual([
      "zebra",
      "alpha",
    ]);
    expect((await listCatalogCourses({ filters: filters("level=beginner&sort=newest") })).courses.map((course) => course.slug)).toEqual([
      "alpha",
      "zebra",
    ]);
    await database()
      .db.delete(enrollments)
      .where(sql`${enrollments.courseId} = ${ids.zebra}`);
  });
});

describe("listCatalogCourses: paging", () => {
  it("returns the first page × size courses and the total", async () => {
    const first = await listCatalogCourses({ filters: filters("sort=title"), pageSize: 3 });
    expect(first.total).toBe(4);
    expect(first.courses.map((course) => course.slug)).toEqual(["alpha", "flows", "prompt"]);
    const second = await listCatalogCourses({ filters: filters("sort=title&page=2"), pageSize: 3 });
    expect(second.courses.map((course) => course.slug)).toEqual(["alpha", "flows", "prompt", "zebra"]);
  });

  it("pages through thousands of courses in SQL, with the trigram index serving the search", async () => {
    const db = database().db;
    const batch = Array.from({ length: 2000 }, (_, index) => ({
      title: `Bulk course ${String(index).padStart(4, "0")}`,
      slug: `bulk-${index}`,
      subtitle: index % 10 === 0 ? "Needle in the haystack" : "Filler",
      level: "Intermediate",
      topics: ["Automation"],
      priceCents: index,
      status: "published",
      publishedAt: new Date(Date.UTC(2020, 0, 1) + index * 60_000),
    }));
    await db.insert(courses).values(batch);
    try {
      const page = await listCatalogCourses({ filters: filters("q=needle&sort=price-asc&page=2") });
      expect(page.total).toBe(200);
      expect(page.courses).toHaveLength(48);
      expect(page.courses[47].title).toBe("Bulk course 0470");
      const popular = await listCatalogCourses({ filters: filters("topic=automation") });
      expect(popular.total).toBe(2001);
      expect(popular.courses[0].slug).toBe("flows");

      await db.transaction(async (tx) => {
        // With seq scans off, the planner must find an index that answers the search itself.
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = await tx.execute(sql`explain select ${count()} from ${courses} where ${catalogSearchCondition("needle")}`);
        const text = JSON.stringify(plan);
        expect(text).toContain("courses_title_trgm_idx");
        expect(text).toContain("courses_subtitle_trgm_idx");
      });
    } finally {
      await db.delete(courses).where(sql`${courses.slug} like 'bulk-%'`);
    }
  });
});

describe("getCourseDetail", () => {
  it("returns the course with its curriculum in order (flat lessons first), reviews, instructor and figures", async () => {
    const course = await getCourseDetail({ slug: "alpha" });
    expect(course).toMatchObject({
      title: "Alpha Shopify Store",
      track: "Store track",
      level: "Beginner",
      status: "published",
      outcomes: ["Launch a store"],
      learnerCount: 1,
      rating: 4.5,
      reviewCount: 2,
      durationSeconds: 3600,
      instructor: { name: "Ada Author", headline: "Teaches stores", bio: "Ran three shops.", image: "/images/demo/instructor.webp" },
    });
    expect(course!.curriculum.map((module) => [module.title, module.lessons.map((lesson) => lesson.slug)])).toEqual([
      ["Lessons", ["loose"]],
      ["First module", ["one", "two"]],
      ["Second module", ["three"]],
    ]);
    expect(course!.curriculum[1].lessons[0]).toMatchObject({ title: "Lesson one", isPreview: true, durationSeconds: 600, type: "video" });
    expect(course!.reviews.map((review) => review.authorName)).toEqual(["Learner 2", "Learner 1"]);
  });

  it("returns drafts with their status (the route hides them from visitors) and null for unknown slugs", async () => {
    expect(await getCourseDetail({ slug: "draft" })).toMatchObject({ status: "draft", instructor: null, curriculum: [], reviews: [] });
    expect(await getCourseDetail({ slug: "no-such-course" })).toBeNull();
  });
});

describe("findCourseDetailForPage", () => {
  it("keeps the course page's course in memory, and reads it again after any content write (a lesson renamed, the instructor's name)", async () => {
    const kept = await findCourseDetailForPage({ slug: "alpha" });
    expect(kept).toEqual(await getCourseDetail({ slug: "alpha" }));
    expect(await findCourseDetailForPage({ slug: "alpha" })).toBe(kept);

    const db = database().db;
    await db.update(lessons).set({ title: "Lesson one, renamed" }).where(eq(lessons.slug, "one"));
    // The write announced itself (PGlite: as it commits; PostgreSQL: by NOTIFY, a moment after).
    await expect.poll(async () => (await findCourseDetailForPage({ slug: "alpha" }))!.curriculum[1]!.lessons[0]!.title).toBe("Lesson one, renamed");
    await db.update(users).set({ name: "Ada Renamed" }).where(eq(users.id, people.author));
    await expect.poll(async () => (await findCourseDetailForPage({ slug: "alpha" }))!.instructor?.name).toBe("Ada Renamed");
    await db.update(users).set({ name: "Ada Author" }).where(eq(users.id, people.author));
    await db.update(lessons).set({ title: "Lesson one" }).where(eq(lessons.slug, "one"));
    await expect.poll(async () => (await findCourseDetailForPage({ slug: "alpha" }))!.instructor?.name).toBe("Ada Author");
    expect(await findCourseDetailForPage({ slug: "no-such-course" })).toBeNull();
  });
});

describe("hasActiveEnrollment", () => {
  it("is true only for an active enrollment", async () => {
    expect(await hasActiveEnrollment({ userId: people.one, courseId: ids.flows })).toBe(true);
    expect(await hasActiveEnrollment({ userId: people.three, courseId: ids.flows })).toBe(false);
    expect(await hasActiveEnrollment({ userId: people.three, courseId: ids.alpha })).toBe(false);
  });
});

describe("saved courses", () => {
  it("saves and unsaves idempotently and lists saved published courses, newest save first", async () => {
    const userId = people.two;
    expect(await listSavedCourses({ userId })).toEqual([]);
    await setCourseSaved({ userId, courseId: ids.alpha, saved: true });
    await setCourseSaved({ userId, courseId: ids.alpha, saved: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await setCourseSaved({ userId, courseId: ids.flows, saved: true });
    await setCourseSaved({ userId, courseId: ids.draft, saved: true });
    expect(await isCourseSaved({ userId, courseId: ids.alpha })).toBe(true);
    expect(await isCourseSaved({ userId: people.one, courseId: ids.alpha })).toBe(false);

    const saved = await listSavedCourses({ userId });
    expect(saved.map((course) => course.slug)).toEqual(["flows", "alpha"]);
    expect(saved[1]).toMatchObject({ title: "Alpha Shopify Store", priceCents: 19900, lessonCount: 4 });

    await setCourseSaved({ userId, courseId: ids.alpha, saved: false });
    await setCourseSaved({ userId, courseId: ids.alpha, saved: false });
    expect(await isCourseSaved({ userId, courseId: ids.alpha })).toBe(false);
    expect((await listSavedCourses({ userId })).map((course) => course.slug)).toEqual(["flows"]);
  });
});

describe("listCourseDataRecords (courses.json)", () => {
  it("lists published courses in the spec's shape with absolute cover URLs and dollar prices", async () => {
    await database()
      .db.update(courses)
      .set({ coverUrl: "/images/demo/courses/alpha.webp" })
      .where(sql`${courses.slug} = 'alpha'`);
    const records = await listCourseDataRecords({ origin: "https://school.example" });
    expect(records.map((record) => record.slug)).toEqual(["prompt", "flows", "alpha", "zebra"]);
    expect(records.find((record) => record.slug === "alpha")).toEqual({
      id: ids.alpha,
      slug: "alpha",
      title: "Alpha Shopify Store",
      subtitle: "Build your first store",
      coverImage: "https://school.example/images/demo/courses/alpha.webp",
      track: "Store track",
      level: "Beginner",
      rating: 4.5,
      students: 1,
      priceUSD: 199,
    });
    expect(records.find((record) => record.slug === "zebra")).toMatchObject({ coverImage: null, rating: null, students: 0, priceUSD: 129 });
  });
});

describe("listFeaturedCourses still works beside the catalog", () => {
  it("lists featured published courses", async () => {
    await database()
      .db.update(courses)
      .set({ isFeatured: true })
      .where(sql`${courses.slug} in ('alpha', 'draft')`);
    expect((await listFeaturedCourses()).map((course) => course.slug)).toEqual(["alpha"]);
  });
});

describe("learner counts (course_learner_counts, kept by a trigger on enrollments)", () => {
  it("follow every grant, revoke, re-grant, move and delete, as a count of active enrollments would", async () => {
    const db = database().db;
    const [counted, other] = await db
      .insert(courses)
      .values([
        { title: "Counted", slug: unique("counted"), status: "draft" },
        { title: "Other", slug: unique("other"), status: "draft" },
      ])
      .returning({ id: courses.id });
    const learners = async (courseId: string) =>
      (await db.select({ learners: courseLearnerCounts.learners }).from(courseLearnerCounts).where(eq(courseLearnerCounts.courseId, courseId)))[0]
        ?.learners ?? 0;
    // Every course whose counter differs from a count of its active enrollments.
    const mismatches = async () => {
      const result = (await db.execute(sql`
        select c.id from courses c
        left join course_learner_counts n on n.course_id = c.id
        where coalesce(n.learners, 0) <> (select count(*) from enrollments e where e.course_id = c.id and e.status = 'active')`)) as unknown as {
        rows?: unknown[];
      } & unknown[];
      return result.rows ?? [...result];
    };

    await db.insert(enrollments).values([
      { userId: people.one, courseId: counted.id, source: "admin" },
      { userId: people.two, courseId: counted.id, source: "admin" },
      { userId: people.three, courseId: counted.id, source: "admin", status: "revoked" },
    ]);
    expect(await learners(counted.id)).toBe(2);
    await db.update(enrollments).set({ status: "revoked" }).where(and(eq(enrollments.userId, people.one), eq(enrollments.courseId, counted.id)));
    expect(await learners(counted.id)).toBe(1);
    await db.update(enrollments).set({ status: "active" }).where(and(eq(enrollments.userId, people.three), eq(enrollments.courseId, counted.id)));
    expect(await learners(counted.id)).toBe(2);
    await db.update(enrollments).set({ courseId: other.id }).where(and(eq(enrollments.userId, people.two), eq(enrollments.courseId, counted.id)));
    expect([await learners(counted.id), await learners(other.id)]).toEqual([1, 1]);
    // One statement across both courses, each way.
    const both = inArray(enrollments.courseId, [counted.id, other.id]);
    await db.update(enrollments).set({ status: "revoked" }).where(both);
    expect([await learners(counted.id), await learners(other.id)]).toEqual([0, 0]);
    await db.update(enrollments).set({ status: "active" }).where(both);
    expect([await learners(counted.id), await learners(other.id)]).toEqual([2, 1]);
    await db.delete(enrollments).where(eq(enrollments.courseId, counted.id));
    expect(await learners(counted.id)).toBe(0);
    expect(await mismatches()).toEqual([]);
  });
});
