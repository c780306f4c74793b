import { emitWebhookEvent } from "~/server/webhooks/webhooks.server";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { MAX_POSITION_SECONDS } from "~/lib/learning";
import { isUuid } from "~/lib/uuid";
import { findLessonAccess, type LessonAccessUser } from "~/server/access/lesson-access.server";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { findLessonForPlayback } from "~/server/curriculum/lesson-videos.server";
import { issueCertificateIfComplete, lockCourseCompletion } from "~/server/certificates/certificates.server";
import { lessonReleaseColumns } from "~/server/curriculum/lesson-release.server";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { memoByKeyUntilContentChanges } from "~/server/db/content-memo.server";
import { courseModules, lessonProgress, lessons } from "~/server/db/schema";
import { LessonCompletedByQuizError, LessonLockedError, LessonNotFoundError } from "./learning-errors.server";

/**
 * A learner's progress: which lessons they completed and where they stopped in each video.
 * Rows are keyed by lesson id, which the builder and the course editor keep through edits and
 * reorders (docs/decisions/011), so progress survives the admin reworking a course. The order a
 * course is taken in is the curriculum's: flat lessons first, then each module's (decision 012).
 */

/** Learning order: flat lessons first, then modules by position, lessons by their index within. */
const learningOrder = [
  sql`(${lessons.moduleId} is not null)`,
  asc(courseModules.position),
  asc(courseModules.id),
  asc(lessons.orderIndex),
  asc(lessons.id),
];

/** Writes go only to lessons the person may open now (the one access rule); anything else is refused. */
async function requireOpenLesson({ user, lessonId }: { user: NonNullable<LessonAccessUser>; lessonId: string }) {
  const found = await findLessonForPlayback({ lessonId });
  if (!found) throw new LessonNotFoundError(lessonId);
  const access = await findLessonAccess({ user, lesson: found.lesson, course: found.course });
  if (!access.allowed) {
    if (access.reason === "draft") throw new LessonNotFoundError(lessonId);
    throw new LessonLockedError(lessonId);
  }
  return found.lesson;
}

/** Where the learner stopped in a lesson's video, in whole seconds. Leaves "completed" as it is. */
export async function saveLessonPosition({
  user,
  lessonId,
  positionSeconds,
}: {
  user: NonNullable<LessonAccessUser>;
  lessonId: string;
  positionSeconds: number;
}) {
  await requireOpenLesson({ user, lessonId });
  const position = Math.min(Math.max(Math.floor(positionSeconds), 0), MAX_POSITION_SECONDS);
  await db()
    .insert(lessonProgress)
    .values({ userId: user.id, lessonId, positionSeconds: position })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: { positionSeconds: position, updatedAt: sql`now()` },
    });
  return { positionSeconds: position };
}

/**
 * The learner opened the lesson: a progress row with nothing done yet, so the completion funnel
 * counts lessons that are read without being marked complete (an article, say). Called by the
 * lesson page once the access rule allowed it; a row that exists is left as it is.
 */
export async function recordLessonOpened({ userId, lessonId }: { userId: string; lessonId: string }) {
  await db().insert(lessonProgress).values({ userId, lessonId }).onConflictDoNothing();
}

/**
 * Marks a lesson completed. Idempotent: completing it again keeps the first completion time.
 * `completedAt` is when it was first completed. In the same transaction, the learner's
 * certificate is issued (and its e-mail queued) when this completes the whole course.
 */
export async function markLessonComplete({
  user,
  lessonId,
  audit,
}: {
  user: NonNullable<LessonAccessUser>;
  lessonId: string;
  /** Someone else marked it (the API): an `api_write` audit row in the same transaction. */
  audit?: { actorId: string | null; note: string };
}) {
  const lesson = await requireOpenLesson({ user, lessonId });
  if (lesson.type === "quiz") throw new LessonCompletedByQuizError(lessonId);
  return db().transaction(async (tx) => {
    const completion = await recordLessonCompletion(tx, { userId: user.id, lessonId, courseId: lesson.courseId });
    if (audit) {
      await recordAccessEvent({ tx, type: "api_write", userId: user.id, courseId: lesson.courseId, actorId: audit.actorId, note: audit.note });
    }
    return completion;
  });
}

/**
 * The completion write itself, for callers that decided already (a passed quiz, in its own
 * transaction). In the same transaction, the learner's certificate is issued (and its e-mail
 * queued) when this completes the whole course.
 */
export async function recordLessonCompletion(
  tx: Transaction,
  { userId, lessonId, courseId }: { userId: string; lessonId: string; courseId: string },
) {
  const [row] = await tx
    .insert(lessonProgress)
    .values({ userId, lessonId, completedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: { completedAt: sql`coalesce(${lessonProgress.completedAt}, now())`, updatedAt: sql`now()` },
    })
    .returning({ completedAt: lessonProgress.completedAt, fresh: sql<boolean>`${lessonProgress.completedAt} = now()` });
  if (row.fresh) {
    const completedAt = row.completedAt!.toISOString();
    await emitWebhookEvent({
      tx,
      type: "lesson.completed",
      data: { user_id: userId, course_id: courseId, lesson_id: lessonId, completed_at: completedAt },
    });
    // The lesson that completes the course: every other lesson of it was done before this one
    // (counted under the learner's lock on the course, so two last lessons at once make one event).
    await lockCourseCompletion({ tx, userId, courseId });
    const [course] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        done: sql<number>`count(${lessonProgress.completedAt})::int`,
      })
      .from(lessons)
      .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
      .where(eq(lessons.courseId, courseId));
    if (course && course.total > 0 && course.done === course.total) {
      await emitWebhookEvent({
        tx,
        type: "course.completed",
        data: { user_id: userId, course_id: courseId, lesson_count: course.total, completed_at: completedAt },
      });
    }
  }
  const certificate = await issueCertificateIfComplete({ tx, userId, courseId });
  return { completedAt: row.completedAt!, certificate };
}

