import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callLoader, sessionUser, thrownResponse, type RouteCall } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as blogList from "./blog-list";
import * as blogPost from "./blog-post";
import * as rss from "~/routes/resources/blog-rss";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { seedDemoContent } from "~/server/db/seed/seed.server";
import { posts } from "~/server/db/schema";

const database = useTestDatabase();

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const admin = sessionUser({ role: "admin", email: "admin@example.test", name: "Ada Admin" });

/** A browser's GET: the route's :slug is the path's last segment. */
function call(
  path: string,
  { user = null, ip = "203.0.113.1", userAgent = CHROME }: { user?: RouteCall["user"]; ip?: string; userAgent?: string } = {},
): RouteCall {
  return {
    path,
    user,
    clientIp: ip,
    headers: { "user-agent": userAgent },
    params: { slug: new URL(path, "http://x").pathname.split("/").pop()! },
  };
}

const viewsOf = async (slug: string) =>
  (await database().db.select({ viewCount: posts.viewCount }).from(posts).where(eq(posts.slug, slug)))[0].viewCount;

beforeAll(async () => {
  await seedDemoContent(database().db);
});

describe("blog list loader", () => {
  it("lists the 9 demo posts newest first, each with its author", async () => {
    const result = await callLoader(blogList, call("/blog"));
    expect(result.total).toBe(9);
    expect(result.posts).toHaveLength(9);
    expect(result.posts[0].slug).toBe("ship-before-you-feel-ready");
    expect(result.posts.every((post) => post.author?.name === "Maya Chen")).toBe(true);
  });

  it("redirects an address with defaults or junk to the tidy one", async () => {
    const response = await thrownResponse(callLoader(blogList, call("/blog?q=&category=shopify&sort=newest&page=1")));
    expect(response).toMatchObject({ status: 302, location: "/blog?category=shopify" });
    expect(await thrownResponse(callLoader(blogList, call("/blog?sort=nonsense")))).toMatchObject({ status: 302, location: "/blog" });
  });
});

describe("blog post loader", () => {
  it("renders the long demo posts with h2/h3 headings for the table of contents", async () => {
    for (const slug of ["how-to-price-your-products", "first-n8n-workflow-order-alerts"]) {
      const result = await callLoader(blogPost, call(`/blog/${slug}`, { ip: `198.51.100.${slug.length}` }));
      expect(result.headings.some((heading) => heading.level === 2)).toBe(true);
      expect(result.headings.some((heading) => heading.level === 3)).toBe(true);
      for (const heading of result.headings) expect(result.html).toContain(`id="${heading.id}"`);
      expect(result.related.length).toBeLessThanOrEqual(3);
      expect(result.related.map((post) => post.slug)).not.toContain(slug);
      expect(result.post).not.toHaveProperty("contentMd");
    }
  });

  it("answers 404 for an unknown slug and for a draft, but previews a draft for an admin", async () => {
    const slug = unique("draft-post");
    await database()
      .db.insert(posts)
      .values({ title: "Secret draft", slug, contentMd: "## Soon", status: "draft", category: "Announcements" });

    expect(await thrownResponse(callLoader(blogPost, call("/blog/no-such-post")))).toMatchObject({ status: 404 });
    expect(await thrownResponse(callLoader(blogPost, call(`/blog/${slug}`)))).toMatchObject({ status: 404 });

    const preview = await callLoader(blogPost, call(`/blog/${slug}`, { user: admin }));
    expect(preview).toMatchObject({ preview: true, post: { title: "Secret draft", status: "draft" } });
    // A preview is not a view.
    expect(await viewsOf(slug)).toBe(0);
  });

  it("counts a visitor's view once a day, and never a bot's", async () => {
    const slug = "the-90-minute-weekly-review";
    const before = await viewsOf(slug);
    await callLoader(blogPost, call(`/blog/${slug}`, { ip: "192.0.2.10" }));
    await callLoader(blogPost, call(`/blog/${slug}`, { ip: "192.0.2.10" }));
    expect(await viewsOf(slug)).toBe(before + 1);
    await callLoader(blogPost, call(`/blog/${slug}`, { ip: "192.0.2.11" }));
    expect(await viewsOf(slug)).toBe(before + 2);
    await callLoader(
      blogPost,
      call(`/blog/${slug}`, { ip: "192.0.2.12", userAgent: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" }),
    );
    expect(await viewsOf(slug)).toBe(before + 2);
  });
});

describe("RSS feed", () => {
  it("serves RSS 2.0 with the right content type and absolute links", async () => {
    const response = await callLoader(rss, call("/blog/rss.xml"));
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain("<link>http://localhost:3000/blog/how-to-price-your-products</link>");
    expect(xml.match(/<item>/g)).toHaveLength(9);
    expect(xml).toContain(`<title>${DEFAULT_SITE_SETTINGS.schoolName} Blog</title>`);
  });
});
