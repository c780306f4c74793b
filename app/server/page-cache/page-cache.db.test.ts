import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../../tests/support/app-server";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { getAuth } from "~/server/auth/auth.server";
import { getConfig } from "~/server/platform/config.server";
import { updateCourseDetails } from "~/server/courses/course-details.server";
import { createBundle, updateBundle } from "~/server/bundles/bundles.server";
import { deleteCourse, setCourseStatus } from "~/server/courses/admin-courses.server";
import { createLesson, deleteLesson } from "~/server/curriculum/lessons.server";
import { createModule, updateModule } from "~/server/curriculum/modules.server";
import { courseViews, courses, lessons, playbooks, posts, reviews, testimonials, users } from "~/server/db/schema";
import { seedDemoContent } from "~/server/db/seed/seed.server";
import { deletePost, savePost, setPostStatus } from "~/server/posts/admin-posts.server";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/site-settings.server";
import { redirectWithToast } from "~/server/toast.server";
import { updateAccountName } from "~/server/users/account.server";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "./page-cache-middleware.server";

const database = useTestDatabase();

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const COURSE = "/courses/shopify-101";
const PREVIEW_LESSON = "/courses/shopify-101/lessons/welcome-and-roadmap";
const POST = "/blog/ship-before-you-feel-ready";

/** Every kind of public page the cache answers, with a data request and a filtered catalog. */
const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/about",
  "/privacy",
  "/terms",
  "/refund",
  "/playbooks",
  "/testimonials",
  "/courses",
  "/courses?level=beginner&sort=newest",
  COURSE,
  PREVIEW_LESSON,
  "/blog",
  POST,
  "/blog/rss.xml",
  "/sitemap.xml",
  "/courses.data",
];

