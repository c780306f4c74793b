import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { courses } from "~/server/db/schema";
import { deleteStoredImage, storeImageVariants } from "~/server/image-variants.server";
import { logger } from "~/server/platform/logger.server";
import { nextRevision } from "./course-revision.server";
import { contentTypeForKey, deleteStaleObjects, getStorage, keyFromPublicUrl, publicUrl } from "~/server/platform/storage.server";

/**
 * A course's files in storage (docs/decisions/011-course-lessons-updated-in-place.md, "Cover
 * files"). A cover uploaded on the New Course screen lands in `courses/temp/` (the course has no
 * id yet); saving the course moves it to `courses/{id}/`. So `courses/temp/` only ever holds
 * covers of forms that were never saved, and a sweep deletes those older than a day: an hourly
 * schedule of the job queue (app/server/jobs/jobs.server.ts), once across all instances. A replaced cover and a deleted course's files are
 * deleted when the database no longer points at them.
 *
 * Storage is not part of the database transaction: these steps run after it commits, and a
 * failure is logged, never shown as a failed save (the course is saved; a file is left over).
 */

export const TEMP_COVER_PREFIX = "courses/temp/";
export const TEMP_COVER_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const ownFolder = (courseId: string) => `courses/${courseId}/`;

/** Moves a `courses/temp/` cover under `courses/{courseId}/` and points the course at it; any other URL is kept as is. */
export async function adoptTempCover({ courseId, coverUrl }: { courseId: string; coverUrl: string | null }) {
  const key = keyFromPublicUrl("media", coverUrl);
  if (!coverUrl || !key?.startsWith(TEMP_COVER_PREFIX)) return coverUrl;
  const storage = getStorage();
  const object = await storage.get("media", key);
  if (!object) return coverUrl;
  const target = `${ownFolder(courseId)}${key.slice(TEMP_COVER_PREFIX.length)}`;
  await storage.put("media", target, object.stream, { contentType: object.contentType ?? contentTypeForKey(key) });
  await storeImageVariants("media", target);
  const url = publicUrl("media", target);
  // Only if the course still shows the temp cover: a save in between wins, and this copy is then
  // a replaced cover like any other.
  const moved = await db()
    .update(courses)
    .set({ coverUrl: url, revision: nextRevision() })
    .where(and(eq(courses.id, courseId), eq(courses.coverUrl, coverUrl)))
    .returning({ id: courses.id });
  if (moved.length === 0) {
    await deleteStoredImage("media", target);
    return coverUrl;
  }
  await deleteStoredImage("media", key);
  return url;
}

/** Deletes the course's previous cover file once no course shows it (demo art and outside URLs are never touched). */
export async function removeReplacedCover({
  courseId,
  previous,
  current,
}: {
  courseId: string;
  previous: string | null;
  current: string | null;
}) {
  if (!previous || previous === current) return;
  const key = keyFromPublicUrl("media", previous);
  if (!key || !(key.startsWith(ownFolder(courseId)) || key.startsWith(TEMP_COVER_PREFIX))) return;
  const [stillUsed] = await db().select({ id: courses.id }).from(courses).where(eq(courses.coverUrl, previous)).limit(1);
  if (!stillUsed) await deleteStoredImage("media", key);
}

/** Deletes every file kept for a deleted course: its covers, and its lessons' uploaded videos (`course-videos/{courseId}/`). */
export async function deleteCourseFiles({ courseId }: { courseId: string }) {
  const storage = getStorage();
  for (const [bucket, prefix] of [
    ["media", ownFolder(courseId)],
    ["course-videos", `${courseId}/`],
  ] as const) {
    const keys: string[] = [];
    for await (const object of storage.list(bucket, prefix)) keys.push(object.key);
    for (const key of keys) await storage.delete(bucket, key);
  }
}

/** Deletes the `courses/temp/` covers older than `olderThan` that no course shows. Returns their keys. */
export async function sweepTempCourseCovers({ olderThan = new Date(Date.now() - TEMP_COVER_MAX_AGE_MS) }: { olderThan?: Date } = {}) {
  const deleted = await deleteStaleObjects({
    bucket: "media",
    prefix: TEMP_COVER_PREFIX,
    olderThan,
    keep: async (keys) => {
      const urls = keys.map((key) => publicUrl("media", key));
      const rows = await db().select({ coverUrl: courses.coverUrl }).from(courses).where(inArray(courses.coverUrl, urls));
      return new Set(rows.map((row) => keyFromPublicUrl("media", row.coverUrl)).filter((key): key is string => key !== null));
    },
  });
  if (deleted.length > 0) logger.info({ count: deleted.length }, "unsaved course covers swept");
  return deleted;
}

/** What follows a committed save: the temp cover adopted, a replaced one deleted (the sweep is a schedule, app/server/jobs/jobs.server.ts). */
export async function afterCourseSaved<T extends { id: string; coverUrl: string | null }>({
  course,
  previousCoverUrl,
}: {
  course: T;
  previousCoverUrl: string | null;
}): Promise<T> {
  let coverUrl = course.coverUrl;
  try {
    coverUrl = await adoptTempCover({ courseId: course.id, coverUrl });
    await removeReplacedCover({ courseId: course.id, previous: previousCoverUrl, current: coverUrl });
  } catch (error) {
    logger.warn({ err: error, courseId: course.id }, "tidying the course's cover files failed");
  }
  return { ...course, coverUrl };
}

/** What follows a committed delete: the course's files go too. */
export async function afterCourseDeleted({ courseId }: { courseId: string }) {
  try {
    await deleteCourseFiles({ courseId });
  } catch (error) {
    logger.warn({ err: error, courseId }, "deleting the course's files failed");
  }
}
