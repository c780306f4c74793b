import { Readable } from "node:stream";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { webVttProblem } from "~/lib/webvtt";
import { db } from "~/server/db/client.server";
import { lessons } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { getStorage } from "~/server/platform/storage.server";
import { StreamNotFoundError } from "./lesson-streams.server";

/**
 * A lesson's captions (docs/decisions/026): one WebVTT file per uploaded video, checked before it
 * is stored, kept at `{courseId}/captions/{lessonId}-{stamp}.vtt` in the course-videos bucket and
 * served, like the video, only to viewers the access rule allows.
 */

export class CaptionsInvalidError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CaptionsInvalidError";
  }
}

async function removeCaptionsFile(path: string | null | undefined) {
  if (!path) return;
  await getStorage()
    .delete("course-videos", path)
    .catch((error: unknown) => logger.warn({ err: error, path }, "could not remove replaced captions"));
}

/** Stores `bytes` as the lesson's captions, replacing any it had. Throws CaptionsInvalidError with the owner's message. */
export async function setLessonCaptions({ courseId, lessonId, bytes }: { courseId: string; lessonId: string; bytes: Uint8Array }) {
  const problem = webVttProblem(bytes);
  if (problem) throw new CaptionsInvalidError(problem);
  if (!isUuid(lessonId)) throw new StreamNotFoundError(lessonId);
  const key = `${courseId}/captions/${lessonId}-${Date.now().toString(36)}.vtt`;
  await getStorage().put("course-videos", key, Readable.from([Buffer.from(bytes)]), { contentType: "text/vtt" });
  let previous: string | null = null;
  try {
    await db().transaction(async (tx) => {
      const [lesson] = await tx
        .select({ captionsPath: lessons.captionsPath })
        .from(lessons)
        .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
        .for("update");
      if (!lesson) throw new StreamNotFoundError(lessonId);
      previous = lesson.captionsPath;
      await tx.update(lessons).set({ captionsPath: key, updatedAt: new Date() }).where(eq(lessons.id, lessonId));
    });
  } catch (error) {
    await removeCaptionsFile(key);
    throw error;
  }
  await removeCaptionsFile(previous);
  return { lessonId, captions: true };
}

/** Which of these lessons have captions. */
export async function listCaptionedLessons({ lessonIds }: { lessonIds: string[] }) {
  const ids = lessonIds.filter(isUuid);
  if (ids.length === 0) return new Set<string>();
  const rows = await db()
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(inArray(lessons.id, ids), isNotNull(lessons.captionsPath)));
  return new Set(rows.map((row) => row.id));
}

/** Takes the lesson's captions away. */
export async function removeLessonCaptions({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  if (!isUuid(lessonId)) throw new StreamNotFoundError(lessonId);
  const [previous] = await db()
    .select({ captionsPath: lessons.captionsPath })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)));
  if (!previous) throw new StreamNotFoundError(lessonId);
  await db()
    .update(lessons)
    .set({ captionsPath: null, updatedAt: new Date() })
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)));
  await removeCaptionsFile(previous.captionsPath);
  return { lessonId, captions: false };
}
