import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, sessionUser, toastAfter, type ActionCall } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as blogEdit from "~/routes/admin/blog-edit";
import * as blogList from "~/routes/admin/blog";
import * as blogNew from "~/routes/admin/blog-new";
import { posts, users } from "~/server/db/schema";
import { getDashboardCounts } from "~/routes/admin/dashboard.server";
import { listAdminPosts, savePost, setPostStatus, uniquePostSlug } from "./admin-posts.server";
import { expectErrorLogs } from "../../../tests/support/error-logs";

const database = useTestDatabase();

const admin = sessionUser({ role: "admin", name: "Ada Admin" });

beforeAll(async () => {
  await database().db.insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin", emailVerified: true });
});

/** Submits an editor or list form as the admin. */
function submit<M extends Parameters<typeof callAction>[0]>(
  module: M,
  path: string,
  form: ActionCall["form"],
  params?: ActionCall["params"],
) {
  return callAction(module, { path, form, params, user: admin });
}

async function postBySlug(slug: string) {
  const [post] = await database().db.select().from(posts).where(eq(posts.slug, slug));
  return post;
}

const body = "A paragraph of text for the post body.";

/** An action's answer that stays on the page: its data (with the toast) and its status. */
type Answer = { data: { toast: { kind: string; message: string } }; init?: { status?: number } };

