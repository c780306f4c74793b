import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signInNewUser } from "../../../tests/support/sign-in";
import { useLocalStorageForTest } from "../../../tests/support/stored-files";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { makeClip } from "../../../tests/support/video-clips";
import { createApp } from "../../../server";
import { grantCourseAccess, revokeCourseAccess } from "~/server/access/course-access.server";
import { getConfig } from "~/server/platform/config.server";
import { createLesson, updateLesson } from "~/server/curriculum/lessons.server";
import { courses } from "~/server/db/schema";
import { createS3Storage, getStorage, setStorage } from "~/server/platform/storage.server";
import { runDueJobs } from "~/server/jobs/queue.server";
import { setLessonCaptions } from "./lesson-captions.server";
import { sessionCookieOf, signStreamAccess, STREAM_ACCESS_COOKIE } from "./stream-access.server";
import { JOB_QUEUE } from "~/lib/job-queues";
import { transcodeLessonVideo } from "./transcode-lesson-video.server";

const database = useTestDatabase();
let server: Server;
let base = "";
const build = vi.fn(() => Promise.reject(new Error("no React Router build in this test")));
type Who = "visitor" | "learner" | "enrolled" | "admin";
const cookies: Record<Who, string> = { visitor: "", learner: "", enrolled: "", admin: "" };
const ids: Record<Who, string> = { visitor: "", learner: "", enrolled: "", admin: "" };
let courseId = "";
let paidLesson = "";
let previewLesson = "";
let draftLesson = "";

async function course(status: "draft" | "published") {
  const [row] = await database()
    .db.insert(courses)
    .values({ title: "Stream course", slug: unique("stream"), status })
    .returning({ id: courses.id });
  return row.id;
}

/** A lesson whose uploaded clip has been transcoded by the job. */
async function streamedLesson(inCourse: string, clip: Buffer, isPreview = false) {
  const { id } = await createLesson({ courseId: inCourse, moduleId: null });
  const key = `${inCourse}/${Date.now()}-clip.mp4`;
  await getStorage().put("course-videos", key, Readable.from([clip]), { contentType: "video/mp4" });
  await updateLesson({
    courseId: inCourse,
    lessonId: id,
    input: {
      title: "Clip",
      slug: unique("clip"),
      type: "video",
      summary: "",
      contentMd: "",
      videoProvider: "upload",
      videoUrl: null,
      videoStoragePath: key,
      embedCode: null,
      durationSeconds: 0,
      isPreview,
    },
  });
  return id;
}

const get = (lessonId: string, file: string, who: Who) =>
  fetch(`${base}/api/lessons/${lessonId}/stream/${file}`, { headers: cookies[who] ? { cookie: cookies[who] } : {} });

