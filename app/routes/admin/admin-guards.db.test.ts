import fs from "node:fs";
import path from "node:path";
import { legalPages, navigationLinks, socialLinks } from "~/server/db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { discoverRoutes, importRouteModule } from "../../../tests/support/route-table";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import type { SessionUser } from "~/server/auth/session.server";
import {
  accessEvents,
  affiliates,
  apiKeys,
  coupons,
  bundles,
  bundleCourses,
  courseInstructors,
  courseModules,
  courses,
  enrollments,
  lessons,
  newsletterSubscribers,
  orders,
  pages,
  pageSections,
  posts,
  quizzes,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { issueOwnerSetupCode } from "~/server/users/owner-setup.server";
import { enqueue, failedJobs, runDueJobs } from "~/server/jobs/queue.server";

const database = useTestDatabase();

const admin = sessionUser({ role: "admin" });
const superAdmin = sessionUser({ role: "super_admin" });
const learner = sessionUser({ role: "user" });
/** A course's instructor (docs/decisions/059): a plain user who reaches Admin → Discussions alone. */
const instructor = sessionUser({ role: "user" });
/** The one admin page an instructor opens; every other admin route refuses them as it refuses a learner. */
const INSTRUCTOR_INBOX = "/admin/discussions";
let postId = "";
/** A webhook endpoint: a Delete or a Send test event that got through would show. */
let webhookId = "";
let courseId = "";
/** A paid test-mode order of the learner's: a refund that got through would show. */
let orderId = "";
/** A failed job: a Retry that got through would put it back in its queue. */
let failedJobId = "";

type Handler = (args: never) => unknown;

const isAdminPath = (pattern: string) => /^\/(api\/)?admin(\/|$)/.test(pattern);

/**
 * The one deliberate exception: the first-run "Create the owner account" form is for visitors,
 * and only while no admin exists. Once one does, it answers 404 to everyone (tested below)
 * instead of sending visitors to /login.
 */
const FIRST_RUN_ONLY = ["/admin/setup"];

/** The admin area as app/routes.ts declares it: every route at /admin or below, and every resource route under /api/admin. */
const everyAdminRoute = await discoverRoutes(isAdminPath);
const adminRoutes = everyAdminRoute.filter((route) => !FIRST_RUN_ONLY.includes(route.pattern));
const firstRunRoutes = everyAdminRoute.filter((route) => FIRST_RUN_ONLY.includes(route.pattern));

/**
 * The record a pattern's dynamic segments name: a real user for the user pages, else the guarded
 * post's id, which the guarded course and its quiz lesson share (a UUID that names nothing for other kinds of record).
 */
const recordId = (pattern: string) =>
  pattern.startsWith("/admin/users/")
    ? learner.id
    : pattern.startsWith("/admin/developers/webhooks/")
      ? webhookId
      : pattern.startsWith("/admin/pages/legal/")
        ? "refund"
        : postId;
const fill = (pattern: string) => pattern.replace(/:\w+\??/g, recordId(pattern));
const paramsOf = (pattern: string) => Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name, recordId(pattern)]));

type Form = Record<string, string>;
/**
 * Forms an admin would send that succeed, so a missing guard would really change something.
 * An action not listed here is still called, with the fallback form.
 */
