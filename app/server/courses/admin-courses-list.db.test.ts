import { count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique } from "../../../tests/support/test-database";
import { courses } from "~/server/db/schema";
import { adminCourseSearchCondition, listAdminCourses } from "./admin-courses.server";
import { useAdminCourseFixtures } from "../../../tests/support/admin-course-fixtures";

const { db, newCourse } = useAdminCourseFixtures();

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
