import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { LessonType, VideoProvider } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { CourseNotFoundError } from "~/server/courses/admin-courses.server";
import { nextRevision } from "~/server/courses/course-revision.server";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { courseModules, courses, lessons } from "~/server/db/schema";
import { listCaptionedLessons } from "~/server/video/lesson-captions.server";
import { listLessonStreams, type LessonStreamState } from "~/server/video/lesson-streams.server";

/**
 * A course's curriculum: its flat lessons (no module), then its modules in order, each with its
 * lessons. Positions and order indexes count from 1 within their parent: modules within the
 * course, lessons within their module or within the course's flat group (docs/decisions/012).
 */

/** The columns the builder lists and edits; content is included because the lesson dialog edits it. */
export const builderLessonColumns = {
  id: lessons.id,
  moduleId: lessons.moduleId,
  title: lessons.title,
  slug: lessons.slug,
  type: lessons.type,
  summary: lessons.summary,
  contentMd: lessons.contentMd,
  videoProvider: lessons.videoProvider,
  videoUrl: lessons.videoUrl,
  videoStoragePath: lessons.videoStoragePath,
  embedCode: lessons.embedCode,
  durationSeconds: lessons.durationSeconds,
  orderIndex: lessons.orderIndex,
  isPreview: lessons.isPreview,
};

export type BuilderLesson = {
  id: string;
  moduleId: string | null;
  title: string;
  slug: string;
  type: LessonType;
  summary: string;
  contentMd: string;
  videoProvider: VideoProvider;
  videoUrl: string | null;
  videoStoragePath: string | null;
  embedCode: string | null;
  durationSeconds: number;
  orderIndex: number;
  isPreview: boolean;
};

export type BuilderModule = {
  id: string;
  title: string;
  description: string;
  position: number;
  dripDays: number | null;
  dripDate: Date | null;
  lessons: BuilderLesson[];
};

export type Curriculum = { lessons: BuilderLesson[]; modules: BuilderModule[] };

/** The whole curriculum of a course for the builder, in order. */
export async function getCurriculum({ courseId }: { courseId: string }): Promise<Curriculum> {
  if (!isUuid(courseId)) return { lessons: [], modules: [] };
  const [moduleRows, lessonRows] = await Promise.all([
    db()
      .select({
        id: courseModules.id,
        title: courseModules.title,
        description: courseModules.description,
        position: courseModules.position,
        dripDays: courseModules.dripDays,
        dripDate: courseModules.dripDate,
      })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db().select(builderLessonColumns).from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.orderIndex), asc(lessons.id)),
  ]);
  const typed = lessonRows as BuilderLesson[];
  return {
    lessons: typed.filter((lesson) => lesson.moduleId === null),
    modules: moduleRows.map((module) => ({ ...module, lessons: typed.filter((lesson) => lesson.moduleId === module.id) })),
  };
}

/** What the builder shows of an uploaded lesson's video (docs/decisions/026): its stream's state, and whether it has captions. */
export type BuilderVideo = { stream: LessonStreamState | null; captions: boolean };

/** Each uploaded lesson's video state, by lesson id, for the builder's rows. */
export async function builderVideos(curriculum: Curriculum): Promise<Record<string, BuilderVideo>> {
  const ids = [...curriculum.lessons, ...curriculum.modules.flatMap((module) => module.lessons)]
    .filter((lesson) => lesson.videoProvider === "upload" && lesson.videoStoragePath)
    .map((lesson) => lesson.id);
  const [streams, captioned] = await Promise.all([listLessonStreams({ lessonIds: ids }), listCaptionedLessons({ lessonIds: ids })]);
  return Object.fromEntries(ids.map((id) => [id, { stream: streams.get(id) ?? null, captions: captioned.has(id) }]));
}

// ---------------------------------------------------------------------------
// Helpers for the write operations (modules.server.ts, lessons.server.ts)
// ---------------------------------------------------------------------------

/**
 * Locks the course row for the rest of the transaction, so two admins changing one curriculum
 * at once take turns and positions never come out doubled, and counts the change in the course's
 * revision, so an Edit Course form opened before it cannot be saved over it. The course's own
 * `updated_at` (the admin list's order) stays. Throws when the course is gone.
 */
export async function lockCourse(tx: Transaction, courseId: string) {
  if (!isUuid(courseId)) throw new CourseNotFoundError(courseId);
  const [course] = await tx
    .update(courses)
    .set({ revision: nextRevision(), updatedAt: sql`${courses.updatedAt}` })
    .where(eq(courses.id, courseId))
    .returning({ id: courses.id });
  if (!course) throw new CourseNotFoundError(courseId);
}

/** The lessons of one group (a module, or the course's flat lessons when moduleId is null). */
export function lessonGroup(courseId: string, moduleId: string | null): SQL {
  return and(eq(lessons.courseId, courseId), moduleId ? eq(lessons.moduleId, moduleId) : isNull(lessons.moduleId))!;
}

/** Ids of a group's lessons in their current order. */
export async function lessonIdsInOrder(tx: Queryable, courseId: string, moduleId: string | null) {
  const rows = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(lessonGroup(courseId, moduleId))
    .orderBy(asc(lessons.orderIndex), asc(lessons.id));
  return rows.map((row) => row.id);
}

/** Ids of a course's modules in their current order. */
export async function moduleIdsInOrder(tx: Queryable, courseId: string) {
  const rows = await tx
    .select({ id: courseModules.id })
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(courseModules.id));
  return rows.map((row) => row.id);
}

/** `ids` with `id` taken out and put back at `position` (from 1, clamped to the ends). */
export function placeAt(ids: string[], id: string, position: number) {
  const rest = ids.filter((other) => other !== id);
  const index = Math.min(Math.max(Math.trunc(position) - 1, 0), rest.length);
  return [...rest.slice(0, index), id, ...rest.slice(index)];
}

/**
 * Numbers rows 1, 2, 3… in the order of `ids`, in one statement; rows already in place are not
 * written. `table` is lessons (order_index) or course_modules (position).
 */
export async function renumber(tx: Queryable, table: "lessons" | "course_modules", ids: string[]) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index + 1}::integer)`),
    sql`, `,
  );
  const column = table === "lessons" ? sql.raw(`"order_index"`) : sql.raw(`"position"`);
  const target = sql.raw(`"${table}"`);
  await tx.execute(
    sql`update ${target} set ${column} = v.n from (values ${values}) as v(id, n) where ${target}."id" = v.id and ${target}.${column} <> v.n`,
  );
}