const FORMS: Record<string, (id: string) => Form[]> = {
  "/admin/blog": (id): Form[] => [
    { intent: "publish", id },
    { intent: "delete", id },
  ],
  "/admin/blog/new": () => [{ intent: "publish", title: "Sneaky", contentMd: "Body" }],
  "/admin/blog/:id/edit": (id): Form[] => [
    { intent: "publish", title: "Hijacked", contentMd: "Body" },
    { intent: "delete", id },
  ],
  "/api/admin/markdown-preview": () => [{ contentMd: "# Hi" }],
  "/admin/courses": (id): Form[] => [
    { intent: "publish", id },
    { intent: "delete", id },
  ],
  "/admin/courses/new": () => [{ intent: "publish", title: "Sneaky course", shortDescription: "Short" }],
  "/admin/courses/:id/edit": (): Form[] => [
    { intent: "publish", title: "Hijacked course", shortDescription: "Short", "lessons.0.title": "Planted" },
    { intent: "delete" },
  ],
  "/admin/settings": () => [
    {
      intent: "save",
      schoolName: "Hijacked",
      tagline: "",
      supportEmail: "x@example.com",
      logoUrl: "",
      membershipMonthly: "1",
      membershipYearly: "1",
      courseFallbackPrice: "1",
    },
  ],
  "/admin/courses/builder/:id": (): Form[] => [
    { intent: "update-details", title: "Hijacked", slug: "hijacked", description: "", priceCents: "0" },
    { intent: "publish" },
    { intent: "add-module" },
    { intent: "add-lesson", moduleId: "" },
  ],
  "/admin/users/:id": (): Form[] => [
    { intent: "grant", courseId },
    { intent: "revoke", courseId },
    { intent: "role", role: "super_admin" },
    { intent: "refund", orderId },
  ],
  "/admin/orders": (): Form[] => [{ intent: "refund", orderId }],
  "/admin/coupons": (id): Form[] => [{ intent: "disable", id }],
  "/admin/tax": (): Form[] => [
    { intent: "set-collection", enabled: "on" },
    { intent: "set-rate", country: "FR", ratePercent: "99" },
  ],
  "/admin": (): Form[] => [{ intent: "remove-demo" }],
  "/admin/topics": (): Form[] => [
    { intent: "create", name: "Sneaky topic" },
    { intent: "rename", id: courseId, name: "Sneaky" },
    { intent: "delete", id: courseId },
  ],
  "/admin/coupons/new": () => [{ intent: "save", code: "SNEAKY", discountType: "percent", percentOff: "50", appliesTo: "all-courses" }],
  "/admin/coupons/:id": () => [{ intent: "save", code: "HIJACKED", discountType: "percent", percentOff: "100", appliesTo: "all-courses" }],
  "/admin/bundles/new": () => [{ intent: "save", title: "Sneaky bundle", price: "1", status: "published", courseIds: courseId }],
  "/admin/bundles/:id/edit": () => [{ intent: "save", title: "Hijacked", price: "0", status: "draft", courseIds: courseId }],
  "/admin/reviews": (id): Form[] => [{ intent: "hide", id }],
  "/admin/discussions": (id): Form[] => [
    { intent: "hide", id, reason: "Sneaky" },
    { intent: "ban", userId: "someone", period: "forever", reason: "Sneaky" },
  ],
  "/admin/announcements/new": (): Form[] => [
    { intent: "send", sendKey: "guard-test-send-key-000", subject: "Sneaky", bodyMd: "Hi", audience: "members", courseId: "" },
  ],
  // A File where the form's type says string: the harness sends it as multipart, as the browser does.
  "/admin/subscribers/import": (): Form[] => [
    {
      file: new File(["email,consent_date,consent_source\nsneaky@example.test,2026-01-05,Sneaky list\n"], "sneaky.csv", {
        type: "text/csv",
      }) as unknown as string,
    },
  ],
  "/admin/system": (): Form[] => [{ intent: "retry", queue: "mail", id: failedJobId }],
  "/admin/developers": (id): Form[] => [{ intent: "revoke", id }],
  "/admin/developers/new": (): Form[] => [{ name: "Sneaky key", scopes: "users:read" }],
  "/admin/developers/webhooks/new": (): Form[] => [{ url: "https://hooks.example.com/", events: "order.paid" }],
  "/admin/developers/webhooks/:id": (): Form[] => [{ intent: "send-test" }, { intent: "delete" }],
  "/admin/pages/new": (): Form[] => [{ slug: "sneaky-page", title: "Sneaky page" }],
  "/admin/pages/legal/:slug": (): Form[] => [{ markdown: "Hijacked refund policy" }],
  "/admin/pages/navigation": (): Form[] => [
    { intent: "save-social", x: "https://x.com/hijacked" },
    { intent: "save-area", area: "footer_legal", "items.0.key": "path:/refund", "items.0.label": "Hijacked" },
  ],
  "/admin/pages/:id": (): Form[] => [
    { intent: "add-section", kind: "rich_text", markdown: "Planted" },
    { intent: "details", slug: "hijacked", title: "Hijacked page" },
    { intent: "publish" },
    { intent: "delete-page" },
  ],
};
/** Pages only a super_admin may open: a plain admin gets the same 403 as a learner (isAdmin true). */
const SUPER_ADMIN_ONLY = new Set([
  "/admin/settings",
  "/admin/tax",
  "/admin/subscribers/import",
  "/admin/system",
  "/admin/developers",
  "/admin/developers/new",
  "/admin/developers/docs",
  "/admin/developers/webhooks",
  "/admin/developers/webhooks/new",
  "/admin/developers/webhooks/:id",
]);
const fallbackForms = (id: string): Form[] => [{ intent: "delete", id }];

