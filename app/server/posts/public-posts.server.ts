import { formatDate } from "~/lib/dates";
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { BLOG_PAGE_SIZE, blogCategoryFromSlug, type BlogFilters } from "~/lib/blog-filters";
import { db, type Queryable } from "~/server/db/client.server";
import { posts, postViews, users } from "~/server/db/schema";
import { containsPattern } from "~/server/db/like.server";
import { escapeXml } from "~/lib/xml";
import { countableVisitor, seenToday } from "~/server/visitor-hash.server";
import { pageWindow } from "~/server/db/pagination.server";

/** What a post card shows; dates are formatted here so server and browser render the same text. */
export type BlogPostCard = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  coverUrl: string | null;
  readingMinutes: number;
  publishedAt: string | null;
  publishedLabel: string | null;
  author: { name: string; image: string | null } | null;
};

const cardColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  category: posts.category,
  coverUrl: posts.coverUrl,
  readingMinutes: posts.readingMinutes,
  publishedAt: posts.publishedAt,
  authorName: users.name,
  authorImage: users.image,
};

type CardRow = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  coverUrl: string | null;
  readingMinutes: number;
  publishedAt: Date | null;
  authorName: string | null;
  authorImage: string | null;
};

function toCard(row: CardRow): BlogPostCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    coverUrl: row.coverUrl,
    readingMinutes: row.readingMinutes,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedLabel: row.publishedAt ? formatDate(row.publishedAt) : null,
    author: row.authorName ? { name: row.authorName, image: row.authorImage } : null,
  };
}

const isPublished = eq(posts.status, "published");

function orderFor(sort: BlogFilters["sort"]): SQL[] {
  const newest = [sql`${posts.publishedAt} desc nulls last`, desc(posts.createdAt), asc(posts.id)];
  switch (sort) {
    case "popular":
      return [desc(posts.viewCount), ...newest];
    case "reading-time":
      // Quickest reads first.
      return [asc(posts.readingMinutes), ...newest];
    case "a-z":
      return [sql`lower(${posts.title}) asc`, asc(posts.title), asc(posts.id)];
    default:
      return newest;
  }
}

export type BlogPage = { posts: BlogPostCard[]; total: number; page: number; pageCount: number };

/** One page of published posts matching the filters, searched and sorted in SQL. */
export async function listPublishedPosts({
  filters,
  pageSize = BLOG_PAGE_SIZE,
  database = db(),
}: {
  filters: BlogFilters;
  pageSize?: number;
  database?: Queryable;
}): Promise<BlogPage> {
  const conditions: SQL[] = [isPublished];
  const category = blogCategoryFromSlug(filters.category);
  if (category) conditions.push(eq(posts.category, category));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(or(ilike(posts.title, pattern), ilike(posts.excerpt, pattern))!);
  }
  const where = and(...conditions);
  const total = await database.$count(posts, where);
  const { page, pageCount, offset } = pageWindow({ total, page: filters.page, pageSize });
  const rows = await database
    .select(cardColumns)
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(where)
    .orderBy(...orderFor(filters.sort))
    .limit(pageSize)
    .offset(offset);
  return { posts: rows.map(toCard), total, page, pageCount };
}

export type BlogPostDetail = BlogPostCard & {
  contentMd: string;
  tags: string[];
  status: string;
  viewCount: number;
  updatedAt: string;
};

