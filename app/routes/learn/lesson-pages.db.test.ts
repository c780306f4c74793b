import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../../tests/support/app-server";
import { callLoader, sessionUser } from "../../../tests/support/route-harness";
import { signInNewUser } from "../../../tests/support/sign-in";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { grantCourseAccess, revokeCourseAccess } from "~/server/access/course-access.server";
import { courses, enrollments, lessonProgress, lessons, subscriptions } from "~/server/db/schema";
import * as lessonRoute from "./lesson";

/**
 * Issue 14's matrix, over HTTP against server.ts with the real route modules: who × what, every
 * cell asserting the status and whether the lesson's content and video are in the answer.
 */

const database = useTestDatabase();
const CLIP = fs.readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/lesson-clip.webm"));

const PEOPLE = ["visitor", "learner", "enrolled", "revoked", "member", "admin"] as const;
type Who = (typeof PEOPLE)[number];
const cookies: Record<Who, string> = { visitor: "", learner: "", enrolled: "", revoked: "", member: "", admin: "" };
const ids: Record<Who, string> = { visitor: "", learner: "", enrolled: "", revoked: "", member: "", admin: "" };

let app: Awaited<ReturnType<typeof startAppServer>>;
const course = { id: "", slug: "" };
const draft = { id: "", slug: "", lessonId: "", lessonSlug: "" };
const preview = { id: "", slug: "", notes: "" };
const paid = { id: "", slug: "", notes: "" };

async function addLesson(courseId: string, fields: { isPreview: boolean; notes: string; orderIndex: number }) {
  const slug = unique("lesson");
  const [row] = await database()
    .db.insert(lessons)
    .values({
      courseId,
      title: `Lesson ${slug}`,
      slug,
      orderIndex: fields.orderIndex,
      isPreview: fields.isPreview,
      type: "video",
      videoProvider: "upload",
      contentMd: fields.notes,
    })
    .returning({ id: lessons.id });
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(CLIP)], { type: "video/webm" }), "clip.webm");
  const upload = await fetch(`${app.base}/api/uploads/lesson-video?ownerId=${row.id}`, {
    method: "POST",
    body: form,
    headers: { cookie: cookies.admin },
  });
  expect(upload.status).toBe(201);
  const { key } = (await upload.json()) as { key: string };
  await database().db.update(lessons).set({ videoStoragePath: key }).where(eq(lessons.id, row.id));
  return { id: row.id, slug };
}

const get = (url: string, who: Who, headers: Record<string, string> = {}) =>
  fetch(`${app.base}${url}`, { redirect: "manual", headers: { ...(cookies[who] ? { cookie: cookies[who] } : {}), ...headers } });
const lessonPage = (courseSlug: string, lessonSlug: string) => `/courses/${courseSlug}/lessons/${lessonSlug}`;
const videoUrl = (lessonId: string) => `/api/lessons/${lessonId}/video`;

