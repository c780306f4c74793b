import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signInNewUser } from "../../../tests/support/sign-in";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { createApp } from "../../../server";
import { findLessonAccess } from "../access/lesson-access.server";
import { getConfig } from "../platform/config.server";
import { courses, enrollments, lessons } from "../db/schema";
import { parseRange } from "./lesson-video.server";
import { expectErrorLogs } from "../../../tests/support/error-logs";

const database = useTestDatabase();

/** A real one-second WebM (VP8, 64×36), made once with ffmpeg and committed. */
const CLIP = fs.readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/lesson-clip.webm"));

let server: Server;
let base = "";
/** Every request that falls through to React Router (its 404 page in production). */
const build = vi.fn(() => Promise.reject(new Error("no React Router build in this test")));
const cookies = { admin: "", enrolled: "", learner: "", revoked: "" };
const userIds = { admin: "", enrolled: "", learner: "", revoked: "" };

const signIn = (role: "admin" | "user") => signInNewUser(database().db, role);

async function course(status: "draft" | "published") {
  const [row] = await database()
    .db.insert(courses)
    .values({ title: "Video course", slug: unique("video"), status })
    .returning({ id: courses.id });
  return row.id;
}

async function lesson(courseId: string, { isPreview = false } = {}) {
  const [row] = await database()
    .db.insert(lessons)
    .values({ courseId, title: "Clip", slug: unique("clip"), orderIndex: 1, isPreview, videoProvider: "upload" })
    .returning({ id: lessons.id });
  return row.id;
}

/** Uploads the clip for a lesson as the admin, and saves its key on the lesson as the builder does. */
async function uploadClip(lessonId: string, bytes = CLIP) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "video/webm" }), "Intro clip.webm");
  const response = await fetch(`${base}/api/uploads/lesson-video?ownerId=${lessonId}`, {
    method: "POST",
    body: form,
    headers: { cookie: cookies.admin },
  });
  const body = (await response.json()) as { key: string; url: string | null; error?: string };
  if (response.status === 201) await database().db.update(lessons).set({ videoStoragePath: body.key }).where(eq(lessons.id, lessonId));
  return { status: response.status, body };
}

const video = (lessonId: string, { cookie = "", range, ifNoneMatch }: { cookie?: string; range?: string; ifNoneMatch?: string } = {}) =>
  fetch(`${base}/api/lessons/${lessonId}/video`, {
    headers: { ...(cookie ? { cookie } : {}), ...(range ? { range } : {}), ...(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}) },
  });

let published = "";
let paidLesson = "";
let previewLesson = "";
let draftLesson = "";
let uploadedKey = "";

beforeAll(async () => {
  for (const name of ["admin", "enrolled", "learner", "revoked"] as const) {
    const { id, cookie } = await signIn(name === "admin" ? "admin" : "user");
    cookies[name] = cookie;
    userIds[name] = id;
  }
  server = createApp({ config: getConfig(), build }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  published = await course("published");
  paidLesson = await lesson(published);
  previewLesson = await lesson(published, { isPreview: true });
  draftLesson = await lesson(await course("draft"));
  await database()
    .db.insert(enrollments)
    .values([
      { userId: userIds.enrolled, courseId: published, source: "admin", status: "active" },
      { userId: userIds.revoked, courseId: published, source: "admin", status: "revoked" },
    ]);
  const upload = await uploadClip(paidLesson);
  uploadedKey = upload.body.key;
  for (const id of [previewLesson, draftLesson]) await uploadClip(id);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("uploading a lesson video", () => {
  it("files it under the lesson's course, not the lesson, with no public URL", async () => {
    expect(uploadedKey).toMatch(new RegExp(`^${published}/\\d+-Intro-clip\\.webm$`));
    const again = await uploadClip(paidLesson);
    expect(again).toMatchObject({ status: 201, body: { url: null } });
  });

  it("refuses an unknown lesson and a missing lesson id", async () => {
    expect((await uploadClip(crypto.randomUUID())).status).toBe(404);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(CLIP)], { type: "video/webm" }), "clip.webm");
    const response = await fetch(`${base}/api/uploads/lesson-video`, { method: "POST", body: form, headers: { cookie: cookies.admin } });
    expect(response.status).toBe(404);
  });

  it("refuses a file over 50MB with the spec's message, checked while streaming, and keeps nothing", async () => {
    const root =
      getConfig().storage.kind === "local" ? path.join((getConfig().storage as { root: string }).root, "course-videos", published) : "";
    const before = fs.readdirSync(root).toSorted();
    const big = Buffer.concat([CLIP, Buffer.alloc(50 * 1024 * 1024 + 1 - CLIP.length, 0)]);
    const response = await uploadClip(paidLesson, big);
    expect(response).toMatchObject({ status: 413, body: { error: "File size must be less than 50MB" } });
    await expect.poll(() => fs.readdirSync(root).toSorted()).toEqual(before);
  });

  it("refuses a non-video with the spec's message", async () => {
    const response = await uploadClip(paidLesson, Buffer.from("not a video at all, just text pretending"));
    expect(response).toMatchObject({ status: 415, body: { error: "Please select a video file" } });
  });
});