type EntryPoint = { name: string; pattern: string; run: (user: SessionUser | null) => Promise<unknown> };

/** Each loader once, and each action once per form. Built before the post exists, so its id is read at call time. */
const entryPoints: EntryPoint[] = adminRoutes.flatMap(({ pattern, file, module }) => {
  const call = () => ({ path: fill(pattern), params: paramsOf(pattern) });
  const entries: EntryPoint[] = [];
  if (module.loader)
    entries.push({ name: `loader of ${file}`, pattern, run: (user) => callLoader(module as { loader: Handler }, { ...call(), user }) });
  const forms = FORMS[pattern] ?? fallbackForms;
  if (module.action)
    forms("").forEach((form, index) => {
      entries.push({
        name: `action of ${file} (${form.intent ?? "form"})`,
        pattern,
        run: (user) => callAction(module as { action: Handler }, { ...call(), user, form: forms(postId)[index] }),
      });
    });
  return entries;
});

beforeAll(async () => {
  const db = database().db;
  for (const user of [admin, superAdmin, learner, instructor])
    await db.insert(users).values({ id: user.id, email: user.email, name: user.name, role: user.role, emailVerified: true });
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ url: "https://hooks.example.com/guarded", events: ["order.paid"], secret: "whsec_dGVzdA==" })
    .returning({ id: webhookEndpoints.id });
  webhookId = endpoint!.id;
  const [post] = await db
    .insert(posts)
    .values({ title: "Guarded post", slug: unique("guarded"), contentMd: "Original", status: "draft" })
    .returning();
  postId = post.id;
  const [course] = await db
    .insert(courses)
    .values({ id: postId, title: "Guarded course", slug: unique("guarded-course"), subtitle: "Original", status: "draft" })
    .returning();
  courseId = course.id;
  // The instructor teaches a published course of their own, so their inbox is open.
  const [taught] = await db
    .insert(courses)
    .values({ title: "Taught course", slug: unique("taught-course"), status: "published" })
    .returning({ id: courses.id });
  await db.insert(courseInstructors).values({ courseId: taught.id, userId: instructor.id, createdBy: admin.id });
  // A quiz lesson with the same id again, for the quiz's own page.
  await db
    .insert(lessons)
    .values({ id: postId, courseId: course.id, title: "Guarded lesson", slug: "guarded-lesson", type: "quiz", orderIndex: 1 });
  await db.insert(quizzes).values({ lessonId: postId });
  await db.insert(pages).values({ id: postId, slug: unique("guarded-page"), title: "Guarded page" });
  await db.insert(coupons).values({ id: postId, code: "GUARDED", discountType: "percent", percentOff: 10, appliesTo: "all-courses" });
  await db.insert(bundles).values({ id: postId, title: "Guarded bundle", slug: unique("guarded-bundle"), priceCents: 5000 });
  await db.insert(bundleCourses).values({ bundleId: postId, courseId: course.id, position: 0 });
  // A pending affiliate: an Approve that got through would show.
  await db.insert(affiliates).values({ id: postId, userId: learner.id, code: "guarded-affiliate" });
  const [order] = await db
    .insert(orders)
    .values({
      userId: learner.id,
      customerEmail: learner.email,
      kind: "course",
      courseId: course.id,
      itemTitle: course.title,
      amountCents: 4900,
      status: "paid",
      provider: "test",
    })
    .returning({ id: orders.id });
  orderId = order.id;
  failedJobId = (await enqueue(db, "mail", { mailId: "guarded" }, { retryLimit: 0 }))!;
  await runDueJobs("mail", async () => {
    throw new Error("guarded failure");
  });
});

