import { JOB_QUEUE } from "~/lib/job-queues";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import S3rver from "s3rver";
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStorageForTest } from "../../../tests/support/stored-files";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { makeClip } from "../../../tests/support/video-clips";
import { getConfig, setConfig } from "~/server/platform/config.server";
import { LessonSlugTakenError } from "~/server/curriculum/curriculum-errors.server";
import { createLesson, updateLesson } from "~/server/curriculum/lessons.server";
import { courses, lessons, lessonVideoStreams } from "~/server/db/schema";
import { QUEUE_SCHEMA, runDueJobs } from "~/server/jobs/queue.server";
import { createS3Storage, setStorage } from "~/server/platform/storage.server";
import { ffmpegCandidate, resetFfmpeg, runFfmpeg } from "./ffmpeg.server";
import { listLessonStreams, retryLessonTranscode } from "./lesson-streams.server";
import { transcodeLessonVideo } from "./transcode-lesson-video.server";

const database = useTestDatabase();
let files: ReturnType<typeof useLocalStorageForTest>;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "transcode-test-"));
/** A 6-second 640×480 clip (two renditions: 360p and the source's own 480 lines) and a 3-second 320×180 one. */
let tallClip: Buffer;
let smallClip: Buffer;

beforeAll(async () => {
  files = useLocalStorageForTest("lesson-streams-");
  tallClip = fs.readFileSync(await makeClip(path.join(workDir, "tall.mp4"), { width: 640, height: 480, seconds: 6 }));
  smallClip = fs.readFileSync(await makeClip(path.join(workDir, "small.mp4"), { seconds: 3, audio: false }));
  return () => {
    files.restore();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}, 60_000);

async function uploadedLesson(bytes: Buffer) {
  const [course] = await database()
    .db.insert(courses)
    .values({ title: "Course", slug: unique("course") })
    .returning({ id: courses.id });
  const { id } = await createLesson({ courseId: course.id, moduleId: null });
  const key = await store(course.id, bytes);
  await save(course.id, id, key);
  return { courseId: course.id, lessonId: id, key };
}

async function store(courseId: string, bytes: Buffer) {
  const key = `${courseId}/${Date.now()}-${unique("clip")}.mp4`;
  await files.storage.put("course-videos", key, Readable.from([bytes]), { contentType: "video/mp4" });
  return key;
}

/** The builder's save of an uploaded lesson video. */
function save(courseId: string, lessonId: string, videoStoragePath: string | null, slug = unique("lesson")) {
  return updateLesson({
    courseId,
    lessonId,
    input: {
      title: "Clip",
      slug,
      type: "video",
      summary: "",
      contentMd: "",
      videoProvider: "upload",
      videoUrl: null,
      videoStoragePath,
      embedCode: null,
      durationSeconds: 0,
      isPreview: false,
    },
  });
}

const runTranscodes = () => runDueJobs(JOB_QUEUE.transcodeVideo, transcodeLessonVideo);

async function stream(lessonId: string) {
  const [row] = await database().db.select().from(lessonVideoStreams).where(eq(lessonVideoStreams.lessonId, lessonId));
  return row;
}

async function text(key: string) {
  const object = await files.storage.get("course-videos", key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("transcoding an uploaded lesson video", () => {
  it("is queued by the lesson save and makes the HLS ladder, a poster and the lesson's duration, keeping the original", async () => {
    const { lessonId, key } = await uploadedLesson(tallClip);
    expect((await listLessonStreams({ lessonIds: [lessonId] })).get(lessonId)).toMatchObject({ status: "queued", progress: 0 });

    expect(await runTranscodes()).toEqual({ ran: 1, failed: 0 });

    const row = await stream(lessonId);
    expect(row).toMatchObject({ status: "ready", progress: 100, error: null, renditions: [360, 480], durationSeconds: 6 });
    const [lesson] = await database().db.select({ durationSeconds: lessons.durationSeconds }).from(lessons).where(eq(lessons.id, lessonId));
    expect(lesson.durationSeconds).toBe(6);

    const master = (await text(`${row.hlsPrefix}/master.m3u8`))!.toString();
    expect(master).toContain("RESOLUTION=480x360");
    expect(master).toContain("RESOLUTION=640x480");
    expect(master).toMatch(/^360p\/index\.m3u8$/m);
    expect(master).toMatch(/^480p\/index\.m3u8$/m);
    for (const name of ["360p", "480p"]) {
      const playlist = (await text(`${row.hlsPrefix}/${name}/index.m3u8`))!.toString();
      expect(playlist).toContain("#EXT-X-ENDLIST");
      const segments = playlist.split("\n").filter((line) => line.endsWith(".ts"));
      // Six seconds in 4-second segments.
      expect(segments).toEqual(["seg-0000.ts", "seg-0001.ts"]);
      expect(playlist).toMatch(/#EXT-X-TARGETDURATION:4\b/);
      for (const segment of segments) expect((await text(`${row.hlsPrefix}/${name}/${segment}`))!.length).toBeGreaterThan(1000);
    }
    const poster = await text(`${row.hlsPrefix}/poster.jpg`);
    expect(poster!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await files.exists("course-videos", key)).toBe(true);
  });

  it("removes a replaced video's stream and queues the new upload", async () => {
    const { courseId, lessonId } = await uploadedLesson(smallClip);
    await runTranscodes();
    const old = await stream(lessonId);
    expect(old).toMatchObject({ status: "ready", renditions: [180] });
    expect(await files.exists("course-videos", `${old.hlsPrefix}/master.m3u8`)).toBe(true);

    const replacement = await store(courseId, smallClip);
    await save(courseId, lessonId, replacement);
    expect(await stream(lessonId)).toMatchObject({ status: "queued", sourcePath: replacement, hlsPrefix: null });
    expect(await files.exists("course-videos", `${old.hlsPrefix}/master.m3u8`)).toBe(false);
    expect(await files.exists("course-videos", `${old.hlsPrefix}/180p/seg-0000.ts`)).toBe(false);
  });

  it("skips a job whose upload was replaced before it ran", async () => {
    const { courseId, lessonId, key } = await uploadedLesson(smallClip);
    const replacement = await store(courseId, smallClip);
    await save(courseId, lessonId, replacement);
    expect((await runTranscodes()).failed).toBe(0);
    expect(await stream(lessonId)).toMatchObject({ status: "ready", sourcePath: replacement });
    expect(key).not.toBe(replacement);
  });

  it("queues nothing when the save fails", async () => {
    const taken = await uploadedLesson(smallClip);
    await runTranscodes();
    const { id: lessonId } = await createLesson({ courseId: taken.courseId, moduleId: null });
    const [takenLesson] = await database().db.select({ slug: lessons.slug }).from(lessons).where(eq(lessons.id, taken.lessonId));
    const key = await store(taken.courseId, smallClip);
    await expect(save(taken.courseId, lessonId, key, takenLesson.slug)).rejects.toThrow(LessonSlugTakenError);
    expect(await stream(lessonId)).toBeUndefined();
    const jobs = await database().db.execute(
      sql.raw(`select count(*)::int as count from ${QUEUE_SCHEMA}.job where name = '${JOB_QUEUE.transcodeVideo}' and state = 'created'`),
    );
    const count = (Array.isArray(jobs) ? jobs : (jobs as unknown as { rows: { count: number }[] }).rows)[0] as { count: number };
    expect(count.count).toBe(0);
  });
});

/** A clip ffmpeg makes from its test pattern (`testsrc` options), encoded fast. */
async function patternClip(name: string, pattern: string) {
  const candidate = ffmpegCandidate({ configured: process.env.FFMPEG_PATH || undefined });
  if (!("path" in candidate)) throw new Error(candidate.reason);
  const file = path.join(workDir, name);
  await runFfmpeg(candidate.path, ["-y", "-f", "lavfi", "-i", `testsrc=${pattern}`, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file]);
  return fs.readFileSync(file);
}

describe("a failed transcode", () => {
  it("refuses a source longer than four hours or larger than 4K after the probe, with the reason the builder shows", async () => {
    // Four hours and a minute at one frame a minute, and a strip 4112 pixels wide: both small files.
    const long = await uploadedLesson(await patternClip("long.mp4", "size=32x32:rate=1/60:duration=14460"));
    const wide = await uploadedLesson(await patternClip("wide.mp4", "size=4112x16:rate=15:duration=0.2"));
    await runTranscodes();
    const streams = await listLessonStreams({ lessonIds: [long.lessonId, wide.lessonId] });
    expect(streams.get(long.lessonId)).toMatchObject({
      status: "failed",
      error: "The video lasts 241 minutes; the longest that is transcoded is 4 hours",
    });
    expect(streams.get(wide.lessonId)).toMatchObject({
      status: "failed",
      error: "The video is 4112×16; the largest that is transcoded is 3840×2160 (4K)",
    });
  });

  it("keeps the reason for a file ffmpeg cannot read", async () => {
    const { lessonId } = await uploadedLesson(Buffer.from("not a video, only text"));
    await runTranscodes();
    expect((await listLessonStreams({ lessonIds: [lessonId] })).get(lessonId)).toMatchObject({
      status: "failed",
      error: "The file has no video ffmpeg can read",
    });
  });

  it("says when there is no working ffmpeg, and Retry makes the stream once there is", async () => {
    const config = getConfig();
    setConfig({ ...config, ffmpegPath: path.join(workDir, "no-such-ffmpeg") });
    resetFfmpeg();
    const { courseId, lessonId } = await uploadedLesson(smallClip);
    try {
      await runTranscodes();
    } finally {
      setConfig(config);
      resetFfmpeg();
    }
    const failed = (await listLessonStreams({ lessonIds: [lessonId] })).get(lessonId);
    expect(failed?.status).toBe("failed");
    expect(failed?.error).toMatch(/^No working ffmpeg: .*no-such-ffmpeg does not run/);

    expect(await retryLessonTranscode({ courseId, lessonId })).toEqual({ lessonId, status: "queued" });
    expect((await listLessonStreams({ lessonIds: [lessonId] })).get(lessonId)).toMatchObject({ status: "queued", error: null });
    await runTranscodes();
    expect((await listLessonStreams({ lessonIds: [lessonId] })).get(lessonId)).toMatchObject({ status: "ready", renditions: [180] });
  });
});

describe("on S3 storage", () => {
  it("reads the upload from S3, stores the stream there, and removes a replaced stream's objects", async () => {
    const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "transcode-s3rver-"));
    const s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: "lessons" }] });
    const { port } = await s3rver.run();
    const s3 = createS3Storage({
      bucket: "lessons",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    setStorage(s3);
    try {
      const [course] = await database()
        .db.insert(courses)
        .values({ title: "S3 course", slug: unique("s3") })
        .returning({ id: courses.id });
      const { id: lessonId } = await createLesson({ courseId: course.id, moduleId: null });
      const key = `${course.id}/${Date.now()}-clip.mp4`;
      await s3.put("course-videos", key, Readable.from([smallClip]), { contentType: "video/mp4" });
      await save(course.id, lessonId, key);
      await runTranscodes();
      const row = await stream(lessonId);
      expect(row).toMatchObject({ status: "ready", renditions: [180], durationSeconds: 3 });
      const master = await s3.get("course-videos", `${row.hlsPrefix}/master.m3u8`);
      expect(master?.contentType).toBe("application/vnd.apple.mpegurl");
      master?.stream.destroy();

      const objects = async (prefix: string) => {
        const keys: string[] = [];
        for await (const object of s3.list("course-videos", `${prefix}/`)) keys.push(object.key);
        return keys.sort();
      };
      expect(await objects(row.hlsPrefix!)).toEqual(
        [
          `${row.hlsPrefix}/180p/index.m3u8`,
          `${row.hlsPrefix}/180p/seg-0000.ts`,
          `${row.hlsPrefix}/master.m3u8`,
          `${row.hlsPrefix}/poster.jpg`,
        ].sort(),
      );
      await save(course.id, lessonId, null);
      expect(await objects(row.hlsPrefix!)).toEqual([]);
      expect(await stream(lessonId)).toBeUndefined();
    } finally {
      setStorage(files.storage);
      await s3rver.close();
      fs.rmSync(s3Dir, { recursive: true, force: true });
    }
  });
});