/** Takes a lesson's completion back (the learner wants to see it again in "Continue learning"). */
export async function markLessonIncomplete({ user, lessonId }: { user: NonNullable<LessonAccessUser>; lessonId: string }) {
  const lesson = await requireOpenLesson({ user, lessonId });
  if (lesson.type === "quiz") throw new LessonCompletedByQuizError(lessonId);
  await db()
    .update(lessonProgress)
    .set({ completedAt: null, updatedAt: sql`now()` })
    .where(and(eq(lessonProgress.userId, user.id), eq(lessonProgress.lessonId, lessonId)));
}

export type LessonProgressRow = { lessonId: string; completed: boolean; positionSeconds: number };

/** The learner's progress on these lessons (lessons without a row are not started). */
export async function listLessonProgress({ userId, lessonIds }: { userId: string; lessonIds: string[] }): Promise<LessonProgressRow[]> {
  const ids = lessonIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await db()
    .select({ lessonId: lessonProgress.lessonId, completedAt: lessonProgress.completedAt, positionSeconds: lessonProgress.positionSeconds })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.lessonId, ids)));
  return rows.map((row) => ({ lessonId: row.lessonId, completed: row.completedAt !== null, positionSeconds: row.positionSeconds }));
}

export type CourseProgress = { totalLessons: number; completedLessons: number; percent: number };

const percentOf = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

/** Completed lessons out of the course's lessons, for each course (courses without lessons are 0 of 0). */
export async function listCourseProgress({
  userId,
  courseIds,
}: {
  userId: string;
  courseIds: string[];
}): Promise<Map<string, CourseProgress>> {
  const ids = courseIds.filter(isUuid);
  const answers = new Map<string, CourseProgress>(ids.map((id) => [id, { totalLessons: 0, completedLessons: 0, percent: 0 }]));
  if (ids.length === 0) return answers;
  const rows = await db()
    .select({
      courseId: lessons.courseId,
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(${lessonProgress.completedAt})::int`,
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(inArray(lessons.courseId, ids))
    .groupBy(lessons.courseId);
  for (const row of rows) {
    answers.set(row.courseId, { totalLessons: row.total, completedLessons: row.completed, percent: percentOf(row.completed, row.total) });
  }
  return answers;
}

/** One course's progress. */
export async function getCourseProgress({ userId, courseId }: { userId: string; courseId: string }): Promise<CourseProgress> {
  return (
    (await listCourseProgress({ userId, courseIds: [courseId] })).get(courseId) ?? { totalLessons: 0, completedLessons: 0, percent: 0 }
  );
}

export type NextLesson = { courseId: string; lessonId: string; slug: string; title: string };

/**
 * Where "Continue learning" goes in each course: the first lesson, in learning order, the learner
 * has not completed; once every lesson is done, the first lesson. One query for all the courses.
 */
export async function findNextLessons({
  userId,
  courseIds,
  database = db(),
}: {
  userId: string | null;
  courseIds: string[];
  database?: Queryable;
}): Promise<Map<string, NextLesson>> {
  const ids = courseIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await database
    .selectDistinctOn([lessons.courseId], { courseId: lessons.courseId, lessonId: lessons.id, slug: lessons.slug, title: lessons.title })
    .from(lessons)
    .leftJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .leftJoin(
      lessonProgress,
      and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId ?? ""), isNotNull(lessonProgress.completedAt)),
    )
    .where(inArray(lessons.courseId, ids))
    .orderBy(lessons.courseId, sql`(${lessonProgress.lessonId} is not null)`, ...learningOrder);
  return new Map(rows.map((row) => [row.courseId, row]));
}

/** Where "Continue learning" goes in one course, or null when it has no lessons. */
export async function findNextLesson({ userId, courseId, database }: { userId: string | null; courseId: string; database?: Queryable }) {
  return (await findNextLessons({ userId, courseIds: [courseId], database })).get(courseId) ?? null;
}

export type OutlineLesson = {
  id: string;
  moduleId: string | null;
  slug: string;
  title: string;
  type: string;
  durationSeconds: number;
  isPreview: boolean;
};

/** A course's lessons in learning order, with what the side panel shows (no content). */
export async function listCourseOutline({ courseId }: { courseId: string }) {
  if (!isUuid(courseId)) return { modules: [], lessons: [] };
  const [modules, rows] = await Promise.all([
    db()
      .select({ id: courseModules.id, title: courseModules.title, description: courseModules.description })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db()
      .select({
        id: lessons.id,
        moduleId: lessons.moduleId,
        slug: lessons.slug,
        title: lessons.title,
        type: lessons.type,
        durationSeconds: lessons.durationSeconds,
        isPreview: lessons.isPreview,
        ...lessonReleaseColumns,
      })
      .from(lessons)
      .leftJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(eq(lessons.courseId, courseId))
      .orderBy(...learningOrder),
  ]);
  return { modules, lessons: rows satisfies OutlineLesson[] };
}

const keptOutlines = memoByKeyUntilContentChanges((courseId) => listCourseOutline({ courseId }));

/**
 * The lesson page's read of listCourseOutline (issue 44, docs/decisions/076): the course's modules
 * and lessons, public titles the same for everyone (what each person may open is decided per
 * request), kept in memory until the next content write (course_modules and lessons have the
 * page-cache trigger; every instance is told). Callers must not change what it returns.
 */
export function listCourseOutlineForPage({ courseId }: { courseId: string }) {
  return keptOutlines.get(courseId);
}
