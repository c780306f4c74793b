import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courses } from "~/server/db/schema";
import { listMenuCourses } from "~/server/courses/course-cards.server";
import { listSocialLinks, readNavigation, readPublicNavigation, saveNavigationArea, saveSocialLinks } from "./navigation.server";
import { readSiteLayout } from "./site-layout.server";

const database = useTestDatabase();

describe("readSiteLayout", () => {
  it("keeps every page's menu, navigation and social links in memory, and reads them again after a content write", async () => {
    const kept = await readSiteLayout();
    expect(kept).toEqual({ menuCourses: await listMenuCourses({ limit: 5 }), navigation: await readPublicNavigation(), social: await listSocialLinks() });
    expect(await readSiteLayout()).toBe(kept);

    // The write announced itself (PGlite: as it commits; PostgreSQL: by NOTIFY, a moment after).
    await saveSocialLinks({ links: { youtube: "https://www.youtube.com/@kept-layout" } });
    await expect.poll(async () => (await readSiteLayout()).social.map((link) => link.url)).toContain("https://www.youtube.com/@kept-layout");

    const header = (await readNavigation()).header.map(({ key, label, hidden }) => ({ key, label, hidden: hidden || key === "path:/blog" }));
    await saveNavigationArea({ area: "header", items: header });
    await expect.poll(async () => (await readSiteLayout()).navigation.header.map((link) => link.to)).not.toContain("/blog");

    const slug = unique("menu-course");
    await database().db.insert(courses).values({ title: "Kept menu course", slug, status: "published", isFeatured: true });
    await expect.poll(async () => (await readSiteLayout()).menuCourses.map((course) => course.slug)).toContain(slug);
    await database().db.update(courses).set({ status: "draft" }).where(eq(courses.slug, slug));
    await expect.poll(async () => (await readSiteLayout()).menuCourses.map((course) => course.slug)).not.toContain(slug);
  });
});
