import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callLoader, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { parseAnalyticsRange } from "~/lib/analytics-range";
import * as courseDetail from "~/routes/catalog/course-detail";
import { courses, courseViews } from "~/server/db/schema";
import { readCourseSales } from "./analytics.server";
import { recordCachedCourseView, recordCourseView } from "./course-views.server";

/** Course-page views: once per visitor a day, no bots, counted in Admin → Analytics per course. */

const database = useTestDatabase();
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const at = (text: string) => new Date(`${text}T12:00:00Z`);

describe("course-page views", () => {
  it("count a visitor once a day, never a bot or a request without a user agent, and show per course in the range", async () => {
    const slug = unique("viewed");
    const [course] = await database()
      .db.insert(courses)
      .values({ title: "Viewed course", slug, status: "published" })
      .returning({ id: courses.id });
    const view = (ip: string, userAgent: string, day: string) => recordCourseView({ courseId: course.id, ip, userAgent, now: at(day) });
    expect(await view("203.0.113.5", browser, "2025-05-01")).toBe(true);
    expect(await view("203.0.113.5", browser, "2025-05-01")).toBe(false);
    expect(await view("203.0.113.6", browser, "2025-05-01")).toBe(true);
    expect(await view("203.0.113.5", browser, "2025-05-02")).toBe(true);
    expect(await view("203.0.113.7", googlebot, "2025-05-02")).toBe(false);
    expect(await view("203.0.113.8", "", "2025-05-02")).toBe(false);
    // A cached page's view, found by slug; a second one the same day is not written again.
    expect(await recordCachedCourseView({ slug, ip: "203.0.113.9", userAgent: browser, now: at("2025-05-03") })).toBe(true);
    expect(await recordCachedCourseView({ slug, ip: "203.0.113.9", userAgent: browser, now: at("2025-05-03") })).toBe(false);
    expect(await recordCachedCourseView({ slug: unique("missing"), ip: "203.0.113.9", userAgent: browser, now: at("2025-05-03") })).toBe(
      false,
    );
    expect(await database().db.select().from(courseViews)).toHaveLength(4);
    // No IP address is stored, only the day's hash.
    expect(JSON.stringify(await database().db.select().from(courseViews))).not.toContain("203.0.113");

    const range = (from: string, to: string) => parseAnalyticsRange(new URLSearchParams(`range=custom&from=${from}&to=${to}`));
    expect(await readCourseSales(range("2025-05-01", "2025-05-02"))).toEqual([
      { courseId: course.id, title: "Viewed course", views: 3, sales: 0, grossCents: 0, refundedCents: 0, netCents: 0 },
    ]);
    expect((await readCourseSales(range("2025-05-03", "2025-05-31")))[0].views).toBe(1);
  });

  it("are counted by the course page's loader for a published course, not for a draft an admin previews", async () => {
    const [published, draft] = await database()
      .db.insert(courses)
      .values([
        { title: "Published", slug: unique("published"), status: "published" },
        { title: "Draft", slug: unique("draft"), status: "draft" },
      ])
      .returning({ id: courses.id, slug: courses.slug });
    await callLoader(courseDetail, {
      path: `/courses/${published.slug}`,
      params: { slug: published.slug },
      headers: { "User-Agent": browser },
    });
    await callLoader(courseDetail, {
      path: `/courses/${published.slug}`,
      params: { slug: published.slug },
      headers: { "User-Agent": googlebot },
    });
    expect(await database().db.select().from(courseViews).where(eq(courseViews.courseId, published.id))).toHaveLength(1);
    const admin = sessionUser({ role: "admin" });
    const preview = await callLoader(courseDetail, {
      path: `/courses/${draft.slug}`,
      params: { slug: draft.slug },
      user: admin,
      headers: { "User-Agent": browser },
    });
    expect(preview.course.title).toBe("Draft");
    expect(await database().db.select().from(courseViews).where(eq(courseViews.courseId, draft.id))).toHaveLength(0);
  });

  it("cost the page no write for a visitor the process already counted today", async () => {
    const [course] = await database()
      .db.insert(courses)
      .values({ title: "Counted once", slug: unique("counted"), status: "published" })
      .returning({ id: courses.id, slug: courses.slug });
    const load = () =>
      callLoader(courseDetail, {
        path: `/courses/${course.slug}`,
        params: { slug: course.slug },
        headers: { "User-Agent": `${browser} ${unique()}` },
      });
    const visitor = `${browser} repeat-${unique()}`;
    const loadAs = () =>
      callLoader(courseDetail, { path: `/courses/${course.slug}`, params: { slug: course.slug }, headers: { "User-Agent": visitor } });
    await loadAs();
    const views = () => database().db.select().from(courseViews).where(eq(courseViews.courseId, course.id));
    expect(await views()).toHaveLength(1);
    // With the row gone, a repeat view would write it again if it reached the database; it does not.
    await database().db.delete(courseViews).where(eq(courseViews.courseId, course.id));
    await loadAs();
    expect(await views()).toHaveLength(0);
    // Someone else is still counted.
    await load();
    expect(await views()).toHaveLength(1);
  });
});
