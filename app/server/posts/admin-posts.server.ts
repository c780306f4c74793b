import { count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { slugify } from "~/lib/slug";
import { isUuid } from "~/lib/uuid";
import { readingMinutes } from "~/lib/reading-time";
import { db, type Queryable } from "~/server/db/client.server";
import { type PublishStatus } from "~/lib/domain-values";
import { posts } from "~/server/db/schema";
import { containsPattern } from "~/server/db/like.server";
import { retryOnUniqueViolation, uniqueSlug } from "~/server/db/unique-slug.server";
import { pageWindow } from "~/server/db/pagination.server";

export const ADMIN_POSTS_PAGE_SIZE = 20;
/** Ids come from URLs: anything that is not a uuid can be no post (and must not reach a uuid column). */
export const isPostId = isUuid;

/** One page of every post (drafts included), newest update first, searched by title or slug. */
export async function listAdminPosts({
  query = "",
  page = 1,
  pageSize = ADMIN_POSTS_PAGE_SIZE,
}: {
  query?: string;
  page?: number;
  pageSize?: number;
}) {
  const search = query.trim();
  const where: SQL | undefined = search
    ? or(ilike(posts.title, containsPattern(search)), ilike(posts.slug, containsPattern(search)))
    : undefined;
  const [{ total }] = await db().select({ total: count() }).from(posts).where(where);
  const { page: current, pageCount, offset } = pageWindow({ total, page, pageSize });
  const rows = await db()
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      status: posts.status,
      category: posts.category,
      updatedAt: posts.updatedAt,
      publishedAt: posts.publishedAt,
    })
    .from(posts)
    .where(where)
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(pageSize)
    .offset(offset);
  return { posts: rows, total, page: current, pageCount };
}

export class PostNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`No post with id ${id}`);
    this.name = "PostNotFoundError";
  }
}

/** Publish or unpublish. `published_at` is stamped the first time only (Ghost's rule). */
export async function setPostStatus({ id, status }: { id: string; status: PublishStatus }) {
  if (!isPostId(id)) throw new PostNotFoundError(id);
  const [updated] = await db()
    .update(posts)
    .set({
      status,
      updatedAt: new Date(),
      ...(status === "published" ? { publishedAt: sql`coalesce(${posts.publishedAt}, now())` } : {}),
    })
    .where(eq(posts.id, id))
    .returning({ id: posts.id, status: posts.status, publishedAt: posts.publishedAt });
  if (!updated) throw new PostNotFoundError(id);
  return updated;
}

export async function deletePost({ id }: { id: string }) {
  if (!isPostId(id)) throw new PostNotFoundError(id);
  const deleted = await db().delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  if (deleted.length === 0) throw new PostNotFoundError(id);
}

/** The editor's fields of one post, or null. */
export async function getPostForEdit({ id }: { id: string }) {
  if (!isPostId(id)) return null;
  const [post] = await db()
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      excerpt: posts.excerpt,
      category: posts.category,
      contentMd: posts.contentMd,
      tags: posts.tags,
      coverUrl: posts.coverUrl,
      status: posts.status,
      publishedAt: posts.publishedAt,
    })
    .from(posts)
    .where(eq(posts.id, id));
  return post ?? null;
}

/** `base` made unique among posts: base, base-1, base-2, … (§5); `excludeId` keeps a post's own slug on edit. */
export function uniquePostSlug(database: Queryable, { base, excludeId }: { base: string; excludeId?: string }) {
  return uniqueSlug(database, { table: posts, slugColumn: posts.slug, idColumn: posts.id, base, excludeId });
}

export type PostInput = {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  contentMd: string;
  tags: string[];
  coverUrl: string;
};

/**
 * Creates (no `id`) or updates a post. The slug comes from the typed slug, or the title when
 * empty, and is made unique at save; reading time is recomputed every time; `published_at`
 * is set when the post is first published and never moved afterwards.
 */
export async function savePost({ id, authorId, input, publish }: { id?: string; authorId: string; input: PostInput; publish: boolean }) {
  const base = slugify(input.slug) || slugify(input.title) || "post";
  const fields = {
    title: input.title,
    excerpt: input.excerpt,
    category: input.category,
    contentMd: input.contentMd,
    tags: input.tags,
    coverUrl: input.coverUrl || null,
    readingMinutes: readingMinutes(input.contentMd),
    status: publish ? "published" : "draft",
  };
  // Two saves racing for the same slug: the loser sees the unique violation and picks again.
  return retryOnUniqueViolation(() =>
    db().transaction(async (tx) => {
      if (id) {
        if (!isPostId(id)) throw new PostNotFoundError(id);
        const slug = await uniquePostSlug(tx, { base, excludeId: id });
        const [updated] = await tx
          .update(posts)
          .set({
            ...fields,
            slug,
            updatedAt: new Date(),
            ...(publish ? { publishedAt: sql`coalesce(${posts.publishedAt}, now())` } : {}),
          })
          .where(eq(posts.id, id))
          .returning({ id: posts.id, slug: posts.slug, status: posts.status, publishedAt: posts.publishedAt });
        if (!updated) throw new PostNotFoundError(id);
        return updated;
      }
      const slug = await uniquePostSlug(tx, { base });
      const [created] = await tx
        .insert(posts)
        .values({ ...fields, slug, authorId, publishedAt: publish ? new Date() : null })
        .returning({ id: posts.id, slug: posts.slug, status: posts.status, publishedAt: posts.publishedAt });
      return created;
    }),
  );
}

/** How many posts have this status. */
export async function countPosts({ status }: { status: PublishStatus }) {
  return db().$count(posts, eq(posts.status, status));
}

/** The newest posts first, drafts included. */
export async function listRecentPosts({ limit }: { limit: number }) {
  return db()
    .select({ id: posts.id, title: posts.title, status: posts.status, publishedAt: posts.publishedAt, createdAt: posts.createdAt })
    .from(posts)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}