/** Every error toast anywhere in a loader's answer (an admin list's `error`, a page's own). */
function errorToastsIn(value: unknown, seen = new Set<unknown>()): unknown[] {
  if (!value || typeof value !== "object" || seen.has(value)) return [];
  seen.add(value);
  if ((value as { kind?: unknown }).kind === "error") return [value];
  return Object.values(value).flatMap((inner) => errorToastsIn(inner, seen));
}

describe("the admin area read from app/routes.ts", () => {
  it("holds the known admin routes, so the walk cannot silently find nothing", () => {
    expect(adminRoutes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/setup-sql",
        "/admin/blog",
        "/admin/blog/new",
        "/admin/blog/:id/edit",
        "/admin/settings",
        "/api/admin/markdown-preview",
        "/admin/courses",
        "/admin/courses/new",
        "/admin/courses/:id/edit",
        "/admin/courses/builder/:id",
        "/admin/users",
        "/admin/users/:id",
        "/admin/users/export.csv",
        "/admin/orders",
        "/admin/orders/invoices.csv",
        "/admin/coupons",
        "/admin/tax",
        "/admin/topics",
        "/admin/coupons/new",
        "/admin/coupons/:id",
        "/admin/bundles",
        "/admin/bundles/new",
        "/admin/bundles/:id/edit",
        "/admin/quizzes",
        "/admin/quizzes/:lessonId",
        "/admin/reviews",
        "/admin/discussions",
        "/admin/announcements",
        "/admin/announcements/new",
        "/admin/subscribers",
        "/admin/subscribers/import",
        "/admin/subscribers/export.csv",
        "/admin/analytics",
        "/admin/analytics/export.csv",
        "/admin/system",
        "/admin/pages",
        "/admin/pages/new",
        "/admin/pages/:id",
        "/admin/pages/:id/preview",
        "/admin/pages/legal/:slug",
        "/admin/pages/navigation",
      ]),
    );
    expect(firstRunRoutes.map((route) => route.pattern)).toEqual(["/admin/setup"]);
    // The layout and the dashboard (its index route) both answer at /admin.
    expect(adminRoutes.filter((route) => route.pattern === "/admin").map((route) => route.file)).toEqual([
      "routes/admin/layout.tsx",
      "routes/admin/dashboard.tsx",
    ]);
  });

  it("holds every route module in app/routes/admin", async () => {
    const folder = import.meta.dirname;
    const candidates = fs
      .readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((name) => /\.tsx?$/.test(name) && !/\.(server|test|db\.test)\.tsx?$/.test(name));
    const routeModules: string[] = [];
    for (const name of candidates) {
      const module = await importRouteModule(path.join(folder, name));
      if (module.default || module.loader || module.action) routeModules.push(`routes/admin/${name.split(path.sep).join("/")}`);
    }
    const walked = everyAdminRoute.map((route) => route.file).filter((file) => file.startsWith("routes/admin/"));
    expect(walked.toSorted()).toEqual(routeModules.toSorted());
  });

  it("has an action at every path FORMS names, so that list cannot go stale", () => {
    const withAction = adminRoutes.filter((route) => route.module.action).map((route) => route.pattern);
    expect(withAction).toEqual(expect.arrayContaining(Object.keys(FORMS)));
  });
});

