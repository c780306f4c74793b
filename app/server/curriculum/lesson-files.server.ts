import { and, asc, count, eq, inArray } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { db } from "~/server/db/client.server";
import { courses, courseModules, lessonFiles, lessons } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { getStorage } from "~/server/platform/storage.server";
import { LessonNotFoundError } from "./curriculum-errors.server";
import { lessonReleaseColumns } from "./lesson-release.server";

/**
 * A lesson's downloadable files (issue 38): PDFs, ZIPs and images of up to 50 MB, uploaded through
 * the one upload pipeline (kind `lesson-file`, app/server/platform/uploads.server.ts), which stores
 * the file and then records it here; a file whose row cannot be written is deleted again, so nothing
 * is half-saved. They live in the private course-videos bucket under
 * `{courseId}/files/{lessonId}/` and are served only to viewers the lesson's access rule allows.
 */

/** How many files one lesson may carry. */
export const MAX_FILES_PER_LESSON = 20;

export class LessonFileLimitError extends Error {
  constructor() {
    super(`A lesson holds at most ${MAX_FILES_PER_LESSON} files`);
    this.name = "LessonFileLimitError";
  }
}

export class LessonFileNotFoundError extends Error {
  constructor(readonly fileId: string) {
    super(`Lesson file ${fileId} not found`);
    this.name = "LessonFileNotFoundError";
  }
}

export type LessonFile = { id: string; lessonId: string; filename: string; contentType: string; sizeBytes: number };

const fileColumns = {
  id: lessonFiles.id,
  lessonId: lessonFiles.lessonId,
  filename: lessonFiles.filename,
  contentType: lessonFiles.contentType,
  sizeBytes: lessonFiles.sizeBytes,
};

/** Where a lesson's files are stored: every key under it belongs to that lesson. */
export function lessonFilePrefix({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  return `${courseId}/files/${lessonId}`;
}

/** The storage prefix for a new file of this lesson, or null when there is no such lesson. */
export async function findLessonFilePrefix({ lessonId }: { lessonId: string }) {
  if (!isUuid(lessonId)) return null;
  const [lesson] = await db().select({ courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, lessonId));
  return lesson ? lessonFilePrefix({ courseId: lesson.courseId, lessonId }) : null;
}

/** The name a file is listed and downloaded under: the uploaded name, trimmed to 200 characters. */
function displayName(filename: string, fallback: string) {
  const name = filename.normalize("NFC").trim().slice(-200);
  return name || fallback;
}

/**
 * Records a stored file as one of the lesson's. The key must lie under the lesson's own prefix
 * (the upload made it so); over the limit, or for a lesson that is gone, it throws and the caller
 * deletes the stored file.
 */
export async function addLessonFile({
  lessonId,
  storageKey,
  filename,
  contentType,
  sizeBytes,
}: {
  lessonId: string;
  storageKey: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
}): Promise<LessonFile> {
  return db().transaction(async (tx) => {
    const [lesson] = isUuid(lessonId)
      ? await tx.select({ id: lessons.id, courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, lessonId)).for("update")
      : [];
    if (!lesson) throw new LessonNotFoundError(lessonId);
    if (!storageKey.startsWith(`${lessonFilePrefix({ courseId: lesson.courseId, lessonId })}/`)) throw new LessonNotFoundError(lessonId);
    const [{ total }] = await tx.select({ total: count() }).from(lessonFiles).where(eq(lessonFiles.lessonId, lessonId));
    if (total >= MAX_FILES_PER_LESSON) throw new LessonFileLimitError();
    const [file] = await tx
      .insert(lessonFiles)
      .values({ lessonId, storageKey, filename: displayName(filename, storageKey.split("/").pop()!), contentType, sizeBytes })
      .returning(fileColumns);
    return file;
  });
}

/** The files of these lessons, oldest first, by lesson id. */
export async function listLessonFiles({ lessonIds }: { lessonIds: string[] }) {
  const ids = lessonIds.filter(isUuid);
  const byLesson: Record<string, LessonFile[]> = {};
  if (ids.length === 0) return byLesson;
  const rows = await db()
    .select(fileColumns)
    .from(lessonFiles)
    .where(inArray(lessonFiles.lessonId, ids))
    .orderBy(asc(lessonFiles.createdAt), asc(lessonFiles.id));
  for (const row of rows) (byLesson[row.lessonId] ??= []).push(row);
  return byLesson;
}

/** Takes a file away from a lesson of this course, then deletes it from storage (a failure there is logged; the sweep retries). */
export async function removeLessonFile({ courseId, lessonId, fileId }: { courseId: string; lessonId: string; fileId: string }) {
  if (!isUuid(fileId) || !isUuid(lessonId)) throw new LessonFileNotFoundError(fileId);
  const [removed] = await db()
    .delete(lessonFiles)
    .where(
      and(
        eq(lessonFiles.id, fileId),
        eq(lessonFiles.lessonId, lessonId),
        inArray(lessonFiles.lessonId, db().select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId))),
      ),
    )
    .returning({ id: lessonFiles.id, storageKey: lessonFiles.storageKey, filename: lessonFiles.filename });
  if (!removed) throw new LessonFileNotFoundError(fileId);
  await getStorage()
    .delete("course-videos", removed.storageKey)
    .catch((error: unknown) => logger.warn({ err: error, key: removed.storageKey }, "could not remove a lesson file"));
  return { id: removed.id, filename: removed.filename };
}

/** A file with its lesson and course, for the download route's access check; null when the file is not this lesson's. */
export async function findLessonFileForDownload({ lessonId, fileId }: { lessonId: string; fileId: string }) {
  if (!isUuid(lessonId) || !isUuid(fileId)) return null;
  const [row] = await db()
    .select({
      file: { storageKey: lessonFiles.storageKey, filename: lessonFiles.filename, contentType: lessonFiles.contentType, sizeBytes: lessonFiles.sizeBytes },
      lesson: { id: lessons.id, isPreview: lessons.isPreview, ...lessonReleaseColumns },
      course: { id: courses.id, status: courses.status },
    })
    .from(lessonFiles)
    .innerJoin(lessons, eq(lessons.id, lessonFiles.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(eq(lessonFiles.id, fileId), eq(lessonFiles.lessonId, lessonId)))
    .limit(1);
  return row ?? null;
}

/** Which of these stored keys are lesson files (kept by the course-videos sweep). */
export async function lessonFileKeysIn(keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db().select({ key: lessonFiles.storageKey }).from(lessonFiles).where(inArray(lessonFiles.storageKey, keys));
  return new Set(rows.map((row) => row.key));
}
