import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStorageForTest, HOUR_MS } from "../../../tests/support/stored-files";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courses, lessons } from "~/server/db/schema";
import { sweepUnusedLessonVideos } from "./lesson-videos.server";
import { createLesson, deleteLesson } from "./lessons.server";

const database = useTestDatabase();
let files: ReturnType<typeof useLocalStorageForTest>;

beforeAll(() => {
  files = useLocalStorageForTest("lesson-videos-");
  return files.restore;
});

async function lessonWithVideo() {
  const [course] = await database()
    .db.insert(courses)
    .values({ title: "Course", slug: unique("course") })
    .returning({ id: courses.id });
  const { id } = await createLesson({ courseId: course.id, moduleId: null });
  const video = `${course.id}/${Date.now()}-intro.mp4`;
  await files.put("course-videos", video);
  await database().db.update(lessons).set({ videoProvider: "upload", videoStoragePath: video }).where(eq(lessons.id, id));
  return { courseId: course.id, lessonId: id, video };
}

describe("sweeping unused lesson videos", () => {
  it("deletes an unattached upload older than a day, keeps one a lesson plays and a fresh one", async () => {
    const { courseId, video } = await lessonWithVideo();
    await files.age("course-videos", video, 48 * HOUR_MS);
    const orphan = `${courseId}/1-never-attached.mp4`;
    await files.put("course-videos", orphan);
    await files.age("course-videos", orphan, 25 * HOUR_MS);
    const fresh = `${courseId}/2-being-edited.mp4`;
    await files.put("course-videos", fresh);
    await files.age("course-videos", fresh, 10 * 60 * 1000);
    const ofDeletedCourse = `${crypto.randomUUID()}/3-gone.mp4`;
    await files.put("course-videos", ofDeletedCourse);
    await files.age("course-videos", ofDeletedCourse, 25 * HOUR_MS);

    expect((await sweepUnusedLessonVideos()).sort()).toEqual([orphan, ofDeletedCourse].sort());
    expect(await files.exists("course-videos", orphan)).toBe(false);
    expect(await files.exists("course-videos", ofDeletedCourse)).toBe(false);
    expect(await files.exists("course-videos", video)).toBe(true);
    expect(await files.exists("course-videos", fresh)).toBe(true);
  });

  it("keeps a fresh upload even when asked for a short grace period", async () => {
    const fresh = `${crypto.randomUUID()}/4-just-uploaded.mp4`;
    await files.put("course-videos", fresh);
    expect(await sweepUnusedLessonVideos({ olderThan: new Date(Date.now() - HOUR_MS) })).toEqual([]);
    expect(await files.exists("course-videos", fresh)).toBe(true);
  });
});

describe("deleting a lesson", () => {
  it("removes its uploaded video", async () => {
    const { courseId, lessonId, video } = await lessonWithVideo();
    await deleteLesson({ courseId, lessonId });
    expect(await files.exists("course-videos", video)).toBe(false);
  });

  it("keeps a video another lesson still plays", async () => {
    const { courseId, lessonId, video } = await lessonWithVideo();
    const { id: other } = await createLesson({ courseId, moduleId: null });
    await database().db.update(lessons).set({ videoProvider: "upload", videoStoragePath: video }).where(eq(lessons.id, other));
    await deleteLesson({ courseId, lessonId });
    expect(await files.exists("course-videos", video)).toBe(true);
  });
});
