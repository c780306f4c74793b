// The stream the video benchmarks play (bench:video, bench:cluster): the demo school, an enrolled
// learner, a paid video lesson of the demo's first course with a ready stream whose files are
// written straight to storage (no ffmpeg: the bytes are not played, only served), and a public
// media file of a segment's size to compare with. Prepared in the database before the server
// starts (on PGlite it holds the lock while it runs).
import { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { grantCourseAccess } from "../app/server/access/course-access.server";
import { setDatabase, type DatabaseHandle } from "../app/server/db/client.server";
import { runMigrations } from "../app/server/db/migrate.server";
import { courses, lessons, lessonVideoStreams } from "../app/server/db/schema";
import { seedDemoContent } from "../app/server/db/seed/seed.server";
import { upsertPasswordUser } from "../app/server/users/password-users.server";
import { getStorage } from "../app/server/platform/storage.server";
import { masterPlaylist } from "../app/server/video/hls.server";

export const SEGMENT_BYTES = Math.round(Number(process.env.BENCH_SEGMENT_KB ?? 465) * 1024);
export const SEGMENTS = 30;
const COURSE_SLUG = "shopify-101";
export const LEARNER = { email: "bench-video-learner@example.com", password: "bench video learner password" };
export const STATIC_KEY = "bench/segment-sized.ts";
export const STATIC_PATH = `/media/media/${STATIC_KEY}`;

/** The learner, enrolled; a paid lesson of the course playing a ready stream of SEGMENTS segments; a media file of a segment's size. */
export async function prepareStreamFixture(handle: DatabaseHandle) {
  await runMigrations(handle);
  await seedDemoContent(handle.db);
  setDatabase(handle);
  try {
    const [course] = await handle.db.select({ id: courses.id }).from(courses).where(eq(courses.slug, COURSE_SLUG));
    if (!course) throw new Error(`the demo has no course ${COURSE_SLUG}`);
    const { id: userId } = await upsertPasswordUser(handle.db, { ...LEARNER, role: "user", name: "Bench Learner" });
    await grantCourseAccess({ userId, courseId: course.id, actorId: null, source: "admin" });
    const [lesson] = await handle.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.courseId, course.id), eq(lessons.isPreview, false), eq(lessons.type, "video")))
      .orderBy(asc(lessons.orderIndex))
      .limit(1);
    if (!lesson) throw new Error("the demo course has no paid video lesson");

    const source = `${course.id}/bench-source.mp4`;
    const prefix = `${course.id}/hls/${lesson.id}-bench`;
    const storage = getStorage();
    const put = (bucket: "media" | "course-videos", key: string, bytes: Buffer, contentType: string) =>
      storage.put(bucket, key, Readable.from([bytes]), { contentType });
    const segment = Buffer.alloc(SEGMENT_BYTES, 0x47);
    await put("course-videos", source, Buffer.from("not played"), "video/mp4");
    await put("course-videos", `${prefix}/master.m3u8`, Buffer.from(masterPlaylist([{ name: "360p", width: 640, height: 360, bandwidth: 928_000, hasAudio: true }])), "application/vnd.apple.mpegurl");
    const playlist = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:4", "#EXT-X-PLAYLIST-TYPE:VOD"];
    for (let index = 0; index < SEGMENTS; index++) {
      const name = `seg-${String(index).padStart(4, "0")}.ts`;
      playlist.push("#EXTINF:4.000000,", name);
      await put("course-videos", `${prefix}/360p/${name}`, segment, "video/mp2t");
    }
    playlist.push("#EXT-X-ENDLIST", "");
    await put("course-videos", `${prefix}/360p/index.m3u8`, Buffer.from(playlist.join("\n")), "application/vnd.apple.mpegurl");
    await put("media", STATIC_KEY, segment, "video/mp2t");

    await handle.db.update(lessons).set({ videoProvider: "upload", videoStoragePath: source, videoUrl: null }).where(eq(lessons.id, lesson.id));
    await handle.db
      .insert(lessonVideoStreams)
      .values({ lessonId: lesson.id, sourcePath: source, status: "ready", progress: 100, hlsPrefix: prefix, renditions: [360], durationSeconds: SEGMENTS * 4 });
    return { lessonId: lesson.id };
  } finally {
    setDatabase(undefined);
  }
}