describe("saving from the editor", () => {
  it("creates a published post: slug from the title, author, tags trimmed, reading time, published_at now", async () => {
    const title = `Price Your Products! ${unique("p")}`;
    const before = Date.now();
    const response = (await submit(blogNew, "/admin/blog/new", {
      intent: "publish",
      title,
      slug: "",
      excerpt: "Short",
      category: "Shopify",
      contentMd: body,
      tags: " pricing ,  shopify,, ",
      coverUrl: "/media/media/posts/temp/cover-1.png",
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/blog");
    expect(await toastAfter(response)).toMatchObject({ kind: "success", message: "Post published successfully" });
    const post = await postBySlug(title.toLowerCase().replace(/!/g, "").replace(/ /g, "-"));
    expect(post).toMatchObject({
      title,
      status: "published",
      authorId: admin.id,
      category: "Shopify",
      tags: ["pricing", "shopify"],
      readingMinutes: 1,
      coverUrl: "/media/media/posts/temp/cover-1.png",
    });
    expect(post.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("creates a draft with no published_at", async () => {
    const slug = unique("draft");
    await submit(blogNew, "/admin/blog/new", { intent: "draft", title: "A draft", slug, contentMd: body, category: "Execution" });
    expect(await postBySlug(slug)).toMatchObject({ status: "draft", publishedAt: null });
  });

  it("refuses a post without title or content with the spec's message, keeping what was typed, and saves nothing", async () => {
    const slug = unique("invalid");
    for (const form of [
      { intent: "publish", title: "", slug, contentMd: body, excerpt: "kept" },
      { intent: "draft", title: "Only a title", slug, contentMd: "   ", excerpt: "kept" },
    ]) {
      const result = (await submit(blogNew, "/admin/blog/new", form)) as unknown as {
        data: { toast: { kind: string; message: string }; values: { excerpt: string; title: string } };
        init: { status: number };
      };
      expect(result.init.status).toBe(400);
      expect(result.data.toast).toMatchObject({ kind: "error", message: "Title and content are required" });
      expect(result.data.values).toMatchObject({ excerpt: "kept", title: form.title });
    }
    expect(await postBySlug(slug)).toBeUndefined();
  });

  it("saving or deleting a post that is gone answers 404 with the spec's message, keeping what was typed", async () => {
    const gone = "00000000-0000-4000-8000-000000000000";
    const saved = (await submit(
      blogEdit,
      `/admin/blog/${gone}/edit`,
      { intent: "draft", title: "Typed", contentMd: body },
      { id: gone },
    )) as unknown as Answer & { data: { values: { title: string } } };
    expect(saved.init?.status).toBe(404);
    expect(saved.data.toast).toMatchObject({ kind: "error", message: "Post not found" });
    expect(saved.data.values.title).toBe("Typed");
    const deleted = (await submit(blogEdit, `/admin/blog/${gone}/edit`, { intent: "delete" }, { id: gone })) as unknown as Answer;
    expect(deleted.init?.status).toBe(404);
    expect(deleted.data.toast.message).toBe("Failed to delete post");
  });

  it("stamps published_at on edit only when it was never set", async () => {
    const slug = unique("edit");
    await submit(blogNew, "/admin/blog/new", { intent: "draft", title: "Draft first", slug, contentMd: body });
    const draft = await postBySlug(slug);
    expect(draft.publishedAt).toBeNull();

    await submit(
      blogEdit,
      `/admin/blog/${draft.id}/edit`,
      { intent: "publish", title: "Now live", slug, contentMd: body },
      { id: draft.id },
    );
    const live = await postBySlug(slug);
    expect(live).toMatchObject({ title: "Now live", status: "published" });
    expect(live.publishedAt).not.toBeNull();

    await submit(
      blogEdit,
      `/admin/blog/${draft.id}/edit`,
      { intent: "draft", title: "Back to draft", slug, contentMd: body },
      { id: draft.id },
    );
    await submit(
      blogEdit,
      `/admin/blog/${draft.id}/edit`,
      { intent: "publish", title: "Live again", slug, contentMd: `${body} more` },
      { id: draft.id },
    );
    const again = await postBySlug(slug);
    expect(again.status).toBe("published");
    expect(again.publishedAt!.getTime()).toBe(live.publishedAt!.getTime());
    // author stays the creator; reading time is recomputed on every save
    expect(again.authorId).toBe(admin.id);
  });

  it("recomputes reading time at every save", async () => {
    const slug = unique("reading");
    const saved = await savePost({
      authorId: admin.id,
      publish: false,
      input: { title: "Reading", slug, excerpt: "", category: "Automation", contentMd: "word ".repeat(50), tags: [], coverUrl: "" },
    });
    expect((await postBySlug(saved.slug)).readingMinutes).toBe(1);
    await savePost({
      id: saved.id,
      authorId: admin.id,
      publish: false,
      input: { title: "Reading", slug, excerpt: "", category: "Automation", contentMd: "word ".repeat(220 * 5), tags: [], coverUrl: "" },
    });
    expect((await postBySlug(saved.slug)).readingMinutes).toBe(5);
  });
});

describe("slugs", () => {
  it("appends -1, -2 … when the slug is taken, and a post keeps its own slug on edit", async () => {
    const title = `Same Title ${unique("s")}`;
    const input = { title, slug: "", excerpt: "", category: "Automation", contentMd: body, tags: [], coverUrl: "" };
    const first = await savePost({ authorId: admin.id, publish: false, input });
    const second = await savePost({ authorId: admin.id, publish: false, input });
    const third = await savePost({ authorId: admin.id, publish: true, input });
    const base = first.slug;
    expect([first.slug, second.slug, third.slug]).toEqual([base, `${base}-1`, `${base}-2`]);
    const edited = await savePost({ id: second.id, authorId: admin.id, publish: false, input: { ...input, slug: second.slug } });
    expect(edited.slug).toBe(`${base}-1`);
    // Asking for a taken slug by hand gets the next free one.
    const renamed = await savePost({ id: third.id, authorId: admin.id, publish: true, input: { ...input, slug: base } });
    expect(renamed.slug).toBe(`${base}-2`);
  });

  it("cleans a typed slug with the slug rule", async () => {
    const suffix = unique("c");
    const saved = await savePost({
      authorId: admin.id,
      publish: false,
      input: {
        title: "x",
        slug: `  My  Great -- Post!! ${suffix} `,
        excerpt: "",
        category: "Automation",
        contentMd: body,
        tags: [],
        coverUrl: "",
      },
    });
    expect(saved.slug).toBe(`my-great-post-${suffix}`);
  });

  it("does not treat regex characters or other families as taken", async () => {
    const base = unique("family");
    await database()
      .db.insert(posts)
      .values([
        { title: "a", slug: `${base}-extra` },
        { title: "b", slug: `${base}-2` },
      ]);
    expect(await uniquePostSlug(database().db, { base })).toBe(base);
    await database().db.insert(posts).values({ title: "c", slug: base });
    expect(await uniquePostSlug(database().db, { base })).toBe(`${base}-1`);
  });
});

describe("list, status and delete", () => {
  it("searches title and slug case-insensitively in SQL, treating % and _ literally", async () => {
    const marker = unique("needle");
    await database()
      .db.insert(posts)
      .values([
        { title: `Finding the ${marker.toUpperCase()} here`, slug: unique("n1") },
        { title: "Elsewhere", slug: `${marker}-in-slug` },
        { title: "100% unrelated", slug: unique("n3") },
      ]);
    const found = await listAdminPosts({ query: marker });
    expect(found.total).toBe(2);
    const percent = await listAdminPosts({ query: "100%" });
    expect(percent.posts.map((post) => post.title)).toContain("100% unrelated");
    expect((await listAdminPosts({ query: "%" })).posts.every((post) => post.title.includes("%") || post.slug.includes("%"))).toBe(true);
  });

  it("pages 20 at a time, newest update first", async () => {
    const marker = unique("page");
    const base = new Date("2024-01-01T00:00:00Z").getTime();
    await database()
      .db.insert(posts)
      .values(
        Array.from({ length: 23 }, (_, i) => ({ title: `${marker} ${i}`, slug: `${marker}-${i}`, updatedAt: new Date(base + i * 60_000) })),
      );
    const first = await listAdminPosts({ query: marker });
    expect(first).toMatchObject({ total: 23, pageCount: 2, page: 1 });
    expect(first.posts).toHaveLength(20);
    expect(first.posts[0].title).toBe(`${marker} 22`);
    const second = await listAdminPosts({ query: marker, page: 2 });
    expect(second.posts.map((post) => post.title)).toEqual([`${marker} 2`, `${marker} 1`, `${marker} 0`]);
  });

  it("toggles status from the list with the spec's toasts; unpublish keeps published_at", async () => {
    const slug = unique("toggle");
    const [post] = await database().db.insert(posts).values({ title: "Toggle", slug }).returning();
    const published = (await submit(blogList, "/admin/blog", { intent: "publish", id: post.id })) as unknown as Answer;
    expect(published.data.toast).toMatchObject({ kind: "success", message: "Post published successfully" });
    const stamped = (await postBySlug(slug)).publishedAt;
    expect(stamped).not.toBeNull();
    const unpublished = (await submit(blogList, "/admin/blog", { intent: "unpublish", id: post.id })) as unknown as Answer;
    expect(unpublished.data.toast.message).toBe("Post unpublished successfully");
    expect(await postBySlug(slug)).toMatchObject({ status: "draft", publishedAt: stamped });
    await setPostStatus({ id: post.id, status: "published" });
    expect((await postBySlug(slug)).publishedAt).toEqual(stamped);
  });

  it("deletes with 'Post deleted successfully', and a missing post fails with 'Failed to delete post'", async () => {
    const slug = unique("delete");
    const [post] = await database().db.insert(posts).values({ title: "Delete me", slug }).returning();
    const deleted = (await submit(blogList, "/admin/blog", { intent: "delete", id: post.id })) as unknown as Answer;
    expect(deleted.data.toast.message).toBe("Post deleted successfully");
    expect(await postBySlug(slug)).toBeUndefined();
    const again = (await submit(blogList, "/admin/blog", { intent: "delete", id: post.id })) as unknown as Answer;
    expect(again.init?.status).toBe(404);
    expect(again.data.toast).toMatchObject({ kind: "error", message: "Failed to delete post" });
    const status = (await submit(blogList, "/admin/blog", { intent: "publish", id: "not-a-uuid" })) as unknown as Answer;
    expect(status.init?.status).toBe(404);
    expect(status.data.toast.message).toBe("Failed to update post status");
  });

  it("answers 400 to an unknown intent and changes nothing", async () => {
    const slug = unique("unknown");
    const [post] = await database().db.insert(posts).values({ title: "Stays", slug }).returning();
    for (const intent of ["archive", ""]) {
      const result = (await submit(blogList, "/admin/blog", { intent, id: post.id })) as unknown as {
        data: { errors: Record<string, string[]> };
        init: { status: number };
      };
      expect(result.init.status).toBe(400);
      expect(result.data.errors.intent).toHaveLength(1);
    }
    const edit = (await submit(blogEdit, `/admin/blog/${post.id}/edit`, { intent: "archive" }, { id: post.id })) as unknown as {
      data: { toast: { message: string } };
      init: { status: number };
    };
    expect(edit.init.status).toBe(400);
    expect(edit.data.toast.message).toBe("Failed to save post");
    // The new-post form has no delete.
    const remove = (await submit(blogNew, "/admin/blog/new", { intent: "delete", id: post.id })) as unknown as {
      init: { status: number };
    };
    expect(remove.init.status).toBe(400);
    expect(await postBySlug(slug)).toMatchObject({ title: "Stays", status: "draft" });
  });
});

describe("dashboard counts", () => {
  it("computes each count on its own: one failing gives null, the others still count", async () => {
    expectErrorLogs(/dashboard count failed/);
    const counts = await getDashboardCounts({
      users: async () => 3,
      newUsers: async () => {
        throw new Error("boom");
      },
      courses: async () => 1,
      lessons: async () => 2,
      publishedPosts: async () => 4,
      draftPosts: async () => 5,
      unansweredQuestions: async () => 6,
    });
    expect(counts).toEqual({ users: 3, newUsers: null, courses: 1, lessons: 2, publishedPosts: 4, draftPosts: 5, unansweredQuestions: 6 });
  });

  it("counts posts by status, and users with those who joined in the last 7 days, from the database", async () => {
    const before = await getDashboardCounts();
    await database()
      .db.insert(posts)
      .values([
        { title: "p", slug: unique("cp"), status: "published", publishedAt: new Date() },
        { title: "d", slug: unique("cd"), status: "draft" },
        { title: "d2", slug: unique("cd"), status: "draft", publishedAt: new Date() },
      ]);
    const [recent, longAgo] = [unique("recent"), unique("long-ago")];
    await database()
      .db.insert(users)
      .values([
        { id: recent, email: `${recent}@example.test`, name: "Recent" },
        { id: longAgo, email: `${longAgo}@example.test`, name: "Long ago", createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) },
      ]);
    const after = await getDashboardCounts();
    expect(after.publishedPosts! - before.publishedPosts!).toBe(1);
    expect(after.draftPosts! - before.draftPosts!).toBe(2);
    expect(after.users! - before.users!).toBe(2);
    expect(after.newUsers! - before.newUsers!).toBe(1);
    expect([after.courses, after.lessons]).toEqual([before.courses, before.lessons]);
  });
});
