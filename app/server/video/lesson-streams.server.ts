import { JOB_QUEUE } from "~/lib/job-queues";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { VideoStreamStatus } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { lessons, lessonVideoStreams } from "~/server/db/schema";
import { enqueue } from "~/server/jobs/queue.server";
import { logger } from "~/server/platform/logger.server";
import { getStorage } from "~/server/platform/storage.server";

/**
 * A lesson's adaptive stream (docs/decisions/026): the row that says how far its transcoding is,
 * the operations that queue and retry it, and the removal of a replaced stream's files. The job
 * itself is in transcode-lesson-video.server.ts.
 */

export class StreamNotFoundError extends Error {
  constructor(readonly lessonId: string) {
    super("This lesson has no uploaded video to process");
    this.name = "StreamNotFoundError";
  }
}

/** What the builder and the lesson page show of each lesson's stream. */
export type LessonStreamState = {
  lessonId: string;
  status: VideoStreamStatus;
  progress: number;
  error: string | null;
  renditions: number[];
};

/** The streams of these lessons, by lesson id. */
export async function listLessonStreams({ lessonIds }: { lessonIds: string[] }): Promise<Map<string, LessonStreamState>> {
  const ids = lessonIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({
      lessonId: lessonVideoStreams.lessonId,
      status: lessonVideoStreams.status,
      progress: lessonVideoStreams.progress,
      error: lessonVideoStreams.error,
      renditions: lessonVideoStreams.renditions,
      sourcePath: lessonVideoStreams.sourcePath,
      lessonSource: lessons.videoStoragePath,
    })
    .from(lessonVideoStreams)
    .innerJoin(lessons, eq(lessons.id, lessonVideoStreams.lessonId))
    .where(inArray(lessonVideoStreams.lessonId, ids));
  return new Map(
    rows
      // A stream made from another upload than the lesson's own says nothing about this one.
      .filter((row) => row.sourcePath === row.lessonSource)
      .map((row) => [
        row.lessonId,
        {
          lessonId: row.lessonId,
          status: row.status as VideoStreamStatus,
          progress: row.progress,
          error: row.error,
          renditions: row.renditions,
        },
      ]),
  );
}

/** A ready stream's files, for the streaming route: where they are and which renditions exist. */
export async function findReadyStream({ lessonId }: { lessonId: string }) {
  if (!isUuid(lessonId)) return null;
  const [row] = await db()
    .select({ hlsPrefix: lessonVideoStreams.hlsPrefix, sourcePath: lessonVideoStreams.sourcePath, lessonSource: lessons.videoStoragePath })
    .from(lessonVideoStreams)
    .innerJoin(lessons, eq(lessons.id, lessonVideoStreams.lessonId))
    .where(and(eq(lessonVideoStreams.lessonId, lessonId), eq(lessonVideoStreams.status, "ready" satisfies VideoStreamStatus)));
  if (!row?.hlsPrefix || row.sourcePath !== row.lessonSource) return null;
  return { hlsPrefix: row.hlsPrefix };
}

/**
 * Queues the transcoding of `sourcePath` for a lesson, inside the caller's transaction (the lesson
 * save): the stream row starts again as queued and a job is enqueued with it, so both commit or
 * neither does. Returns the previous stream's files, to remove once the transaction has committed.
 */
export async function queueLessonTranscode(tx: Transaction, { lessonId, sourcePath }: { lessonId: string; sourcePath: string }) {
  const [previous] = await tx
    .select({ hlsPrefix: lessonVideoStreams.hlsPrefix, sourcePath: lessonVideoStreams.sourcePath })
    .from(lessonVideoStreams)
    .where(eq(lessonVideoStreams.lessonId, lessonId))
    .for("update");
  const fresh = {
    sourcePath,
    status: "queued" satisfies VideoStreamStatus,
    progress: 0,
    error: null,
    hlsPrefix: null,
    renditions: [],
    durationSeconds: null,
  };
  await tx
    .insert(lessonVideoStreams)
    .values({ lessonId, ...fresh })
    .onConflictDoUpdate({ target: lessonVideoStreams.lessonId, set: { ...fresh, updatedAt: new Date() } });
  await enqueue(tx, JOB_QUEUE.transcodeVideo, { lessonId, sourcePath });
  return previous?.hlsPrefix ?? null;
}

