import { JOB_QUEUE } from "~/lib/job-queues";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStorageForTest } from "../../../tests/support/stored-files";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courses, lessons } from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs/queue.server";
import { makeDemoVideos } from "./demo-videos.server";
import { listLessonStreams } from "./lesson-streams.server";
import { transcodeLessonVideo } from "./transcode-lesson-video.server";

const database = useTestDatabase();
let files: ReturnType<typeof useLocalStorageForTest>;

beforeAll(() => {
  files = useLocalStorageForTest("demo-videos-");
  return files.restore;
});

describe("the demo school's preview videos", () => {
  it("are made by ffmpeg for free-preview video lessons only, stored as uploads and transcoded like them", async () => {
    const [course] = await database()
      .db.insert(courses)
      .values({ title: "Demo", slug: unique("demo"), status: "published" })
      .returning({ id: courses.id });
    const lesson = (title: string, fields: Partial<typeof lessons.$inferInsert>) =>
      database()
        .db.insert(lessons)
        .values({
          courseId: course.id,
          title,
          slug: unique("lesson"),
          orderIndex: 1,
          videoProvider: "youtube",
          videoUrl: "https://youtu.be/abc",
          ...fields,
        })
        .returning({ id: lessons.id })
        .then(([row]) => row.id);
    const preview = await lesson("Welcome: How This Course Works", { isPreview: true });
    const paid = await lesson("Paid lesson", { isPreview: false });
    const article = await lesson("Preview article", { isPreview: true, type: "article" });

    expect(await makeDemoVideos()).toBe(1);
    const rows = await database().db.select().from(lessons).where(eq(lessons.courseId, course.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(preview)).toMatchObject({
      videoProvider: "upload",
      videoStoragePath: expect.stringMatching(new RegExp(`^${course.id}/\\d+-demo-`)),
    });
    expect(byId.get(paid)).toMatchObject({ videoProvider: "youtube", videoStoragePath: null });
    expect(byId.get(article)).toMatchObject({ videoProvider: "youtube", videoStoragePath: null });
    expect(await files.exists("course-videos", byId.get(preview)!.videoStoragePath!)).toBe(true);

    await runDueJobs(JOB_QUEUE.transcodeVideo, transcodeLessonVideo);
    expect((await listLessonStreams({ lessonIds: [preview] })).get(preview)).toMatchObject({ status: "ready", renditions: [360] });
    const [done] = await database().db.select({ durationSeconds: lessons.durationSeconds }).from(lessons).where(eq(lessons.id, preview));
    expect(done.durationSeconds).toBe(6);
  });
});