let app: Awaited<ReturnType<typeof startAppServer>>;
const admin = { id: "", email: "", cookie: "" };

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.base}${path}`, { headers: { "user-agent": CHROME, ...headers }, redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text(), cache: response.headers.get("x-page-cache") };
}

/**
 * The page as the cache holds it: loaded until it comes from the cache (on PostgreSQL the NOTIFY
 * of an earlier write may still empty the cache once more after the first load).
 */
async function cachedPage(path: string) {
  for (let tries = 0; tries < 5; tries++) {
    const page = await get(path);
    if (page.cache === "hit") return page.text;
  }
  throw new Error(`${path} never came from the cache`);
}

/** The next anonymous request after a write: it must show the write. The page is then cached again for the next step. */
async function nextPage(path: string) {
  const page = await get(path);
  await cachedPage(path);
  return page.text;
}

beforeAll(async () => {
  await seedDemoContent(database().db);
  app = await startAppServer({ routes: (file) => !file.startsWith("routes/admin/") && !file.startsWith("routes/checkout/") });
  admin.email = `${unique("admin")}@example.com`;
  const password = "a-long-test-password";
  admin.id = (await upsertPasswordUser(database().db, { email: admin.email, password, role: "admin", name: "Ada Cacheless" })).id;
  const response = await getAuth().api.signInEmail({ body: { email: admin.email, password }, asResponse: true });
  admin.cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
});

afterAll(async () => {
  await app?.close();
});

describe("anonymous public pages", () => {
  it("are answered from the cache, with a CDN's Cache-Control, an ETag and a 304 on revalidation", async () => {
    for (const path of PUBLIC_PAGES) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(["miss", "hit"], path).toContain(first.cache);
      const second = await get(path);
      expect(second.cache, path).toBe("hit");
      expect(second.text, path).toBe(first.text);
      expect(second.headers.get("cache-control"), path).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      expect(second.headers.get("cache-control"), path).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
      const etag = second.headers.get("etag");
      expect(etag, path).toMatch(/^W\/".+"$/);
      const revalidated = await get(path, { "if-none-match": etag! });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.text, path).toBe("");
    }
  });

  it("are sent compressed as the browser asks, and a HEAD gets the headers alone", async () => {
    await get("/");
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(`${app.base}/`, { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(await response.text()).toContain("</html>");
    }
    const head = await fetch(`${app.base}/`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("allow their inline scripts by hash, and replay no nonce", async () => {
    // The nonce-based policy is the production one (development allows inline scripts).
    const production = await startAppServer({
      routes: (file) => !file.startsWith("routes/admin/"),
      config: { ...getConfig(), isProduction: true },
    });
    const getProduction = async (path: string) => {
      const response = await fetch(`${production.base}${path}`, { headers: { "user-agent": CHROME } });
      return { headers: response.headers, text: await response.text() };
    };
    const uncached = await getProduction("/login");
    expect(uncached.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    for (const path of ["/", COURSE, POST]) {
      await getProduction(path);
      const [a, b] = [await getProduction(path), await getProduction(path)];
      const policy = a.headers.get("content-security-policy")!;
      expect(policy).not.toContain("'nonce-");
      expect(a.text).not.toMatch(/\snonce=/);
      const scripts = [...a.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/g)].filter(
        ([, attributes]) => !/src=|application\/(ld\+)?json/.test(attributes),
      );
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, , text] of scripts) {
        expect(policy).toContain(`'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`);
      }
      expect(policy).toMatch(/script-src 'self' ('sha256-[^']+' )+'strict-dynamic'/);
      expect(b.headers.get("content-security-policy")).toBe(policy);
    }
    await production.close();
  });

  it("count a blog post's view when served from the cache, once per visitor a day", async () => {
    const views = async () =>
      (await database().db.select({ viewCount: posts.viewCount }).from(posts).where(eq(posts.slug, "ship-before-you-feel-ready")))[0]
        .viewCount;
    await get(POST);
    const before = await views();
    const newReader = { "user-agent": `${CHROME} reader-${unique()}` };
    expect((await get(POST, newReader)).cache).toBe("hit");
    await expect.poll(views).toBe(before + 1);
    await get(POST, newReader);
    await get(POST, { ...newReader, "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    // The two views that must not count were asked for before this third reader, whose view does.
    const third = { "user-agent": `${CHROME} reader-${unique()}` };
    expect((await get(POST, third)).cache).toBe("hit");
    await expect.poll(views).toBe(before + 2);
  });

  it("count a course page's view when served from the cache, once per visitor a day, bots left out", async () => {
    const [course] = await database().db.select({ id: courses.id }).from(courses).where(eq(courses.slug, "shopify-101"));
    const views = async () => (await database().db.select().from(courseViews).where(eq(courseViews.courseId, course.id))).length;
    await get(COURSE);
    const before = await views();
    const visitor = { "user-agent": `${CHROME} visitor-${unique()}` };
    expect((await get(COURSE, visitor)).cache).toBe("hit");
    await expect.poll(views).toBe(before + 1);
    await get(COURSE, visitor);
    await get(COURSE, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    const third = { "user-agent": `${CHROME} visitor-${unique()}` };
    expect((await get(COURSE, third)).cache).toBe("hit");
    await expect.poll(views).toBe(before + 2);
  });

  it("are not kept when they are not a 200: a missing course or post renders its 404 each time", async () => {
    for (const path of ["/courses/no-such-course", "/blog/no-such-post"]) {
      const [first, second] = [await get(path), await get(path)];
      expect([first.status, second.status], path).toEqual([404, 404]);
      expect(second.cache, path).toBe("pass");
      expect(second.headers.get("cache-control") ?? "", path).not.toContain("public");
    }
  });

  it("leave every other page to React Router", async () => {
    for (const path of ["/login", "/contact", "/newsletter/confirm?token=x", "/account"]) {
      expect((await get(path)).cache, path).toBeNull();
    }
  });
});

describe("never shared across people", () => {
  const signedIn = (path: string, extra: Record<string, string> = {}) => get(path, { cookie: admin.cookie, ...extra });

  it("a signed-in admin's pages, their toast and what they typed never reach an anonymous visitor", async () => {
    const toastCookie = (await redirectWithToast("/", { kind: "success", message: "Leaky toast 7f3a" })).headers
      .get("set-cookie")!
      .split(";")[0];
    for (const path of PUBLIC_PAGES.filter((path) => !path.endsWith(".xml"))) {
      const mine = await signedIn(path, { cookie: `${admin.cookie}; ${toastCookie}` });
      expect(mine.status, path).toBe(200);
      expect(mine.cache, path).toBe("pass");
      expect(mine.headers.get("cache-control"), path).toBe("no-store");
      // What must not leak is really there for the admin.
      if (!path.endsWith(".data")) expect(mine.text, path).toContain(">Admin</a>");
      expect(mine.text, path).toContain(admin.email);
      expect(mine.text, path).toContain("Leaky toast 7f3a");
    }
    // A form the admin sent with a typed value (refused or not) is a POST: never kept.
    await fetch(`${app.base}/newsletter`, {
      method: "POST",
      headers: { cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "typed-leak-9c1e@not-an-address", formId: "footer" }),
      redirect: "manual",
    });
    for (const path of PUBLIC_PAGES) {
      const first = await get(path);
      const second = await get(path);
      expect(second.cache, path).toBe("hit");
      for (const page of [first, second]) {
        expect(page.text, path).not.toContain(">Admin</a>");
        expect(page.text, path).not.toContain(">Account</a>");
        expect(page.text, path).not.toContain(admin.email);
        expect(page.text, path).not.toContain("Ada Cacheless");
        expect(page.text, path).not.toContain("Leaky toast 7f3a");
        expect(page.text, path).not.toContain("typed-leak-9c1e");
      }
    }
  });

  it("a cached anonymous page is never served to a signed-in visitor or one with any cookie", async () => {
    await cachedPage(COURSE);
    const mine = await signedIn(COURSE);
    expect(mine.cache).toBe("pass");
    expect(mine.text).toContain(">Admin</a>");
    const withToast = await get("/", {
      cookie: (await redirectWithToast("/", { kind: "success", message: "Only mine 51d2" })).headers.get("set-cookie")!.split(";")[0],
    });
    expect(withToast.cache).toBe("pass");
    expect(withToast.text).toContain("Only mine 51d2");
    expect((await get("/", { authorization: "Bearer not-a-token" })).cache).toBe("pass");
  });

  it("a response that sets a cookie is not kept: the visitor whose toast it cleared gets it alone", async () => {
    // A toast cookie is sent, so the request passes; the answer clears the cookie and is not stored.
    const cookie = (await redirectWithToast("/pricing", { kind: "success", message: "Once 0b9e" })).headers
      .get("set-cookie")!
      .split(";")[0];
    const mine = await get("/pricing", { cookie });
    expect(mine.headers.get("set-cookie")).toContain("toast=");
    expect(await cachedPage("/pricing")).not.toContain("Once 0b9e");
  });
});