/** A post by slug: published only, unless `includeDrafts` (an admin's preview). */
export async function getPostBySlug({
  slug,
  includeDrafts = false,
  database = db(),
}: {
  slug: string;
  includeDrafts?: boolean;
  database?: Queryable;
}): Promise<BlogPostDetail | null> {
  const [row] = await database
    .select({
      ...cardColumns,
      contentMd: posts.contentMd,
      tags: posts.tags,
      status: posts.status,
      viewCount: posts.viewCount,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(includeDrafts ? eq(posts.slug, slug) : and(eq(posts.slug, slug), isPublished))
    .limit(1);
  if (!row) return null;
  return {
    ...toCard(row),
    contentMd: row.contentMd,
    tags: row.tags,
    status: row.status,
    viewCount: row.viewCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Up to `limit` other published posts of the same category, newest first. */
export async function listRelatedPosts({
  postId,
  category,
  limit = 3,
  database = db(),
}: {
  postId: string;
  category: string;
  limit?: number;
  database?: Queryable;
}): Promise<BlogPostCard[]> {
  const rows = await database
    .select(cardColumns)
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(and(isPublished, eq(posts.category, category), ne(posts.id, postId)))
    .orderBy(...orderFor("newest"))
    .limit(limit);
  return rows.map(toCard);
}

/**
 * Counts a view of a post for Popular: once per visitor per (UTC) day, never for bots.
 * Returns whether the view counted.
 */
export async function recordPostView({
  postId,
  ip,
  userAgent,
  now = new Date(),
  database = db(),
}: {
  postId: string;
  ip: string;
  userAgent: string;
  now?: Date;
  database?: Queryable;
}): Promise<boolean> {
  const visitor = countableVisitor({ ip, userAgent, now, purpose: "post-views" });
  if (!visitor) return false;
  const { day, visitorHash } = visitor;
  return database.transaction(async (tx) => {
    const inserted = await tx
      .insert(postViews)
      .values({ postId, visitorHash, day })
      .onConflictDoNothing()
      .returning({ postId: postViews.postId });
    if (inserted.length === 0) return false;
    await tx
      .update(posts)
      .set({ viewCount: sql`${posts.viewCount} + 1`, updatedAt: sql`${posts.updatedAt}` })
      .where(eq(posts.id, postId));
    return true;
  });
}

/** Every published post's slug and last change, for the sitemap. */
/** Visitors already counted today per post, so a cached page's repeat views cost no database write. */
const countedToday = seenToday();

/**
 * Counts a view of a published post served from the page cache (its loader did not run):
 * the same rule as recordPostView, found by slug.
 */
export async function recordCachedPostView({
  slug,
  ip,
  userAgent,
  now = new Date(),
  database = db(),
}: {
  slug: string;
  ip: string;
  userAgent: string;
  now?: Date;
  database?: Queryable;
}): Promise<boolean> {
  const visitor = countableVisitor({ ip, userAgent, now, purpose: "post-views" });
  if (!visitor || countedToday(`${slug}\n${visitor.visitorHash}`)) return false;
  const [post] = await database
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slug, slug), isPublished))
    .limit(1);
  if (!post) return false;
  return recordPostView({ postId: post.id, ip, userAgent, now, database });
}

export async function listPublishedPostSlugs({ database = db() }: { database?: Queryable } = {}): Promise<
  { slug: string; updatedAt: Date }[]
> {
  return database
    .select({ slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(isPublished)
    .orderBy(...orderFor("newest"));
}

export type FeedPost = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  publishedAt: Date | null;
  authorName: string | null;
};

/** The latest published posts for the RSS feed. */
export async function listFeedPosts({ limit = 20, database = db() }: { limit?: number; database?: Queryable } = {}): Promise<FeedPost[]> {
  return database
    .select({
      slug: posts.slug,
      title: posts.title,
      excerpt: posts.excerpt,
      category: posts.category,
      publishedAt: posts.publishedAt,
      authorName: users.name,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(isPublished)
    .orderBy(...orderFor("newest"))
    .limit(limit);
}

/** An RSS 2.0 document for the posts, with absolute links under `publicUrl`. */
export function renderBlogRss({ posts: items, publicUrl, siteName }: { posts: FeedPost[]; publicUrl: string; siteName: string }) {
  const origin = publicUrl.replace(/\/+$/, "");
  const blogUrl = `${origin}/blog`;
  const lastBuild = items.find((item) => item.publishedAt)?.publishedAt ?? new Date(0);
  const entries = items.map((item) => {
    const link = `${origin}/blog/${encodeURIComponent(item.slug)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <description>${escapeXml(item.excerpt)}</description>`,
      `      <category>${escapeXml(item.category)}</category>`,
      item.authorName ? `      <dc:creator>${escapeXml(item.authorName)}</dc:creator>` : null,
      item.publishedAt ? `      <pubDate>${item.publishedAt.toUTCString()}</pubDate>` : null,
      "    </item>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`${siteName} Blog`)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(`Articles on Shopify, AI, automation and execution from ${siteName}.`)}</description>`,
    "    <language>en</language>",
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
