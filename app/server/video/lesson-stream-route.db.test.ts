import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Readable } from "node:stream";
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
import { runDueJobs } from "~/server/jobs/queue.server";
import { setLessonCaptions } from "./lesson-captions.server";
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
  const { getStorage } = await import("~/server/platform/storage.server");
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

  it("stops a learner whose access is revoked mid-stream at the next segment, even one their browser kept", async () => {
    const { id, cookie } = await signInNewUser(database().db, "user");
    await grantCourseAccess({ userId: id, courseId, actorId: ids.admin, source: "admin" });
    const watch = (file: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/lessons/${paidLesson}/stream/${file}`, { headers: { cookie, ...headers } });
    expect((await watch("master.m3u8")).status).toBe(200);
    expect((await watch("90p/index.m3u8")).status).toBe(200);
    const first = await watch("90p/seg-0000.ts");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") ?? "";
    expect((await watch("90p/seg-0000.ts", { "if-none-match": etag })).status).toBe(304);

    await revokeCourseAccess({ userId: id, courseId, actorId: ids.admin });
    expect((await watch("90p/seg-0001.ts")).status).toBe(403);
    expect((await watch("90p/seg-0000.ts", { "if-none-match": etag })).status).toBe(403);
    expect((await watch("master.m3u8")).status).toBe(403);
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
