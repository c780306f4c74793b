import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courses, posts } from "~/server/db/schema";
import { listSitemapEntries, renderRobotsTxt, renderSitemapXml, STATIC_SITEMAP_PATHS } from "./sitemap.server";

const database = useTestDatabase();

describe("sitemap", () => {
  it("lists every public page, published courses and published posts as absolute URLs, and no drafts", async () => {
    const db = database().db;
    const published = unique("live-course");
    const draft = unique("draft-course");
    const livePost = unique("live-post");
    const draftPost = unique("draft-post");
    await db.insert(courses).values([
      {
        title: "Live",
        slug: published,
        status: "published",
        publishedAt: new Date("2025-01-02"),
        updatedAt: new Date("2025-03-04T10:00:00Z"),
      },
      { title: "Draft", slug: draft, status: "draft" },
    ]);
    await db.insert(posts).values([
      {
        title: "Live post",
        slug: livePost,
        status: "published",
        publishedAt: new Date("2025-02-01"),
        updatedAt: new Date("2025-02-05T10:00:00Z"),
      },
      { title: "Draft post", slug: draftPost, status: "draft" },
    ]);

    const entries = await listSitemapEntries();
    const locs = entries.map((entry) => entry.loc);
    for (const path of [
      "/",
      "/courses",
      "/pricing",
      "/playbooks",
      "/blog",
      "/testimonials",
      "/about",
      "/contact",
      "/privacy",
      "/terms",
      "/refund",
    ]) {
      expect(locs).toContain(`http://localhost:3000${path}`);
    }
    expect(locs).toHaveLength(STATIC_SITEMAP_PATHS.length + 2);
    expect(entries).toContainEqual(expect.objectContaining({ loc: `http://localhost:3000/courses/${published}`, lastmod: "2025-03-04" }));
    expect(entries).toContainEqual(expect.objectContaining({ loc: `http://localhost:3000/blog/${livePost}`, lastmod: "2025-02-05" }));
    expect(locs.some((loc) => loc.includes(draft) || loc.includes(draftPost))).toBe(false);
  });

  it("renders valid sitemap XML with escaped URLs", () => {
    const xml = renderSitemapXml([{ loc: "https://school.example/a?b=1&c=2", lastmod: "2025-01-01" }]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain("<loc>https://school.example/a?b=1&amp;c=2</loc>");
    expect(xml).toContain("<lastmod>2025-01-01</lastmod>");
  });

  it("robots.txt allows the site, keeps crawlers out of private areas and names the sitemap", () => {
    const robots = renderRobotsTxt({ origin: "https://school.example" });
    expect(robots.split("\n")).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /account",
        "Disallow: /api",
        "Sitemap: https://school.example/sitemap.xml",
      ]),
    );
  });
});