describe("GET /api/lessons/:id/video", () => {
  it("sends the whole file with Accept-Ranges, kept privately but asked again before every use", async () => {
    const response = await video(paidLesson, { cookie: cookies.admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("etag")).toMatch(/^".+"$/);
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect(response.headers.get("content-length")).toBe(String(CLIP.length));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CLIP);
  });

  it("answers a browser's revalidation with 304 and no bytes, after the access check, so a cached copy stops with a revoke", async () => {
    const etag = (await video(paidLesson, { cookie: cookies.admin })).headers.get("etag") ?? "";
    const again = await video(paidLesson, { cookie: cookies.admin, ifNoneMatch: etag });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect((await video(paidLesson, { cookie: cookies.admin, ifNoneMatch: '"something-else"' })).status).toBe(200);
    expect((await video(paidLesson, { cookie: cookies.revoked, ifNoneMatch: etag })).status).toBe(403);
    expect((await video(paidLesson, { ifNoneMatch: etag })).status).toBe(401);
  });

  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=100-", 100, CLIP.length - 1],
    ["bytes=-200", CLIP.length - 200, CLIP.length - 1],
    ["bytes=10-999999", 10, CLIP.length - 1],
  ])("answers %s with 206 and exactly those bytes", async (range, start, end) => {
    const response = await video(paidLesson, { cookie: cookies.admin, range });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/${CLIP.length}`);
    expect(response.headers.get("content-length")).toBe(String(end - start + 1));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CLIP.subarray(start, end + 1));
  });

  it("answers a range past the end with 416 and the size", async () => {
    const response = await video(paidLesson, { cookie: cookies.admin, range: `bytes=${CLIP.length}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${CLIP.length}`);
  });

  it("lets only viewers allowed to open the lesson watch it", async () => {
    const statuses = async (lessonId: string) =>
      Object.fromEntries(
        await Promise.all(
          (["visitor", "learner", "revoked", "enrolled", "admin"] as const).map(async (who) => {
            const response = await video(lessonId, { cookie: who === "visitor" ? "" : cookies[who], range: "bytes=0-9" });
            await response.arrayBuffer();
            return [who, response.status];
          }),
        ),
      );
    expect(await statuses(paidLesson)).toEqual({ visitor: 401, learner: 403, revoked: 403, enrolled: 206, admin: 206 });
    expect(await statuses(previewLesson)).toEqual({ visitor: 206, learner: 206, revoked: 206, enrolled: 206, admin: 206 });
    // A draft course's lessons, even its previews, are for admins only.
    expect(await statuses(draftLesson)).toEqual({ visitor: 404, learner: 404, revoked: 404, enrolled: 404, admin: 206 });
  });

  it("answers 404 for a lesson without an uploaded video or an unknown id", async () => {
    const youtube = await lesson(published, { isPreview: true });
    expect((await video(youtube, { cookie: cookies.admin })).status).toBe(404);
    expect((await video(crypto.randomUUID(), { cookie: cookies.admin })).status).toBe(404);
    expect((await video("not-a-uuid", { cookie: cookies.admin })).status).toBe(404);
  });

  it("gives uploaded videos no public URL under /media", async () => {
    // The stand-in for React Router's 404 page throws, and the server logs that as it would any failure.
    expectErrorLogs(/unhandled error/);
    expectErrorLogs(/request errored/);
    build.mockClear();
    const response = await fetch(`${base}/media/course-videos/${uploadedKey}`, { headers: { cookie: cookies.admin } });
    expect(response.status).not.toBe(200);
    expect(response.headers.get("content-type")).not.toBe("video/webm");
    // It fell through to the site's 404 page (React Router), not to the file.
    expect(build).toHaveBeenCalled();
  });

  it("allows the embed hosts in the Content-Security-Policy's frame-src", async () => {
    const response = await fetch(`${base}/healthz`);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(
      /frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com https:\/\/fast\.wistia\.net https:\/\/www\.loom\.com https:\/\/iframe\.mediadelivery\.net;/,
    );
    expect(policy).toContain("media-src 'self'");
  });
});

describe("findLessonAccess", () => {
  const user = (role: string, id = userIds.learner) => ({ id, role });

  it("answers every case of the matrix", async () => {
    const publishedCourse = { id: published, status: "published" };
    const draftCourse = { id: published, status: "draft" };
    const paid = { isPreview: false, dripDays: null, dripDate: null };
    const free = { isPreview: true, dripDays: null, dripDate: null };
    const cases = [
      [null, free, publishedCourse, { allowed: true, reason: "preview" }],
      [null, paid, publishedCourse, { allowed: false, reason: "sign-in" }],
      [null, free, draftCourse, { allowed: false, reason: "draft" }],
      [user("user"), paid, publishedCourse, { allowed: false, reason: "not-enrolled" }],
      [user("user", userIds.revoked), paid, publishedCourse, { allowed: false, reason: "not-enrolled" }],
      [user("user", userIds.enrolled), paid, publishedCourse, { allowed: true, reason: "enrolled" }],
      [user("user", userIds.enrolled), paid, draftCourse, { allowed: false, reason: "draft" }],
      [user("", userIds.enrolled), paid, publishedCourse, { allowed: true, reason: "enrolled" }],
      [user("admin"), paid, publishedCourse, { allowed: true, reason: "admin" }],
      [user("admin"), paid, draftCourse, { allowed: true, reason: "admin" }],
      [user("super_admin"), free, draftCourse, { allowed: true, reason: "admin" }],
    ] as const;
    for (const [who, lessonFields, courseFields, expected] of cases) {
      expect(
        await findLessonAccess({ user: who, lesson: lessonFields, course: courseFields }),
        JSON.stringify([who, lessonFields, courseFields]),
      ).toEqual(expected);
    }
  });
});

describe("parseRange", () => {
  it.each([
    [undefined, null],
    ["bytes=0-0", { start: 0, end: 0 }],
    ["bytes=5-", { start: 5, end: 99 }],
    ["bytes=-5", { start: 95, end: 99 }],
    ["bytes=-500", { start: 0, end: 99 }],
    ["bytes=100-", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=9-3", null],
    ["bytes=0-1,5-6", null],
    ["items=0-5", null],
    ["bytes=-", null],
  ] as const)("reads %s for a 100-byte file as %j", (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