beforeAll(async () => {
  const files = useLocalStorageForTest("lesson-stream-route-");
  for (const who of ["learner", "enrolled", "admin"] as const) {
    const { id, cookie } = await signInNewUser(database().db, who === "admin" ? "admin" : "user");
    cookies[who] = cookie;
    ids[who] = id;
  }
  server = createApp({ config: getConfig(), build }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stream-route-"));
  // Ten seconds in 4-second segments: three segments, one rendition (160×90 keeps it quick).
  const clip = fs.readFileSync(await makeClip(path.join(dir, "clip.mp4"), { width: 160, height: 90, seconds: 10 }));
  fs.rmSync(dir, { recursive: true, force: true });
  courseId = await course("published");
  paidLesson = await streamedLesson(courseId, clip);
  previewLesson = await streamedLesson(courseId, clip, true);
  draftLesson = await streamedLesson(await course("draft"), clip, true);
  expect(await runDueJobs(JOB_QUEUE.transcodeVideo, transcodeLessonVideo)).toEqual({ ran: 3, failed: 0 });
  await grantCourseAccess({ userId: ids.enrolled, courseId, actorId: ids.admin, source: "admin" });
  return files.restore;
}, 60_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The `name=value` of the stream credential a playlist hands `cookie`'s owner for `lessonId`. */
async function credentialFrom(lessonId: string, cookie: string) {
  const response = await fetch(`${base}/api/lessons/${lessonId}/stream/master.m3u8`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const set = response.headers.getSetCookie().find((value) => value.startsWith(`${STREAM_ACCESS_COOKIE}=`));
  expect(set).toBeDefined();
  return set!.split(";")[0];
}

const PIECES = ["master.m3u8", "90p/index.m3u8", "90p/seg-0000.ts", "poster.jpg"];

describe("GET /api/lessons/:id/stream/…", () => {
  it("serves each piece with its type, kept privately and revalidated before every use", async () => {
    const types = ["application/vnd.apple.mpegurl", "application/vnd.apple.mpegurl", "video/mp2t", "image/jpeg"];
    for (const [index, file] of PIECES.entries()) {
      const response = await get(paidLesson, file, "enrolled");
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type"), file).toContain(types[index]);
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const master = await (await get(paidLesson, "master.m3u8", "enrolled")).text();
    expect(master).toMatch(/^90p\/index\.m3u8$/m);
    const playlist = await (await get(paidLesson, "90p/index.m3u8", "enrolled")).text();
    expect(playlist.split("\n").filter((line) => line.endsWith(".ts"))).toEqual(["seg-0000.ts", "seg-0001.ts", "seg-0002.ts"]);
  });

  it("lets only the viewers the access rule allows have any piece", async () => {
    const matrix = async (lessonId: string) => {
      const answer: Record<string, number[]> = {};
      for (const who of ["visitor", "learner", "enrolled", "admin"] as const) {
        answer[who] = [];
        for (const file of PIECES) {
          const response = await get(lessonId, file, who);
          await response.arrayBuffer();
          answer[who].push(response.status);
        }
      }
      return answer;
    };
    expect(await matrix(paidLesson)).toEqual({
      visitor: [401, 401, 401, 401],
      learner: [403, 403, 403, 403],
      enrolled: [200, 200, 200, 200],
      admin: [200, 200, 200, 200],
    });
    expect(await matrix(previewLesson)).toEqual({
      visitor: [200, 200, 200, 200],
      learner: [200, 200, 200, 200],
      enrolled: [200, 200, 200, 200],
      admin: [200, 200, 200, 200],
    });
    // A draft course's lessons, previews included, are for admins only.
    expect(await matrix(draftLesson)).toEqual({
      visitor: [404, 404, 404, 404],
      learner: [404, 404, 404, 404],
      enrolled: [404, 404, 404, 404],
      admin: [200, 200, 200, 200],
    });
  });

  it("answers an allowed playlist with a short-lived credential scoped to the lesson, and none to a refused one", async () => {
    const response = await get(paidLesson, "master.m3u8", "enrolled");
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${STREAM_ACCESS_COOKIE}=`)) ?? "";
    expect(cookie).toContain(`Path=/api/lessons/${paidLesson}/`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeLessThanOrEqual(300);
    const refused = await get(paidLesson, "master.m3u8", "learner");
    expect(refused.status).toBe(403);
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it("serves segments, the poster and captions on the credential alone, and refuses every bad one", async () => {
    await setLessonCaptions({
      courseId,
      lessonId: paidLesson,
      bytes: new TextEncoder().encode("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello\n"),
    });
    const { id, cookie } = await signInNewUser(database().db, "user");
    await grantCourseAccess({ userId: id, courseId, actorId: ids.admin, source: "admin" });
    const credential = await credentialFrom(paidLesson, cookie);
    const watch = (file: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/lessons/${paidLesson}/${file}`, { headers: { cookie: `${cookie}; ${credential}`, ...headers } });
    const first = await watch("stream/90p/seg-0000.ts");
    expect(first.status).toBe(200);
    // Served on the credential: no new one is handed out (the access rule was not asked).
    expect(first.headers.getSetCookie()).toEqual([]);
    const etag = first.headers.get("etag") ?? "";
    expect((await watch("stream/90p/seg-0000.ts", { "if-none-match": etag })).status).toBe(304);

    // Revoked: the next playlist is refused at once; the pieces stay served until the credential expires…
    await revokeCourseAccess({ userId: id, courseId, actorId: ids.admin });
    expect((await watch("stream/master.m3u8")).status).toBe(403);
    expect((await watch("stream/90p/index.m3u8")).status).toBe(403);
    for (const file of ["stream/90p/seg-0001.ts", "stream/poster.jpg", "captions.vtt"]) {
      expect((await watch(file)).status, file).toBe(200);
    }
    // …and an expired one is worth nothing: the access rule decides, and refuses.
    const expired = signStreamAccess({
      lessonId: paidLesson,
      session: sessionCookieOf(cookie),
      access: { expiresAt: Math.floor(Date.now() / 1000) - 1, userId: id, hlsPrefix: "x", captionsPath: null },
    });
    const withExpired = await fetch(`${base}/api/lessons/${paidLesson}/stream/90p/seg-0001.ts`, {
      headers: { cookie: `${cookie}; ${STREAM_ACCESS_COOKIE}=${expired}` },
    });
    expect(withExpired.status).toBe(403);
    expect(withExpired.headers.getSetCookie()).toEqual([]);
    // Without any credential, a revoked learner's segment is refused too.
    expect((await fetch(`${base}/api/lessons/${paidLesson}/stream/90p/seg-0001.ts`, { headers: { cookie } })).status).toBe(403);
  });

  it("refuses forged, other-lesson and other-person credentials", async () => {
    const enrolled = await credentialFrom(paidLesson, cookies.enrolled);
    const segment = (cookie: string, lessonId = paidLesson) =>
      fetch(`${base}/api/lessons/${lessonId}/stream/90p/seg-0000.ts`, { headers: { cookie } }).then((response) => response.status);
    expect(await segment(`${cookies.enrolled}; ${enrolled}`)).toBe(200);

    // The enrolled learner's credential with another person's session, or none (signed out).
    expect(await segment(`${cookies.learner}; ${enrolled}`)).toBe(403);
    expect(await segment(enrolled)).toBe(401);
    // A credential for a lesson the learner may watch (a preview), presented for another.
    const preview = await credentialFrom(previewLesson, cookies.learner);
    expect(await segment(`${cookies.learner}; ${preview}`)).toBe(403);
    // Forged: the payload changed (another user, a far expiry), or the signature.
    const [payload, signature] = enrolled.slice(STREAM_ACCESS_COOKIE.length + 1).split(".");
    const [, , prefix] = JSON.parse(Buffer.from(payload, "base64url").toString()) as [number, string, string];
    const forgedPayload = Buffer.from(JSON.stringify([Math.floor(Date.now() / 1000) + 9999, ids.learner, prefix, ""])).toString("base64url");
    expect(await segment(`${cookies.learner}; ${STREAM_ACCESS_COOKIE}=${forgedPayload}.${signature}`)).toBe(403);
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    expect(await segment(`${cookies.learner}; ${STREAM_ACCESS_COOKIE}=${payload}.${flipped}`)).toBe(403);
    expect(await segment(`${cookies.learner}; ${STREAM_ACCESS_COOKIE}=garbage`)).toBe(403);
  });

  it("with S3 storage, answers a segment by a redirect to a presigned URL of the same short life, kept privately", async () => {
    const local = getStorage();
    const s3rver = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: fs.mkdtempSync(path.join(os.tmpdir(), "stream-s3rver-")),
      configureBuckets: [{ name: "stream-test" }],
    });
    const { port } = await s3rver.run();
    const s3 = createS3Storage({
      bucket: "stream-test",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    try {
      const credential = await credentialFrom(paidLesson, cookies.enrolled);
      const [payload] = credential.slice(STREAM_ACCESS_COOKIE.length + 1).split(".");
      const [, , prefix] = JSON.parse(Buffer.from(payload, "base64url").toString()) as [number, string, string];
      const segmentKey = `${prefix}/90p/seg-0000.ts`;
      const bytes = Buffer.from(await (await local.get("course-videos", segmentKey))!.stream.toArray().then(Buffer.concat));
      await s3.put("course-videos", segmentKey, Readable.from([bytes]), { contentType: "video/mp2t" });
      setStorage(s3);

      const response = await fetch(`${base}/api/lessons/${paidLesson}/stream/90p/seg-0000.ts`, {
        headers: { cookie: `${cookies.enrolled}; ${credential}` },
        redirect: "manual",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
      const location = new URL(response.headers.get("location") ?? "");
      expect(location.origin).toBe(`http://127.0.0.1:${port}`);
      expect(Number(location.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(300);
      const fromBucket = await fetch(location);
      expect(fromBucket.status).toBe(200);
      expect(fromBucket.headers.get("cache-control")).toBe("private, no-cache");
      expect(Buffer.from(await fromBucket.arrayBuffer()).equals(bytes)).toBe(true);
      // Without access, no redirect: the refusal comes from the app.
      const refused = await fetch(`${base}/api/lessons/${paidLesson}/stream/90p/seg-0000.ts`, {
        headers: { cookie: cookies.learner },
        redirect: "manual",
      });
      expect(refused.status).toBe(403);
    } finally {
      setStorage(local);
      await s3rver.close();
    }
  });

  it("serves a lesson's captions to the same viewers as its video", async () => {
    await setLessonCaptions({
      courseId,
      lessonId: paidLesson,
      bytes: new TextEncoder().encode("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello\n"),
    });
    const captions = (who: Who) =>
      fetch(`${base}/api/lessons/${paidLesson}/captions.vtt`, { headers: cookies[who] ? { cookie: cookies[who] } : {} });
    const statuses = await Promise.all(
      (["visitor", "learner", "enrolled", "admin"] as const).map(async (who) => (await captions(who)).status),
    );
    expect(statuses).toEqual([401, 403, 200, 200]);
    const response = await captions("enrolled");
    expect(response.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(await response.text()).toContain("00:00:01.000 --> 00:00:03.000");
    expect((await fetch(`${base}/api/lessons/${previewLesson}/captions.vtt`)).status).toBe(404);
  });

  it("answers 404 for files that are not a stream's, and for a lesson with no ready stream", async () => {
    for (const file of ["source.mp4", "90p/other.m3u8", "..%2F..%2Fsecret", "90p/seg-0099.ts", "1080p/index.m3u8"]) {
      expect((await get(paidLesson, file, "admin")).status, file).toBe(404);
    }
    const { id } = await createLesson({ courseId, moduleId: null });
    expect((await get(id, "master.m3u8", "admin")).status).toBe(404);
    expect((await get(crypto.randomUUID(), "master.m3u8", "admin")).status).toBe(404);
  });
});
