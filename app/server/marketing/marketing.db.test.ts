import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courses, enrollments, playbooks, testimonials, users } from "~/server/db/schema";
import { listPlaybooks, listTestimonials, playbookFiltersSchema, readFilters, summariseTestimonials, testimonialFiltersSchema } from "./marketing.server";
import { getFeaturedInstructor, listMenuCourses } from "~/server/courses/course-cards.server";

const database = useTestDatabase();

const filtersFrom = (search: string) => readFilters(playbookFiltersSchema, new URL(`http://x/playbooks${search}`));

describe("playbooks list", () => {
  it("filters by category, searches title and description, and sorts a null price as free", async () => {
    const db = database().db;
    const [course] = await db
      .insert(courses)
      .values({ title: "Linked course", slug: unique("linked"), status: "published" })
      .returning();
    const [draftCourse] = await db
      .insert(courses)
      .values({ title: "Hidden course", slug: unique("hidden"), status: "draft" })
      .returning();
    const day = (d: string) => new Date(`${d}T09:00:00Z`);
    await db.insert(playbooks).values([
      {
        slug: unique("a"),
        title: "Alpha 100% Checklist",
        category: "Shopify",
        priceCents: 14700,
        popularity: 10,
        courseId: course!.id,
        updatedAt: day("2025-01-01"),
      },
      {
        slug: unique("b"),
        title: "Bravo Pack",
        category: "Automation",
        priceCents: null,
        popularity: 90,
        description: "alpha inside",
        updatedAt: day("2025-03-01"),
      },
      {
        slug: unique("c"),
        title: "Charlie Kit",
        category: "Shopify",
        priceCents: 9700,
        popularity: 50,
        courseId: draftCourse!.id,
        updatedAt: day("2025-02-01"),
      },
    ]);

    const titles = async (search: string) => (await listPlaybooks({ filters: filtersFrom(search) })).map((row) => row.title);
    expect(await titles("")).toEqual(["Bravo Pack", "Charlie Kit", "Alpha 100% Checklist"]);
    expect(await titles("?sort=popular")).toEqual(["Bravo Pack", "Charlie Kit", "Alpha 100% Checklist"]);
    expect(await titles("?sort=price-asc")).toEqual(["Bravo Pack", "Charlie Kit", "Alpha 100% Checklist"]);
    expect(await titles("?sort=price-desc")).toEqual(["Alpha 100% Checklist", "Charlie Kit", "Bravo Pack"]);
    expect(await titles("?category=shopify")).toEqual(["Charlie Kit", "Alpha 100% Checklist"]);
    expect(await titles("?q=ALPHA")).toEqual(["Bravo Pack", "Alpha 100% Checklist"]);
    expect(await titles("?q=100%25")).toEqual(["Alpha 100% Checklist"]);
    expect(await titles("?q=%25")).toEqual(["Alpha 100% Checklist"]);
    expect(await titles("?category=shopify&q=nothing-like-this")).toEqual([]);

    const [linked] = await listPlaybooks({ filters: filtersFrom("?q=alpha%20100") });
    expect(linked).toMatchObject({ courseSlug: course!.slug, courseTitle: "Linked course" });
    // A playbook of a draft course links to the catalog, not to a page that does not exist.
    const [ofDraft] = await listPlaybooks({ filters: filtersFrom("?q=charlie") });
    expect(ofDraft).toMatchObject({ courseSlug: null, courseTitle: null });
  });

  it("reads filters from the URL and ignores unknown values", () => {
    expect(filtersFrom("?category=ai-chatgpt&q=%20gpt%20&sort=price-desc")).toEqual({
      category: "ai-chatgpt",
      q: "gpt",
      sort: "price-desc",
    });
    expect(filtersFrom("?category=toString&sort=cheapest&q=")).toEqual({ category: undefined, q: undefined, sort: "newest" });
  });
});