describe("fresh after every content write", () => {
  it("a new post, its edit, unpublishing and deleting it", async () => {
    const title = `Fresh post ${unique()}`;
    await cachedPage("/blog");
    const input = { title, slug: "", excerpt: "An excerpt", category: "Announcements", contentMd: "Hello", tags: [], coverUrl: "" };
    const { id, slug } = await savePost({ authorId: admin.id, input, publish: true });
    expect(await nextPage("/blog")).toContain(title);
    expect(await nextPage(`/blog/${slug}`)).toContain(title);
    await savePost({ id, authorId: admin.id, input: { ...input, slug, title: `${title} edited` }, publish: true });
    expect(await nextPage(`/blog/${slug}`)).toContain(`${title} edited`);
    expect(await nextPage("/sitemap.xml")).toContain(`/blog/${slug}`);
    await setPostStatus({ id, status: "draft" });
    expect((await get(`/blog/${slug}`)).status).toBe(404);
    expect(await nextPage("/blog")).not.toContain(title);
    await setPostStatus({ id, status: "published" });
    expect(await nextPage("/blog/rss.xml")).toContain(title);
    await deletePost({ id });
    expect(await nextPage("/blog/rss.xml")).not.toContain(title);
    expect((await get(`/blog/${slug}`)).status).toBe(404);
  });

  it("a course's details, unpublishing, publishing and deleting it", async () => {
    const [course] = await database().db.select().from(courses).where(eq(courses.slug, "shopify-101"));
    const title = `Shopify renamed ${unique()}`;
    await cachedPage(COURSE);
    await cachedPage("/courses");
    await updateCourseDetails({
      courseId: course.id,
      title,
      slug: course.slug,
      description: course.longDescriptionMd,
      priceCents: course.priceCents,
    });
    expect(await nextPage(COURSE)).toContain(title);
    expect(await nextPage("/courses")).toContain(title);
    expect(await nextPage("/")).toContain(title);
    await setCourseStatus({ courseId: course.id, status: "draft" });
    expect((await get(COURSE)).status).toBe(404);
    expect(await nextPage("/courses")).not.toContain(title);
    await setCourseStatus({ courseId: course.id, status: "published" });
    expect(await nextPage("/courses")).toContain(title);

    const [extra] = await database()
      .db.insert(courses)
      .values({ title: `Short-lived ${unique()}`, slug: unique("short-lived"), status: "published" })
      .returning();
    expect(await nextPage("/courses?sort=newest")).toContain(extra.title);
    await deleteCourse({ courseId: extra.id });
    expect(await nextPage("/courses?sort=newest")).not.toContain(extra.title);
  });

  it("a bundle's cover replaced: its page and the catalog's card show the new one, in its widths", async () => {
    const [course] = await database().db.select().from(courses).where(eq(courses.slug, "shopify-101"));
    const slug = `cover-bundle-${crypto.randomUUID().slice(0, 8)}`;
    const input = {
      title: `Cover bundle ${unique()}`,
      slug,
      description: "Two in one",
      coverUrl: "/media/media/bundles/temp/cover-1.jpg",
      priceCents: 5000,
      status: "published" as const,
      courseIds: [course!.id],
    };
    const bundle = await createBundle({ input });
    await cachedPage(`/bundles/${slug}`);
    await cachedPage("/courses");
    const coverUrl = `/media/media/bundles/${bundle.id}/cover-2.jpg`;
    await updateBundle({ bundleId: bundle.id, input: { ...input, coverUrl } });
    for (const path of [`/bundles/${slug}`, "/courses"]) {
      const html = await nextPage(path);
      expect(html, path).toContain(`${coverUrl}.w480.webp 480w, ${coverUrl}.w960.webp 960w`);
      expect(html, path).not.toContain("bundles/temp/cover-1.jpg");
    }
  });

  it("the curriculum: a module renamed, a lesson added and removed", async () => {
    const [course] = await database().db.select({ id: courses.id }).from(courses).where(eq(courses.slug, "shopify-101"));
    await cachedPage(COURSE);
    const { id: moduleId } = await createModule({ courseId: course.id });
    const moduleTitle = `Module ${unique()}`;
    await updateModule({ courseId: course.id, moduleId, title: moduleTitle, description: "" });
    expect(await nextPage(COURSE)).toContain(moduleTitle);
    const lesson = await createLesson({ courseId: course.id, moduleId, now: Date.now() });
    expect(await nextPage(COURSE)).toContain("New Lesson");
    await deleteLesson({ courseId: course.id, lessonId: lesson.id });
    expect(await nextPage(COURSE)).not.toContain("New Lesson");
    // A lesson's own page, too: its title in the preview.
    await cachedPage(PREVIEW_LESSON);
    const previewTitle = `Welcome, renamed ${unique()}`;
    await database().db.update(lessons).set({ title: previewTitle }).where(eq(lessons.slug, "welcome-and-roadmap"));
    expect(await nextPage(PREVIEW_LESSON)).toContain(previewTitle);
  });

  it("the site settings: the school's name on every page", async () => {
    await cachedPage("/about");
    await cachedPage("/courses.data");
    const schoolName = `School ${unique()}`;
    await updateSiteSettings({ input: { ...(await getSiteSettings()), schoolName }, actorId: admin.id });
    expect(await nextPage("/about")).toContain(schoolName);
    expect(await nextPage("/courses.data")).toContain(schoolName);
  });

  it("testimonials, playbooks and reviews", async () => {
    await cachedPage("/testimonials");
    const quote = `Loved it ${unique()}`;
    const [testimonial] = await database().db.select({ id: testimonials.id }).from(testimonials).limit(1);
    await database().db.update(testimonials).set({ quote }).where(eq(testimonials.id, testimonial.id));
    expect(await nextPage("/testimonials")).toContain(quote);

    await cachedPage("/playbooks");
    const playbookTitle = `Playbook ${unique()}`;
    const [playbook] = await database().db.select({ id: playbooks.id }).from(playbooks).limit(1);
    await database().db.update(playbooks).set({ title: playbookTitle }).where(eq(playbooks.id, playbook.id));
    expect(await nextPage("/playbooks")).toContain(playbookTitle);

    await cachedPage(COURSE);
    const [course] = await database().db.select({ id: courses.id }).from(courses).where(eq(courses.slug, "shopify-101"));
    const body = `A fine review ${unique()}`;
    await database()
      .db.insert(reviews)
      .values({ courseId: course.id, userId: admin.id, authorName: "Rita Reviewer", rating: 5, comment: body });
    expect(await nextPage(COURSE)).toContain(body);
    await database().db.delete(reviews).where(eq(reviews.comment, body));
    expect(await nextPage(COURSE)).not.toContain(body);
  });

  it("an author's name, but not a sign-in or a post's view count", async () => {
    const [post] = await database().db.select({ authorId: posts.authorId }).from(posts).where(eq(posts.slug, "ship-before-you-feel-ready"));
    await cachedPage(POST);
    const name = `Maya ${unique()}`;
    await updateAccountName({ userId: post.authorId!, name });
    expect(await nextPage(POST)).toContain(name);
    await database().db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, post.authorId!));
    expect((await get(POST)).cache).toBe("hit");
    await get(POST, { "user-agent": `${CHROME} reader-${unique()}` });
    expect((await get(POST)).cache).toBe("hit");
  });
});
