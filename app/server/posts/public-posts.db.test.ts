import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_BLOG_FILTERS, type BlogFilters } from "~/lib/blog-filters";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import {
  getPostBySlug,
  listFeedPosts,
  listPublishedPosts,
  listPublishedPostSlugs,
  listRelatedPosts,
  recordPostView,
  renderBlogRss,
} from "./public-posts.server";
import { hashVisitor } from "~/server/visitor-hash.server";
import { escapeXml } from "~/lib/xml";
import { posts, postViews, users, type NewPost } from "~/server/db/schema";

const database = useTestDatabase();

async function createAuthor(name = "Maya Chen") {
  const id = unique("user");
  await database()
    .db.insert(users)
    .values({ id, name, email: `${id}@example.test`, image: "/images/demo/instructor.webp" });
  return id;
}

async function createPost(values: Partial<NewPost> & { title: string }) {
  const slug = values.slug ?? unique("post");
  const [row] = await database()
    .db.insert(posts)
    .values({
      excerpt: "An excerpt.",
      contentMd: "Body",
      category: "Shopify",
      status: "published",
      publishedAt: new Date("2025-01-01T00:00:00Z"),
      ...values,
      slug,
    })
    .returning({ id: posts.id, slug: posts.slug });
  return row;
}

const filters = (overrides: Partial<BlogFilters>): BlogFilters => ({ ...DEFAULT_BLOG_FILTERS, ...overrides });

describe("listPublishedPosts", () => {
  it("lists published posts only, newest first, with author, category, date and reading time", async () => {
    const token = unique("list");
    const authorId = await createAuthor("Maya Chen");
    await createPost({
      title: `${token} older`,
      publishedAt: new Date("2024-03-18T00:00:00Z"),
      authorId,
      readingMinutes: 4,
      category: "Execution",
    });
    await createPost({ title: `${token} newer`, publishedAt: new Date("2025-04-14T00:00:00Z"), authorId, readingMinutes: 7 });
    await createPost({ title: `${token} draft`, status: "draft", publishedAt: null });

    const result = await listPublishedPosts({ filters: filters({ q: token }) });

    expect(result.total).toBe(2);
    expect(result.posts.map((post) => post.title)).toEqual([`${token} newer`, `${token} older`]);
    expect(result.posts[0]).toMatchObject({
      category: "Shopify",
      readingMinutes: 7,
      publishedLabel: "Apr 14, 2025",
      author: { name: "Maya Chen", image: "/images/demo/instructor.webp" },
    });
    expect(result.posts[1]).toMatchObject({ category: "Execution", publishedLabel: "Mar 18, 2024" });
  });

  it("paginates, and clamps a page past the end to the last page", async () => {
    const token = unique("page");
    for (let day = 1; day <= 5; day++) await createPost({ title: `${token} ${day}`, publishedAt: new Date(`2025-02-0${day}T00:00:00Z`) });

    const first = await listPublishedPosts({ filters: filters({ q: token }), pageSize: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, pageCount: 3 });
    expect(first.posts.map((post) => post.title)).toEqual([`${token} 5`, `${token} 4`]);

    const last = await listPublishedPosts({ filters: filters({ q: token, page: 3 }), pageSize: 2 });
    expect(last.posts.map((post) => post.title)).toEqual([`${token} 1`]);

    const beyond = await listPublishedPosts({ filters: filters({ q: token, page: 99 }), pageSize: 2 });
    expect(beyond.page).toBe(3);
    expect(beyond.posts.map((post) => post.title)).toEqual([`${token} 1`]);
  });

  it("filters by category", async () => {
    const token = unique("cat");
    await createPost({ title: `${token} shop`, category: "Shopify" });
    await createPost({ title: `${token} ai`, category: "AI / ChatGPT" });
    await createPost({ title: `${token} news`, category: "Announcements" });

    const ai = await listPublishedPosts({ filters: filters({ q: token, category: "ai-chatgpt" }) });
    expect(ai.posts.map((post) => post.title)).toEqual([`${token} ai`]);
    const all = await listPublishedPosts({ filters: filters({ q: token }) });
    expect(all.total).toBe(3);
  });

  it("searches title and excerpt case-insensitively, with % and _ taken literally", async () => {
    const token = unique("srch");
    await createPost({ title: `Pricing ${token} guide`, excerpt: "About margins." });
    await createPost({ title: "Something else", excerpt: `Mentions ${token.toUpperCase()} in the excerpt.` });
    await createPost({ title: "Unrelated", excerpt: "Nothing here." });
    await createPost({ title: `${token} 100% off`, excerpt: "Sale." });

    const found = await listPublishedPosts({ filters: filters({ q: token }) });
    expect(found.posts.map((post) => post.title).sort()).toEqual([`${token} 100% off`, `Pricing ${token} guide`, "Something else"].sort());

    const percent = await listPublishedPosts({ filters: filters({ q: `${token} 100%` }) });
    expect(percent.posts.map((post) => post.title)).toEqual([`${token} 100% off`]);
    const wildcard = await listPublishedPosts({ filters: filters({ q: `${token}%guide` }) });
    expect(wildcard.total).toBe(0);
    const underscore = await listPublishedPosts({ filters: filters({ q: `Pricing_${token}` }) });
    expect(underscore.total).toBe(0);
  });

  it("sorts by views, reading time and title", async () => {
    const token = unique("sort");
    await createPost({ title: `${token} Banana`, viewCount: 10, readingMinutes: 9, publishedAt: new Date("2025-01-03T00:00:00Z") });
    await createPost({ title: `${token} apple`, viewCount: 500, readingMinutes: 3, publishedAt: new Date("2025-01-01T00:00:00Z") });
    await createPost({ title: `${token} Cherry`, viewCount: 42, readingMinutes: 5, publishedAt: new Date("2025-01-02T00:00:00Z") });

    const titles = async (sort: BlogFilters["sort"]) =>
      (await listPublishedPosts({ filters: filters({ q: token, sort }) })).posts.map((post) => post.title.replace(`${token} `, ""));
    expect(await titles("newest")).toEqual(["Banana", "Cherry", "apple"]);
    expect(await titles("popular")).toEqual(["apple", "Cherry", "Banana"]);
    expect(await titles("reading-time")).toEqual(["apple", "Cherry", "Banana"]);
    expect(await titles("a-z")).toEqual(["apple", "Banana", "Cherry"]);
  });
});