describe("testimonials list", () => {
  it("searches quote, name and role, filters by category and sorts by date or rating", async () => {
    const db = database().db;
    await db.insert(testimonials).values([
      { name: "Ana", role: "Potter", rating: 4, quote: "Great checklist", category: "Shopify", source: "email", givenOn: "2025-05-01" },
      {
        name: "Ben",
        role: "Baker",
        rating: 5,
        quote: "Saved hours with automation",
        category: "Automation",
        source: "x",
        givenOn: "2025-01-01",
      },
      {
        name: "Cy",
        role: "Prompt writer",
        rating: 3,
        quote: "Solid",
        category: "AI / ChatGPT",
        source: "trustpilot",
        givenOn: "2025-03-01",
      },
    ]);
    const names = async (search: string) =>
      (await listTestimonials({ filters: readFilters(testimonialFiltersSchema, new URL(`http://x/t${search}`)) })).map((row) => row.name);
    expect(await names("")).toEqual(["Ana", "Cy", "Ben"]);
    expect(await names("?sort=rating")).toEqual(["Ben", "Ana", "Cy"]);
    expect(await names("?category=ai-chatgpt")).toEqual(["Cy"]);
    expect(await names("?q=baker")).toEqual(["Ben"]);
    expect(await names("?q=HOURS")).toEqual(["Ben"]);
    expect(await names("?q=ana")).toEqual(["Ana"]);
    expect(await names("?q=zzz")).toEqual([]);
  });
});

describe("the testimonials page's summary", () => {
  it("is computed from the rows (average to one decimal, and the count), and absent when there are none", async () => {
    const db = database().db;
    await db.delete(testimonials);
    expect(await summariseTestimonials()).toEqual({ count: 0, average: null });
    await db.insert(testimonials).values([
      { name: "Ana", role: "Potter", rating: 5, quote: "Lovely", category: "Shopify", source: "email", givenOn: "2025-05-01" },
      { name: "Ben", role: "Baker", rating: 4, quote: "Good", category: "Shopify", source: "email", givenOn: "2025-05-02" },
      { name: "Cy", role: "Cook", rating: 4, quote: "Fine", category: "Shopify", source: "email", givenOn: "2025-05-03" },
    ]);
    expect(await summariseTestimonials()).toEqual({ count: 3, average: "4.3" });
  });
});

describe("header and home", () => {
  it("menu courses: published only, featured first, then by learners", async () => {
    const db = database().db;
    const learners = await db
      .insert(users)
      .values([1, 2, 3].map((n) => ({ id: unique(`u${n}`), name: `Learner ${n}`, email: `${unique("l")}@example.com` })))
      .returning();
    const [popular, quiet, featured, draft] = await db
      .insert(courses)
      .values([
        { title: "Popular", slug: unique("popular"), status: "published" },
        { title: "Quiet", slug: unique("quiet"), status: "published" },
        { title: "Featured", slug: unique("featured"), status: "published", isFeatured: true },
        { title: "Draft featured", slug: unique("draft"), status: "draft", isFeatured: true },
      ])
      .returning();
    await db
      .insert(enrollments)
      .values([
        ...learners.map((learner) => ({ userId: learner.id, courseId: popular!.id, source: "free" })),
        { userId: learners[0]!.id, courseId: quiet!.id, source: "free" },
        { userId: learners[1]!.id, courseId: draft!.id, source: "free" },
      ]);
    const mine = new Set([popular, quiet, featured, draft].map((course) => course!.slug));
    const menu = (await listMenuCourses({ limit: 5 })).filter((course) => mine.has(course.slug));
    expect(menu.map((course) => course.title)).toEqual(["Featured", "Popular", "Quiet"]);
    expect(menu[0]).toEqual({ slug: featured!.slug, title: "Featured", subtitle: "", coverUrl: null, topic: null, level: "Beginner" });
  });

  it("the home page's instructor is the author of the featured courses", async () => {
    const db = database().db;
    const [author, other] = await db
      .insert(users)
      .values([
        { id: unique("author"), name: "Ada Author", email: `${unique("a")}@example.com`, headline: "Teaches things", bio: "A long bio." },
        { id: unique("other"), name: "Otto Other", email: `${unique("o")}@example.com` },
      ])
      .returning();
    await db.insert(courses).values([
      { title: "F1", slug: unique("f1"), status: "published", isFeatured: true, authorId: author!.id },
      { title: "O1", slug: unique("o1"), status: "published", authorId: other!.id },
      { title: "O2", slug: unique("o2"), status: "published", authorId: other!.id },
    ]);
    expect(await getFeaturedInstructor()).toEqual({ name: "Ada Author", headline: "Teaches things", bio: "A long bio." });
  });
});
