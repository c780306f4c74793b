import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Level, PublishStatus } from "~/lib/domain-values";
import { nextFreeSlug, slugify } from "~/lib/slug";
import { isUuid } from "~/lib/uuid";
import { revokeAccessToDeletedCourse } from "~/server/access/course-access.server";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { containsPattern } from "~/server/db/like.server";
import { courses, lessons } from "~/server/db/schema";
import { retryOnUniqueViolation, uniqueSlug } from "~/server/db/unique-slug.server";
import { afterCourseSaved, afterCourseDeleted } from "./course-covers.server";
import { CourseChangedError, nextRevision } from "./course-revision.server";
import { courseStats } from "./course-cards.server";
import { pageWindow } from "~/server/db/pagination.server";
import { crashPoint } from "~/server/platform/crash-points.server";

/**
 * The admin's course operations: the list, the New/Edit Course form's reads and writes, the
 * publish toggle and delete. A course and its flat lessons (those without a module, see
 * docs/decisions/012-flat-lessons-and-modules.md) are saved in one transaction, lessons updated
 * in place and only if the form was opened on the course's current revision
 * (docs/decisions/011-course-lessons-updated-in-place.md).
 */

export const ADMIN_COURSES_PAGE_SIZE = 20;

export class CourseNotFoundError extends Error {
  constructor(readonly courseId: string) {
    super(`No course with id ${courseId}`);
    this.name = "CourseNotFoundError";
  }
}

/**
 * A saved form named a lesson that is not one of this course's flat lessons (any more): the
 * lesson was deleted or moved into a module since the form was loaded, or the id was forged.
 * Nothing is saved; the admin reloads and sees the lessons as they are.
 */
export class LessonNotInCourseError extends Error {
  constructor(
    readonly courseId: string,
    readonly lessonId: string,
  ) {
    super(`Lesson ${lessonId} is not a flat lesson of course ${courseId}`);
    this.name = "LessonNotInCourseError";
  }
}

/** The course fields the New/Edit Course form edits, as typed values (prices in cents). */
export type CourseInput = {
  title: string;
  /** As typed (already cleaned by the slug rule); empty means "make one from the title". */
  slug: string;
  subtitle: string;
  longDescriptionMd: string;
  coverUrl: string;
  priceCents: number;
  level: Level;
  /** The owner's topic names (Admin → Topics), checked by the action. */
  topics: string[];
  track: string;
  outcomes: string[];
  isFeatured: boolean;
};

/** One row of the form's Lessons card, in order. `id` names an existing flat lesson; none is a new one. */
export type FlatLessonInput = { id?: string; title: string; contentMd: string };

// ---------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------

/**
 * The admin list's search: title, slug or short description, case-insensitive. Each column has a
 * trigram index, so the OR of the three is a bitmap OR of index scans.
 */
export function adminCourseSearchCondition(search: string) {
  const pattern = containsPattern(search);
  return or(ilike(courses.title, pattern), ilike(courses.slug, pattern), ilike(courses.subtitle, pattern));
}

/** One page of every course (drafts included), newest update first, searched by title, slug or short description. */
export async function listAdminCourses({
  query = "",
  page = 1,
  pageSize = ADMIN_COURSES_PAGE_SIZE,
}: {
  query?: string;
  page?: number;
  pageSize?: number;
}) {
  const search = query.trim();
  const where: SQL | undefined = search ? adminCourseSearchCondition(search) : undefined;
  const [{ total }] = await db().select({ total: count() }).from(courses).where(where);
  const { page: current, pageCount, offset } = pageWindow({ total, page, pageSize });
  const rows = await db()
    .select({
      id: courses.id,
      title: courses.title,
      slug: courses.slug,
      status: courses.status,
      priceCents: courses.priceCents,
      level: courses.level,
      isFeatured: courses.isFeatured,
      updatedAt: courses.updatedAt,
      lessonCount: courseStats.lessonCount,
    })
    .from(courses)
    .where(where)
    .orderBy(desc(courses.updatedAt), desc(courses.id))
    .limit(pageSize)
    .offset(offset);
  return { courses: rows, total, page: current, pageCount };
}