/**
 * Keeps a lesson's stream in step with its upload, in the lesson save's transaction: a new or
 * first-seen upload is queued; a removed one takes its stream with it. Returns the stream files
 * that no longer belong to the lesson (remove them after the commit).
 */
export async function syncLessonStream(tx: Transaction, { lessonId, sourcePath }: { lessonId: string; sourcePath: string | null }) {
  const [current] = await tx
    .select({ sourcePath: lessonVideoStreams.sourcePath, hlsPrefix: lessonVideoStreams.hlsPrefix })
    .from(lessonVideoStreams)
    .where(eq(lessonVideoStreams.lessonId, lessonId));
  if (sourcePath === null) {
    if (!current) return null;
    await tx.delete(lessonVideoStreams).where(eq(lessonVideoStreams.lessonId, lessonId));
    return current.hlsPrefix;
  }
  if (current?.sourcePath === sourcePath) return null;
  return queueLessonTranscode(tx, { lessonId, sourcePath });
}

/** Retry of a failed stream (the builder's button): queued again with a new job. */
export async function retryLessonTranscode({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  if (!isUuid(lessonId)) throw new StreamNotFoundError(lessonId);
  const replaced = await db().transaction(async (tx) => {
    const [lesson] = await tx
      .select({ sourcePath: lessons.videoStoragePath })
      .from(lessons)
      .where(
        and(
          eq(lessons.id, lessonId),
          eq(lessons.courseId, courseId),
          eq(lessons.videoProvider, "upload"),
          isNotNull(lessons.videoStoragePath),
        ),
      )
      .for("update");
    if (!lesson?.sourcePath) throw new StreamNotFoundError(lessonId);
    return queueLessonTranscode(tx, { lessonId, sourcePath: lesson.sourcePath });
  });
  await removeStreamFiles([replaced]);
  return { lessonId, status: "queued" as const };
}

/** Sets what a running job has to say about its stream, if the stream is still for `sourcePath`. */
export async function updateStreamState(
  database: Queryable,
  {
    lessonId,
    sourcePath,
    ...state
  }: { lessonId: string; sourcePath: string; status?: VideoStreamStatus; progress?: number; error?: string | null },
) {
  const rows = await database
    .update(lessonVideoStreams)
    .set({ ...state, updatedAt: new Date() })
    .where(and(eq(lessonVideoStreams.lessonId, lessonId), eq(lessonVideoStreams.sourcePath, sourcePath)))
    .returning({ lessonId: lessonVideoStreams.lessonId });
  return rows.length > 0;
}

/** Deletes every file under each stream prefix. Runs after commits; a failure is logged (the hourly sweep catches up). */
export async function removeStreamFiles(prefixes: (string | null | undefined)[]) {
  const storage = getStorage();
  for (const prefix of new Set(prefixes.filter((value): value is string => Boolean(value)))) {
    try {
      const keys: string[] = [];
      for await (const object of storage.list("course-videos", `${prefix}/`)) keys.push(object.key);
      for (const key of keys) await storage.delete("course-videos", key);
    } catch (error) {
      logger.warn({ err: error, prefix }, "could not remove a replaced lesson stream");
    }
  }
}

/** The stream prefix a stored key is under (`{courseId}/hls/{name}`), or null for any other key. */
export function streamPrefixOf(key: string) {
  const parts = key.split("/");
  return parts.length > 3 && parts[1] === "hls" ? parts.slice(0, 3).join("/") : null;
}

/** Of these stream prefixes, the ones a stream row still names (for the hourly sweep). */
export async function streamPrefixesInUse(prefixes: string[]) {
  if (prefixes.length === 0) return new Set<string>();
  const rows = await db()
    .select({ prefix: lessonVideoStreams.hlsPrefix })
    .from(lessonVideoStreams)
    .where(inArray(lessonVideoStreams.hlsPrefix, prefixes));
  return new Set(rows.map((row) => row.prefix).filter((value): value is string => Boolean(value)));
}