describe("getPostBySlug", () => {
  it("finds a published post and hides a draft unless drafts are included", async () => {
    const published = await createPost({ title: "Visible", contentMd: "## Hello" });
    const draft = await createPost({ title: "Hidden", status: "draft", publishedAt: null });

    expect(await getPostBySlug({ slug: published.slug })).toMatchObject({ title: "Visible", contentMd: "## Hello", status: "published" });
    expect(await getPostBySlug({ slug: draft.slug })).toBeNull();
    expect(await getPostBySlug({ slug: draft.slug, includeDrafts: true })).toMatchObject({
      title: "Hidden",
      status: "draft",
      publishedLabel: null,
    });
    expect(await getPostBySlug({ slug: "no-such-post" })).toBeNull();
  });
});

describe("listRelatedPosts", () => {
  it("returns up to 3 other published posts of the same category, newest first", async () => {
    // A category of its own for this test: Announcements is used nowhere else in this file.
    const current = await createPost({ title: "Current", category: "Announcements", publishedAt: new Date("2025-06-01T00:00:00Z") });
    await createPost({ title: "Rel 1", category: "Announcements", publishedAt: new Date("2025-05-01T00:00:00Z") });
    await createPost({ title: "Rel 2", category: "Announcements", publishedAt: new Date("2025-07-01T00:00:00Z") });
    await createPost({ title: "Rel 3", category: "Announcements", publishedAt: new Date("2025-03-01T00:00:00Z") });
    await createPost({ title: "Rel 4 oldest", category: "Announcements", publishedAt: new Date("2024-01-01T00:00:00Z") });
    await createPost({ title: "Rel draft", category: "Announcements", status: "draft", publishedAt: new Date("2026-01-01T00:00:00Z") });
    await createPost({ title: "Other category", category: "Automation", publishedAt: new Date("2026-01-01T00:00:00Z") });

    const related = await listRelatedPosts({ postId: current.id, category: "Announcements" });
    expect(related.map((post) => post.title)).toEqual(["Rel 2", "Rel 1", "Rel 3"]);
  });
});