beforeAll(async () => {
  app = await startAppServer({
    routes: (file) =>
      file.startsWith("routes/learn/") || file === "routes/resources/lesson-progress.ts" || file === "routes/site-layout.tsx",
  });
  for (const who of PEOPLE) {
    if (who === "visitor") continue;
    const { id, cookie } = await signInNewUser(database().db, who === "admin" ? "admin" : "user");
    cookies[who] = cookie;
    ids[who] = id;
  }
  course.slug = unique("matrix");
  [{ id: course.id }] = await database()
    .db.insert(courses)
    .values({ title: "Matrix course", slug: course.slug, status: "published", priceCents: 19700 })
    .returning({ id: courses.id });
  preview.notes = unique("PREVIEW-NOTES");
  paid.notes = unique("PAID-NOTES");
  Object.assign(preview, await addLesson(course.id, { isPreview: true, notes: preview.notes, orderIndex: 1 }));
  Object.assign(paid, await addLesson(course.id, { isPreview: false, notes: paid.notes, orderIndex: 2 }));

  draft.slug = unique("draft");
  [{ id: draft.id }] = await database()
    .db.insert(courses)
    .values({ title: "Draft course", slug: draft.slug, status: "draft" })
    .returning({ id: courses.id });
  const draftLesson = await addLesson(draft.id, { isPreview: true, notes: "draft notes", orderIndex: 1 });
  draft.lessonId = draftLesson.id;
  draft.lessonSlug = draftLesson.slug;

  await database()
    .db.insert(enrollments)
    .values([
      { userId: ids.enrolled, courseId: course.id, source: "admin", status: "active" },
      { userId: ids.revoked, courseId: course.id, source: "admin", status: "revoked" },
    ]);
  await database()
    .db.insert(subscriptions)
    .values({
      userId: ids.member,
      plan: "monthly",
      status: "active",
      provider: "test",
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
}, 60_000);

afterAll(() => app?.close());

type Cell = { status: number; content: boolean; location?: string };

/** What each person gets for a page or the video: status, and whether the lesson's own content is there. */
async function answer(url: string, who: Who, secret: string, videoPath: string): Promise<Cell> {
  const response = await get(url, who, url.includes("/video") ? { range: "bytes=0-9" } : {});
  const body = url.includes("/video") ? "" : await response.text();
  if (url.includes("/video")) await response.arrayBuffer();
  const cell: Cell = { status: response.status, content: body.includes(secret) || body.includes(videoPath) || response.status === 206 };
  const location = response.headers.get("location");
  if (location) cell.location = location;
  return cell;
}

async function row(url: string, secret: string, videoPath: string) {
  return Object.fromEntries(await Promise.all(PEOPLE.map(async (who) => [who, await answer(url, who, secret, videoPath)] as const)));
}

describe("who may open what (issue 14)", () => {
  it("a free-preview lesson: the page and its video for everyone", async () => {
    const open = { status: 200, content: true };
    expect(await row(lessonPage(course.slug, preview.slug), preview.notes, videoUrl(preview.id))).toEqual({
      visitor: open,
      learner: open,
      enrolled: open,
      revoked: open,
      member: open,
      admin: open,
    });
    const streamed = { status: 206, content: true };
    expect(await row(videoUrl(preview.id), preview.notes, videoUrl(preview.id))).toEqual({
      visitor: streamed,
      learner: streamed,
      enrolled: streamed,
      revoked: streamed,
      member: streamed,
      admin: streamed,
    });
  });

  it("an enrolled-only lesson: sign in for a visitor, the locked page without content for others, the lesson for enrolled, members and admins", async () => {
    const locked = { status: 403, content: false };
    const open = { status: 200, content: true };
    expect(await row(lessonPage(course.slug, paid.slug), paid.notes, videoUrl(paid.id))).toEqual({
      visitor: { status: 302, content: false, location: `/login?next=${encodeURIComponent(lessonPage(course.slug, paid.slug))}` },
      learner: locked,
      enrolled: open,
      revoked: locked,
      member: open,
      admin: open,
    });
  });

  it("the enrolled-only lesson's video file: the same people, checked on the bytes", async () => {
    const streamed = { status: 206, content: true };
    expect(await row(videoUrl(paid.id), paid.notes, videoUrl(paid.id))).toEqual({
      visitor: { status: 401, content: false },
      learner: { status: 403, content: false },
      enrolled: streamed,
      revoked: { status: 403, content: false },
      member: streamed,
      admin: streamed,
    });
  });

  it("the locked page offers the course's Buy and the membership, and none of the lesson's video, embed or notes", async () => {
    const response = await get(lessonPage(course.slug, paid.slug), "learner");
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain("This lesson is locked");
    expect(html).toContain(`href="/checkout?courseId=${course.id}"`);
    expect(html).toContain("Buy This Course — $197.00");
    expect(html).toContain('href="/checkout?plan=monthly"');
    expect(html).not.toContain(paid.notes);
    expect(html).not.toContain(videoUrl(paid.id));
    expect(html).not.toContain("<video");
    // The curriculum still says which lessons are open, in words.
    expect(html).toContain("Locked");
  });

  it("an enrolled learner's page has the player on the access-checked address, never a storage URL", async () => {
    const html = await (await get(lessonPage(course.slug, paid.slug), "enrolled")).text();
    expect(html).toContain(`src="${videoUrl(paid.id)}"`);
    expect(html).not.toContain("/media/course-videos/");
    expect(html).toContain('aria-current="page"');
  });

  it("a draft course's lessons do not exist for anyone but admins, page and video alike", async () => {
    for (const who of ["visitor", "learner", "member"] as const) {
      expect((await get(lessonPage(draft.slug, draft.lessonSlug), who)).status, who).toBe(404);
      expect((await get(videoUrl(draft.lessonId), who)).status, who).toBe(404);
    }
    const adminPage = await get(lessonPage(draft.slug, draft.lessonSlug), "admin");
    expect(adminPage.status).toBe(200);
    expect(await adminPage.text()).toContain("Draft preview");
  });

  it("revoking access closes the page and the video on the next request", async () => {
    const { id, cookie } = await signInNewUser(database().db, "user");
    cookies.learner = cookie;
    await grantCourseAccess({ userId: id, courseId: course.id, actorId: ids.admin, source: "admin" });
    expect((await get(videoUrl(paid.id), "learner", { range: "bytes=0-9" })).status).toBe(206);
    expect((await get(lessonPage(course.slug, paid.slug), "learner")).status).toBe(200);
    await revokeCourseAccess({ userId: id, courseId: course.id, actorId: ids.admin });
    expect((await get(videoUrl(paid.id), "learner", { range: "bytes=0-9" })).status).toBe(403);
    expect((await get(lessonPage(course.slug, paid.slug), "learner")).status).toBe(403);
  });

  it("a membership whose paid period has ended opens nothing more", async () => {
    const { id, cookie } = await signInNewUser(database().db, "user");
    cookies.learner = cookie;
    await database()
      .db.insert(subscriptions)
      .values({ userId: id, plan: "monthly", status: "active", provider: "test", currentPeriodEnd: new Date(Date.now() - 1000) });
    expect((await get(lessonPage(course.slug, paid.slug), "learner")).status).toBe(403);
    expect((await get(videoUrl(paid.id), "learner")).status).toBe(403);
  });

  it("old /learn addresses lead to the lesson pages", async () => {
    const lesson = await get(`/learn/${course.slug}/${paid.slug}`, "visitor");
    expect(lesson.status).toBe(301);
    expect(lesson.headers.get("location")).toBe(lessonPage(course.slug, paid.slug));
    // The course address goes to where the learner is: nothing done yet, so the first lesson.
    const start = await get(`/learn/${course.slug}`, "enrolled");
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe(lessonPage(course.slug, preview.slug));
    expect((await get(`/learn/${draft.slug}`, "visitor")).status).toBe(404);
  });
});

describe("saving progress", () => {
  const post = (url: string, who: Who, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app.base}${url}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(form),
      headers: { ...(cookies[who] ? { cookie: cookies[who] } : {}), origin: app.base, "sec-fetch-site": "same-origin", ...headers },
    });
  const progressOf = async (who: Who, lessonId: string) =>
    (await database().db.select().from(lessonProgress).where(eq(lessonProgress.userId, ids[who]))).find((row) => row.lessonId === lessonId);

  it("keeps the player's position for someone who may open the lesson", async () => {
    const response = await post(`/api/lessons/${paid.id}/progress`, "enrolled", { intent: "position", position: "12.7" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ positionSeconds: 12 });
    expect(await progressOf("enrolled", paid.id)).toMatchObject({ positionSeconds: 12, completedAt: null });
    // The page then starts the player there.
    const page = await callLoader(lessonRoute, {
      path: lessonPage(course.slug, paid.slug),
      params: { courseSlug: course.slug, lessonSlug: paid.slug },
      user: sessionUser({ id: ids.enrolled }),
    });
    expect(page.data).toMatchObject({
      locked: false,
      positionSeconds: 12,
      completed: false,
      player: { kind: "file", src: videoUrl(paid.id) },
    });
  });

  it("refuses a visitor, a locked lesson, nonsense and another site's request, and writes nothing", async () => {
    const url = `/api/lessons/${paid.id}/progress`;
    expect((await post(url, "visitor", { intent: "position", position: "5" })).status).toBe(401);
    expect((await post(url, "revoked", { intent: "position", position: "5" })).status).toBe(403);
    expect((await post(url, "member", { intent: "position", position: "-1" })).status).toBe(400);
    expect((await post(url, "member", { intent: "position", position: "later" })).status).toBe(400);
    expect(
      (await post(url, "member", { intent: "position", position: "5" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }))
        .status,
    ).toBe(403);
    expect((await post(`/api/lessons/${draft.lessonId}/progress`, "member", { intent: "position", position: "5" })).status).toBe(404);
    expect(await progressOf("revoked", paid.id)).toBeUndefined();
    // The member opened the lesson earlier (a row with nothing done); none of the refused positions landed.
    expect(await progressOf("member", paid.id)).toMatchObject({ positionSeconds: 0, completedAt: null });
  });

  it("counts a lesson as opened when someone who may open it loads its page, and only then", async () => {
    const { id, cookie } = await signInNewUser(database().db, "user");
    const page = lessonPage(course.slug, paid.slug);
    const opened = async () =>
      (await database().db.select().from(lessonProgress).where(eq(lessonProgress.userId, id))).map((row) => row.lessonId);
    // Without access: the locked page, nothing recorded.
    expect((await fetch(`${app.base}${page}`, { headers: { cookie } })).status).toBe(403);
    expect(await opened()).toEqual([]);
    await grantCourseAccess({ userId: id, courseId: course.id, actorId: ids.admin, source: "admin" });
    expect((await fetch(`${app.base}${page}`, { headers: { cookie } })).status).toBe(200);
    expect(await opened()).toEqual([paid.id]);
    // Opening it again keeps the one row as it was.
    expect((await fetch(`${app.base}${page}`, { headers: { cookie } })).status).toBe(200);
    expect(await database().db.select().from(lessonProgress).where(eq(lessonProgress.userId, id))).toMatchObject([
      { lessonId: paid.id, positionSeconds: 0, completedAt: null },
    ]);
  });

  it("marks the lesson complete from its page, and not complete again", async () => {
    const page = lessonPage(course.slug, paid.slug);
    expect((await post(page, "member", { intent: "complete" })).status).toBe(200);
    expect((await progressOf("member", paid.id))?.completedAt).toBeInstanceOf(Date);
    const html = await (await get(page, "member")).text();
    expect(html).toContain("1 of 2 lessons complete");
    expect((await post(page, "member", { intent: "incomplete" })).status).toBe(200);
    expect((await progressOf("member", paid.id))?.completedAt).toBeNull();
  });

  it("sends a visitor who tries to complete a lesson to sign in, and refuses someone without access", async () => {
    const page = lessonPage(course.slug, paid.slug);
    const visitor = await post(page, "visitor", { intent: "complete" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/login?next=");
    expect((await post(page, "revoked", { intent: "complete" })).status).toBe(403);
    expect(await progressOf("revoked", paid.id)).toBeUndefined();
  });
});