/** The New/Edit Course form's fields of one course with its flat lessons in order, or null. */
export async function getCourseForEdit({ courseId }: { courseId: string }) {
  if (!isUuid(courseId)) return null;
  const [course] = await db()
    .select({
      id: courses.id,
      title: courses.title,
      slug: courses.slug,
      subtitle: courses.subtitle,
      longDescriptionMd: courses.longDescriptionMd,
      coverUrl: courses.coverUrl,
      priceCents: courses.priceCents,
      level: courses.level,
      topics: courses.topics,
      track: courses.track,
      outcomes: courses.outcomes,
      isFeatured: courses.isFeatured,
      status: courses.status,
      publishedAt: courses.publishedAt,
      revision: courses.revision,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) return null;
  const [flatLessons, [{ moduleLessons }]] = await Promise.all([
    db()
      .select({ id: lessons.id, title: lessons.title, slug: lessons.slug, contentMd: lessons.contentMd })
      .from(lessons)
      .where(and(eq(lessons.courseId, courseId), isNull(lessons.moduleId)))
      .orderBy(asc(lessons.orderIndex), asc(lessons.id)),
    db()
      .select({ moduleLessons: count() })
      .from(lessons)
      .where(and(eq(lessons.courseId, courseId), isNotNull(lessons.moduleId))),
  ]);
  return { ...course, lessons: flatLessons, moduleLessonCount: moduleLessons };
}

// ---------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------

function uniqueCourseSlug(database: Queryable, { base, excludeId }: { base: string; excludeId?: string }) {
  return uniqueSlug(database, { table: courses, slugColumn: courses.slug, idColumn: courses.id, base, excludeId });
}

function courseColumns(input: CourseInput) {
  return {
    title: input.title,
    subtitle: input.subtitle,
    longDescriptionMd: input.longDescriptionMd,
    coverUrl: input.coverUrl || null,
    priceCents: input.priceCents,
    level: input.level,
    topics: input.topics,
    track: input.track,
    outcomes: input.outcomes,
    isFeatured: input.isFeatured,
  };
}

const savedColumns = {
  id: courses.id,
  slug: courses.slug,
  status: courses.status,
  publishedAt: courses.publishedAt,
  coverUrl: courses.coverUrl,
};

/**
 * Writes the course's flat lessons (module_id null) from the form: `rows` in that order, numbered
 * from 1. A row with an id updates that lesson in place (its id, slug, type, video and learners'
 * progress stay); a row without one is inserted with a slug made from the title, unique in the
 * course. Only the lessons in `removedIds` are deleted: a flat lesson the form neither names nor
 * removes is kept, after the named ones. Lessons inside modules are never touched.
 */
async function writeFlatLessons(tx: Transaction, courseId: string, rows: FlatLessonInput[], removedIds: string[]) {
  const existing = await tx
    .select({
      id: lessons.id,
      moduleId: lessons.moduleId,
      slug: lessons.slug,
      title: lessons.title,
      contentMd: lessons.contentMd,
      orderIndex: lessons.orderIndex,
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.orderIndex), asc(lessons.id));
  const flat = new Map(existing.filter((lesson) => lesson.moduleId === null).map((lesson) => [lesson.id, lesson]));

  // Each flat lesson is named at most once, as kept or as removed; any other id is stale or forged.
  const named = new Set<string>();
  for (const id of [...rows.flatMap((row) => (row.id === undefined ? [] : [row.id])), ...removedIds]) {
    if (!flat.has(id) || named.has(id)) throw new LessonNotInCourseError(courseId, id);
    named.add(id);
  }
  const removed = new Set(removedIds);
  if (removed.size > 0) {
    await tx.delete(lessons).where(and(eq(lessons.courseId, courseId), isNull(lessons.moduleId), inArray(lessons.id, [...removed])));
  }

  const unnamed = [...flat.values()].filter((lesson) => !named.has(lesson.id));
  for (const [index, lesson] of unnamed.entries()) {
    const orderIndex = rows.length + index + 1;
    if (lesson.orderIndex !== orderIndex) await tx.update(lessons).set({ orderIndex }).where(eq(lessons.id, lesson.id));
  }

  // Slugs are unique per course, module lessons included; a removed lesson's slug is free again.
  const taken = new Set(existing.filter((lesson) => !removed.has(lesson.id)).map((lesson) => lesson.slug));
  const inserts: (typeof lessons.$inferInsert)[] = [];
  for (const [index, row] of rows.entries()) {
    const orderIndex = index + 1;
    if (row.id !== undefined) {
      const before = flat.get(row.id)!;
      if (before.title === row.title && before.contentMd === row.contentMd && before.orderIndex === orderIndex) continue;
      await tx
        .update(lessons)
        .set({ title: row.title, contentMd: row.contentMd, orderIndex, updatedAt: new Date() })
        .where(and(eq(lessons.id, row.id), eq(lessons.courseId, courseId)));
      continue;
    }
    const slug = nextFreeSlug(slugify(row.title) || "lesson", taken);
    taken.add(slug);
    // A lesson written here with a body is an article; one without waits for its video in the builder.
    inserts.push({
      courseId,
      title: row.title,
      slug,
      contentMd: row.contentMd,
      orderIndex,
      ...(row.contentMd.trim() ? { type: "article" } : {}),
    });
  }
  if (inserts.length > 0) await tx.insert(lessons).values(inserts);
}

/**
 * A new course and its lessons, in one transaction: the slug comes from the typed slug or the
 * title and is made unique; publishing stamps `published_at`, a draft has none.
 */
export async function createCourse({
  authorId,
  input,
  lessons: rows,
  publish,
}: {
  authorId: string | null;
  input: CourseInput;
  lessons: FlatLessonInput[];
  publish: boolean;
}) {
  const base = slugify(input.slug) || slugify(input.title) || "course";
  const created = await retryOnUniqueViolation(() =>
    db().transaction(async (tx) => {
      const slug = await uniqueCourseSlug(tx, { base });
      const [row] = await tx
        .insert(courses)
        .values({
          ...courseColumns(input),
          slug,
          authorId,
          status: publish ? "published" : "draft",
          publishedAt: publish ? new Date() : null,
        })
        .returning(savedColumns);
      await writeFlatLessons(tx, row.id, rows, []);
      return row;
    }),
  );
  return afterCourseSaved({ course: created, previousCoverUrl: null });
}

/**
 * Saves an existing course and its flat lessons in one transaction (nothing is written if any
 * part fails), if the course is still at `expectedRevision`, the revision the form was opened on;
 * otherwise CourseChangedError. Publishing stamps `published_at` only if it is empty (Ghost's
 * rule); Save Draft makes the course a draft and keeps the date.
 */
export async function updateCourse({
  courseId,
  expectedRevision,
  input,
  lessons: rows,
  removedLessonIds = [],
  publish,
}: {
  courseId: string;
  expectedRevision: number;
  input: CourseInput;
  lessons: FlatLessonInput[];
  /** Flat lessons the form removed: the only ones deleted. */
  removedLessonIds?: string[];
  publish: boolean;
}) {
  if (!isUuid(courseId)) throw new CourseNotFoundError(courseId);
  const base = slugify(input.slug) || slugify(input.title) || "course";
  const { saved, previousCoverUrl } = await retryOnUniqueViolation(() =>
    db().transaction(async (tx) => {
      // Locks the row, so every other change to the course or its curriculum waits for this save,
      // and the revision read here is the one this save replaces.
      const [before] = await tx
        .select({ coverUrl: courses.coverUrl, revision: courses.revision })
        .from(courses)
        .where(eq(courses.id, courseId))
        .for("update");
      if (!before) throw new CourseNotFoundError(courseId);
      if (before.revision !== expectedRevision) throw new CourseChangedError(courseId, expectedRevision, before.revision);
      const slug = await uniqueCourseSlug(tx, { base, excludeId: courseId });
      const [row] = await tx
        .update(courses)
        .set({
          ...courseColumns(input),
          slug,
          status: publish ? "published" : "draft",
          revision: before.revision + 1,
          updatedAt: new Date(),
          ...(publish ? { publishedAt: sql`coalesce(${courses.publishedAt}, now())` } : {}),
        })
        .where(eq(courses.id, courseId))
        .returning(savedColumns);
      await writeFlatLessons(tx, courseId, rows, removedLessonIds);
      await crashPoint("course-save");
      return { saved: row, previousCoverUrl: before.coverUrl };
    }),
  );
  return afterCourseSaved({ course: saved, previousCoverUrl });
}

/** Publish or unpublish (the list's toggle). `published_at` is stamped the first time only. */
export async function setCourseStatus({
  courseId,
  status,
  database = db(),
}: {
  courseId: string;
  status: PublishStatus;
  /** A transaction to write in (the API writes its audit row in the same one). */
  database?: Queryable;
}) {
  if (!isUuid(courseId)) throw new CourseNotFoundError(courseId);
  const [updated] = await database
    .update(courses)
    .set({
      status,
      revision: nextRevision(),
      updatedAt: new Date(),
      ...(status === "published" ? { publishedAt: sql`coalesce(${courses.publishedAt}, now())` } : {}),
    })
    .where(eq(courses.id, courseId))
    .returning({ id: courses.id, status: courses.status, publishedAt: courses.publishedAt });
  if (!updated) throw new CourseNotFoundError(courseId);
  return updated;
}

/**
 * Deletes a course; the database deletes its modules, lessons, enrollments and progress with it
 * (cascades). Everyone who could open it gets a revoke in the audit trail, in the same transaction.
 */
export async function deleteCourse({ courseId, actorId = null }: { courseId: string; actorId?: string | null }) {
  if (!isUuid(courseId)) throw new CourseNotFoundError(courseId);
  const deleted = await db().transaction(async (tx) => {
    await revokeAccessToDeletedCourse({ tx, courseId, actorId });
    const [row] = await tx.delete(courses).where(eq(courses.id, courseId)).returning({ id: courses.id });
    return row;
  });
  if (!deleted) throw new CourseNotFoundError(courseId);
  await afterCourseDeleted({ courseId });
}