describe("recordPostView", () => {
  const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
  const viewsOf = async (id: string) =>
    (await database().db.select({ viewCount: posts.viewCount }).from(posts).where(eq(posts.id, id)))[0].viewCount;

  it("counts a visitor once a day, again the next day, and never a bot", async () => {
    const post = await createPost({ title: "Counted", viewCount: 0 });
    const morning = new Date("2026-03-01T08:00:00Z");
    const evening = new Date("2026-03-01T22:00:00Z");
    const nextDay = new Date("2026-03-02T09:00:00Z");

    expect(await recordPostView({ postId: post.id, ip: "203.0.113.5", userAgent: chrome, now: morning })).toBe(true);
    expect(await recordPostView({ postId: post.id, ip: "203.0.113.5", userAgent: chrome, now: evening })).toBe(false);
    expect(await viewsOf(post.id)).toBe(1);

    expect(await recordPostView({ postId: post.id, ip: "198.51.100.7", userAgent: chrome, now: evening })).toBe(true);
    expect(await recordPostView({ postId: post.id, ip: "203.0.113.5", userAgent: chrome, now: nextDay })).toBe(true);
    expect(await viewsOf(post.id)).toBe(3);

    expect(
      await recordPostView({
        postId: post.id,
        ip: "203.0.113.9",
        userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
        now: morning,
      }),
    ).toBe(false);
    expect(await recordPostView({ postId: post.id, ip: "203.0.113.9", userAgent: "", now: morning })).toBe(false);
    expect(await viewsOf(post.id)).toBe(3);

    const rows = await database().db.select().from(postViews).where(eq(postViews.postId, post.id));
    expect(rows).toHaveLength(3);
    // Only a hash is stored, never the address.
    for (const row of rows) expect(row.visitorHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("does not touch the post's updated_at", async () => {
    const updatedAt = new Date("2025-01-05T00:00:00Z");
    const post = await createPost({ title: "Stable", updatedAt });
    await recordPostView({ postId: post.id, ip: "192.0.2.1", userAgent: chrome });
    const [row] = await database().db.select({ updatedAt: posts.updatedAt }).from(posts).where(eq(posts.id, post.id));
    expect(row.updatedAt.toISOString()).toBe(updatedAt.toISOString());
  });

  it("hashes with a daily salt", () => {
    const base = { ip: "192.0.2.1", userAgent: chrome, secret: "s".repeat(32) };
    expect(hashVisitor({ ...base, day: "2026-03-01" })).toBe(hashVisitor({ ...base, day: "2026-03-01" }));
    expect(hashVisitor({ ...base, day: "2026-03-01" })).not.toBe(hashVisitor({ ...base, day: "2026-03-02" }));
  });
});

describe("feed and sitemap data", () => {
  it("lists the latest 20 published posts for the feed, and renders escaped RSS with absolute links", async () => {
    const token = unique("feed");
    for (let index = 0; index < 22; index++) {
      await createPost({ title: `${token} #${index}`, slug: `${token}-${index}`, publishedAt: new Date(Date.UTC(2030, 0, 1 + index)) });
    }
    await createPost({ title: `${token} draft`, status: "draft", publishedAt: new Date(Date.UTC(2031, 0, 1)) });
    const authorId = await createAuthor("Ana <Ops> & Co");
    await createPost({
      title: `Tips & "tricks" <b>${token}</b>`,
      slug: `${token}-escape`,
      excerpt: "Less < more & 'quotes'",
      authorId,
      publishedAt: new Date(Date.UTC(2030, 5, 1)),
    });

    const feed = await listFeedPosts();
    expect(feed).toHaveLength(20);
    expect(feed[0].slug).toBe(`${token}-escape`);
    expect(feed[1].slug).toBe(`${token}-21`);
    expect(feed.map((post) => post.title)).not.toContain(`${token} draft`);

    const xml = renderBlogRss({ posts: feed, publicUrl: "https://school.example/", siteName: "Test School" });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain(`<title>Tips &amp; &quot;tricks&quot; &lt;b&gt;${token}&lt;/b&gt;</title>`);
    expect(xml).toContain("<description>Less &lt; more &amp; &apos;quotes&apos;</description>");
    expect(xml).toContain("<dc:creator>Ana &lt;Ops&gt; &amp; Co</dc:creator>");
    expect(xml).toContain(`<link>https://school.example/blog/${token}-escape</link>`);
    expect(xml).toContain(`<guid isPermaLink="true">https://school.example/blog/${token}-21</guid>`);
    expect(xml).toContain("<pubDate>Sat, 01 Jun 2030 00:00:00 GMT</pubDate>");
    expect(xml).toContain('<atom:link href="https://school.example/blog/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml.match(/<item>/g)).toHaveLength(20);
  });

  it("escapes XML and drops characters XML cannot carry", () => {
    expect(escapeXml(`a & b < c > d " e ' f \u0001g`)).toBe("a &amp; b &lt; c &gt; d &quot; e &apos; f g");
  });

  it("lists published slugs with their last change for the sitemap", async () => {
    const published = await createPost({ title: "In sitemap", updatedAt: new Date("2025-02-02T00:00:00Z") });
    const draft = await createPost({ title: "Not in sitemap", status: "draft", publishedAt: null });
    const slugs = await listPublishedPostSlugs();
    expect(slugs).toContainEqual({ slug: published.slug, updatedAt: new Date("2025-02-02T00:00:00Z") });
    expect(slugs.map((row) => row.slug)).not.toContain(draft.slug);
  });
});