describe("the first-run owner setup once an admin exists", () => {
  it.each(firstRunRoutes.map((route) => [route.file, route] as const))(
    "%s answers 404 to visitors, users and admins alike",
    async (_name, { pattern, module }) => {
      for (const user of [null, learner, admin, superAdmin]) {
        expect(
          await thrownResponse(callLoader(module as { loader: Handler }, { path: pattern, user })),
          `loader as ${user?.role ?? "visitor"}`,
        ).toMatchObject({
          status: 404,
        });
      }
    },
  );

  it.each(firstRunRoutes.map((route) => [route.file, route] as const))(
    "%s refuses a direct POST with 404 even with a valid setup code, and creates no one",
    async (_name, { pattern, module }) => {
      const { code } = await issueOwnerSetupCode();
      const email = `${unique("late-owner")}@example.test`;
      const response = await thrownResponse(
        callAction(module as { action: Handler }, {
          path: pattern,
          form: { code, name: "Late Owner", email, password: "a long passphrase 42" },
        }),
      );
      expect(response.status).toBe(404);
      expect(await database().db.select().from(users).where(eq(users.email, email))).toEqual([]);
    },
  );
});

describe("admin loaders and actions called directly", () => {
  // Named by "%s" rather than "$name", which Vitest cuts short.
  const cases = entryPoints.map((entry) => [entry.name, entry] as const);

  it.each(cases)("%s sends a visitor to /login with the page to come back to", async (_name, { pattern, run }) => {
    expect(await thrownResponse(run(null))).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(fill(pattern))}` });
  });

  it.each(cases)("%s refuses a signed-in non-admin with 403 Access Denied and the debug info", async (_name, { run }) => {
    const response = await thrownResponse(run(learner));
    expect({ status: response.status, data: response.data }).toEqual({
      status: 403,
      data: { accessDenied: true, user: learner.email, role: "user", isAdmin: false },
    });
  });

  it.each(cases.filter(([, entry]) => entry.pattern !== INSTRUCTOR_INBOX))(
    "%s refuses a course's instructor with 403 Access Denied",
    async (_name, { run }) => {
      const response = await thrownResponse(run(instructor));
      expect({ status: response.status, data: response.data }).toEqual({
        status: 403,
        data: { accessDenied: true, user: instructor.email, role: "user", isAdmin: false },
      });
    },
  );

  it("lets a course's instructor into Admin → Discussions alone, the layout's menu holding that page only", async () => {
    const route = (file: string) => adminRoutes.find((candidate) => candidate.file === file)!.module as { loader: Handler };
    const inbox = (await callLoader(route("routes/admin/discussions.tsx"), { path: INSTRUCTOR_INBOX, user: instructor })) as {
      rows: unknown[];
    };
    expect(inbox.rows).toEqual([]);
    expect(await callLoader(route("routes/admin/layout.tsx"), { path: INSTRUCTOR_INBOX, user: instructor })).toEqual({
      admin: { name: instructor.name, email: instructor.email, role: "user" },
      inboxOnly: true,
    });
    // The learner, who teaches nothing, is refused there too.
    expect(await thrownResponse(callLoader(route("routes/admin/layout.tsx"), { path: INSTRUCTOR_INBOX, user: learner }))).toMatchObject({
      status: 403,
    });
  });

  it("left the post untouched after all those refused calls", async () => {
    const [post] = await database().db.select().from(posts).where(eq(posts.id, postId));
    expect(post).toMatchObject({ title: "Guarded post", contentMd: "Original", status: "draft", publishedAt: null });
    const sneaky = await database().db.select().from(posts).where(eq(posts.title, "Sneaky"));
    expect(sneaky).toHaveLength(0);
    expect((await getSiteSettings()).schoolName).not.toBe("Hijacked");
    const [course] = await database().db.select().from(courses).where(eq(courses.id, courseId));
    expect(course).toMatchObject({ title: "Guarded course", status: "draft", publishedAt: null });
    expect(await database().db.$count(courseModules, eq(courseModules.courseId, courseId))).toBe(0);
  });

  it("left the pages untouched after all those refused calls", async () => {
    const rows = await database().db.select({ title: pages.title, publishedAt: pages.publishedAt }).from(pages);
    expect(rows).toEqual([{ title: "Guarded page", publishedAt: null }]);
    expect(await database().db.$count(pageSections)).toBe(0);
  });

  it("left the bundles untouched after all those refused calls", async () => {
    const rows = await database().db.select({ title: bundles.title, priceCents: bundles.priceCents }).from(bundles);
    expect(rows).toEqual([{ title: "Guarded bundle", priceCents: 5000 }]);
  });

  it("left the coupons untouched after all those refused calls", async () => {
    const rows = await database().db.select({ code: coupons.code, status: coupons.status, percentOff: coupons.percentOff }).from(coupons);
    expect(rows).toEqual([{ code: "GUARDED", status: "active", percentOff: 10 }]);
  });

  it("left the course and its lessons untouched after all those refused calls", async () => {
    const [course] = await database().db.select().from(courses).where(eq(courses.id, postId));
    expect(course).toMatchObject({ title: "Guarded course", subtitle: "Original", status: "draft", publishedAt: null });
    const courseLessons = await database().db.select().from(lessons).where(eq(lessons.courseId, postId));
    expect(courseLessons.map((lesson) => lesson.title)).toEqual(["Guarded lesson"]);
    const sneaky = await database().db.select().from(courses).where(eq(courses.title, "Sneaky course"));
    expect(sneaky).toHaveLength(0);
  });

  it.each(cases.filter(([, entry]) => SUPER_ADMIN_ONLY.has(entry.pattern)))(
    "%s refuses a plain admin with 403 Access Denied",
    async (_name, { run }) => {
      const response = await thrownResponse(run(admin));
      expect({ status: response.status, data: response.data }).toEqual({
        status: 403,
        data: { accessDenied: true, user: admin.email, role: "admin", isAdmin: true },
      });
    },
  );

  it("left the user's role and course access untouched too", async () => {
    const [target] = await database().db.select({ role: users.role }).from(users).where(eq(users.id, learner.id));
    expect(target.role).toBe("user");
    expect(await database().db.select().from(enrollments).where(eq(enrollments.courseId, courseId))).toEqual([]);
    expect(await database().db.select().from(accessEvents).where(eq(accessEvents.userId, learner.id))).toEqual([]);
    const [order] = await database()
      .db.select({ status: orders.status, refundedAt: orders.refundedAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(order).toEqual({ status: "paid", refundedAt: null });
    expect((await failedJobs()).map((job) => job.id)).toContain(failedJobId);
    expect(await database().db.select().from(apiKeys)).toEqual([]);
    expect((await database().db.select().from(webhookEndpoints)).map((endpoint) => endpoint.id)).toEqual([webhookId]);
    expect(await database().db.select().from(webhookDeliveries)).toEqual([]);
    expect(await database().db.select().from(newsletterSubscribers)).toEqual([]);
    expect(await database().db.select().from(legalPages)).toEqual([]);
    expect(await database().db.select().from(navigationLinks)).toEqual([]);
    expect(await database().db.select().from(socialLinks)).toEqual([]);
  });

  it("let an admin and a super admin load every admin page (a super admin's own pages: the super admin), so the refusals above are the guard's", async () => {
    const loaders = adminRoutes.filter((route) => route.module.loader);
    for (const user of [admin, superAdmin]) {
      for (const { pattern, module } of loaders) {
        if (user.role !== "super_admin" && SUPER_ADMIN_ONLY.has(pattern)) continue;
        const loaded = await callLoader(module as { loader: Handler }, { path: fill(pattern), params: paramsOf(pattern), user });
        expect(loaded, pattern).toBeTruthy();
        // A list whose query failed still answers (with its error toast and no rows): none may.
        expect(errorToastsIn(loaded), pattern).toEqual([]);
      }
      const layout = adminRoutes.find((route) => route.file === "routes/admin/layout.tsx")!.module as { loader: Handler };
      expect(await callLoader(layout, { path: "/admin", user })).toEqual({
        admin: { name: user.name, email: user.email, role: user.role },
        inboxOnly: false,
      });
    }
  });
});
