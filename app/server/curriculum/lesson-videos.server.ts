import { and, eq, inArray, or } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { courses, lessons, courseModules } from "~/server/db/schema";
import { lessonReleaseColumns } from "./lesson-release.server";
import { lessonFileKeysIn } from "./lesson-files.server";
import { logger } from "~/server/platform/logger.server";
import { graceCutoff } from "~/server/media-in-use.server";
import { deleteStaleObjects, getStorage, isSafeKey } from "~/server/platform/storage.server";
import { isUuid } from "~/lib/uuid";
import { streamPrefixesInUse, streamPrefixOf } from "~/server/video/lesson-streams.server";

/**
 * Uploaded lesson videos live in the course-videos bucket at `{courseId}/{timestamp}-{file}`
 * (docs/decisions/010): the course the lesson belongs to, looked up here from the lesson.
 */

/** The course a lesson belongs to, or null: where its uploaded video goes. */
export async function findLessonCourseId({ lessonId }: { lessonId: string }) {
  if (!isUuid(lessonId)) return null;
  const [row] = await db().select({ courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  return row?.courseId ?? null;
}

/** True when `path` is a key this course's uploads could have: `{courseId}/…`, nothing climbing out. */
export function isCourseVideoPath(courseId: string, path: string) {
  return path.startsWith(`${courseId}/`) && isSafeKey(path);
}

/** What the playback route needs to decide and serve: the lesson's video and its course's status. */
export async function findLessonForPlayback({ lessonId }: { lessonId: string }) {
  if (!isUuid(lessonId)) return null;
  const [row] = await db()
    .select({
      lesson: {
        id: lessons.id,
        courseId: lessons.courseId,
        isPreview: lessons.isPreview,
        type: lessons.type,
        videoProvider: lessons.videoProvider,
        videoStoragePath: lessons.videoStoragePath,
        ...lessonReleaseColumns,
        captionsPath: lessons.captionsPath,
      },
      course: { id: courses.id, status: courses.status },
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  return row ?? null;
}

/**
 * Removes stored videos that no lesson points at any more (after a lesson or module is deleted,
 * or a video replaced). Runs after the commit; a failure is logged, never undoes the edit.
 */
export async function removeUnusedVideos(paths: string[]) {
  const candidates = [...new Set(paths.filter(Boolean))];
  if (candidates.length === 0) return;
  const stillUsed = await db()
    .select({ path: lessons.videoStoragePath })
    .from(lessons)
    .where(and(inArray(lessons.videoStoragePath, candidates)));
  const used = new Set(stillUsed.map((row) => row.path));
  for (const path of candidates) {
    if (used.has(path)) continue;
    await getStorage()
      .delete("course-videos", path)
      .catch((error: unknown) => logger.warn({ err: error, path }, "could not remove an unused lesson video"));
  }
}

/**
 * Deletes the stored videos older than `olderThan` that no lesson points at: uploads never
 * attached to a lesson, and videos whose removal after a delete or replacement failed. An hourly
 * schedule of the job queue (app/server/jobs/jobs.server.ts). Returns their keys.
 */
export async function sweepUnusedLessonVideos({ olderThan = graceCutoff() }: { olderThan?: Date } = {}) {
  const deleted = await deleteStaleObjects({
    bucket: "course-videos",
    prefix: "",
    olderThan,
    keep: async (keys) => {
      const rows = await db()
        .select({ path: lessons.videoStoragePath, captions: lessons.captionsPath })
        .from(lessons)
        .where(or(inArray(lessons.videoStoragePath, keys), inArray(lessons.captionsPath, keys)));
      const kept = new Set(rows.flatMap((row) => [row.path, row.captions]).filter((path): path is string => path !== null));
      // A lesson's downloadable files (issue 38) stay while their row names them.
      for (const key of await lessonFileKeysIn(keys)) kept.add(key);
      // A lesson's stream files (docs/decisions/026) stay while its stream row names their prefix.
      const streams = await streamPrefixesInUse([
        ...new Set(keys.map(streamPrefixOf).filter((prefix): prefix is string => prefix !== null)),
      ]);
      for (const key of keys) if (streams.has(streamPrefixOf(key) ?? "")) kept.add(key);
      return kept;
    },
  });
  if (deleted.length > 0) logger.info({ count: deleted.length }, "unused lesson videos swept");
  return deleted;
}
