import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { sessionUserContext, type SessionUser } from "~/server/auth/session.server";
import { posts, users } from "~/server/db/schema";
import * as blogEdit from "./blog-edit";
import * as blogList from "./blog";
import * as blogNew from "./blog-new";
import * as dashboard from "./dashboard";
import * as layout from "./layout";
import * as markdownPreview from "~/routes/resources/markdown-preview";
import * as setupSql from "./setup-sql";

const database = useTestDatabase();

function sessionUser(role: SessionUser["role"]): SessionUser {
  const id = unique(role);
  return { id, email: `${id}@example.com`, name: `Test ${role}`, image: null, role, emailVerified: true, createdAt: new Date() };
}

const admin = sessionUser("admin");
const superAdmin = sessionUser("super_admin");
const learner = sessionUser("user");
let postId = "";

function contextFor(user: SessionUser | null) {
  const context = new RouterContextProvider();
  context.set(sessionUserContext, user);
  return context;
}

function request(path: string, form?: Record<string, string>) {
  const url = `http://localhost:3000${path}`;
  if (!form) return new Request(url);
  return new Request(url, { method: "POST", body: new URLSearchParams(form) });
}

type Outcome =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "denied"; status: number; data: unknown }
  | { kind: "ok"; value: unknown };

/** Runs a loader or action the way the router would, and says how it ended. */
async function outcome(run: () => unknown): Promise<Outcome> {
  try {
    const value = await run();
    if (value instanceof Response && value.status >= 300 && value.status < 400)
      return { kind: "redirect", status: value.status, location: value.headers.get("Location") ?? "" };
    return { kind: "ok", value };
  } catch (thrown) {
    if (thrown instanceof Response) return { kind: "redirect", status: thrown.status, location: thrown.headers.get("Location") ?? "" };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { kind: "denied", status: init.status, data: (thrown as { data: unknown }).data };
    throw thrown;
  }
}

type AnyArgs = { request: Request; context: RouterContextProvider; params: Record<string, string> };
type Handler = (args: never) => unknown;

/** Every loader and action of the admin area, with a request that would otherwise succeed. */
function entryPoints(): { name: string; path: string; form?: Record<string, string>; params?: Record<string, string>; handler: Handler }[] {
  return [
    { name: "layout loader", path: "/admin", handler: layout.loader },
    { name: "dashboard loader", path: "/admin", handler: dashboard.loader },
    { name: "setup-sql loader", path: "/admin/setup-sql", handler: setupSql.loader },
    { name: "blog list loader", path: "/admin/blog", handler: blogList.loader },
    { name: "blog list action (publish)", path: "/admin/blog", form: { intent: "publish", id: postId }, handler: blogList.action },
    { name: "blog list action (delete)", path: "/admin/blog", form: { intent: "delete", id: postId }, handler: blogList.action },
    { name: "new post loader", path: "/admin/blog/new", handler: blogNew.loader },
    {
      name: "new post action",
      path: "/admin/blog/new",
      form: { intent: "publish", title: "Sneaky", content_md: "Body" },
      handler: blogNew.action,
    },
    { name: "edit post loader", path: `/admin/blog/${postId}/edit`, params: { id: postId }, handler: blogEdit.loader },
    {
      name: "edit post action (save)",
      path: `/admin/blog/${postId}/edit`,
      params: { id: postId },
      form: { intent: "publish", title: "Hijacked", content_md: "Body" },
      handler: blogEdit.action,
    },
    {
      name: "edit post action (delete)",
      path: `/admin/blog/${postId}/edit`,
      params: { id: postId },
      form: { intent: "delete", id: postId },
      handler: blogEdit.action,
    },
    { name: "markdown preview action", path: "/api/admin/markdown-preview", form: { content_md: "# Hi" }, handler: markdownPreview.action },
  ];
}

function call(
  handler: Handler,
  user: SessionUser | null,
  { path, form, params = {} }: { path: string; form?: Record<string, string>; params?: Record<string, string> },
) {
  const args: AnyArgs = { request: request(path, form), context: contextFor(user), params };
  return outcome(() => (handler as (args: AnyArgs) => unknown)(args));
}

beforeAll(async () => {
  const db = database().db;
  for (const user of [admin, superAdmin, learner])
    await db.insert(users).values({ id: user.id, email: user.email, name: user.name, role: user.role, emailVerified: true });
  const [post] = await db
    .insert(posts)
    .values({ title: "Guarded post", slug: unique("guarded"), contentMd: "Original", status: "draft" })
    .returning();
  postId = post.id;
});

describe("admin loaders and actions called directly", () => {
  it("send an anonymous caller to /login with the page to come back to", async () => {
    for (const entry of entryPoints()) {
      const result = await call(entry.handler, null, entry);
      expect(result, entry.name).toMatchObject({
        kind: "redirect",
        status: 302,
        location: `/login?next=${encodeURIComponent(entry.path)}`,
      });
    }
  });

  it("refuse a signed-in non-admin with 403 Access Denied and the debug info", async () => {
    for (const entry of entryPoints()) {
      const result = await call(entry.handler, learner, entry);
      expect(result, entry.name).toEqual({
        kind: "denied",
        status: 403,
        data: { accessDenied: true, user: learner.email, role: "user", isAdmin: false },
      });
    }
  });

  it("left the post untouched after all those refused calls", async () => {
    const [post] = await database().db.select().from(posts).where(eq(posts.id, postId));
    expect(post).toMatchObject({ title: "Guarded post", contentMd: "Original", status: "draft", publishedAt: null });
    const sneaky = await database().db.select().from(posts).where(eq(posts.title, "Sneaky"));
    expect(sneaky).toHaveLength(0);
  });

  it("let an admin and a super admin through", async () => {
    for (const user of [admin, superAdmin]) {
      const result = await call(layout.loader, user, { path: "/admin" });
      expect(result).toEqual({ kind: "ok", value: { admin: { name: user.name, email: user.email, role: user.role } } });
      expect((await call(blogList.loader, user, { path: "/admin/blog" })).kind).toBe("ok");
    }
  });
});
