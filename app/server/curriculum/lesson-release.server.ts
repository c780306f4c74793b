import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/pg-core";
import { courseModules, courses } from "~/server/db/schema";

/**
 * A lesson's drip release as the access rule reads it (`LessonAccessLesson`): its module's rule.
 * Spread into a lesson's selection with `course_modules` left-joined on the lesson's module; both
 * are null when the lesson has no module or its module opens at once.
 */
export const lessonReleaseColumns = { dripDays: courseModules.dripDays, dripDate: courseModules.dripDate };

const dripModules = alias(courseModules, "drip_modules");

/**
 * Whether any module of the course has a drip rule (`LessonAccessCourse.drips`), for a selection
 * from `courses`: when none has, the access rule skips reading drip overrides.
 */
export const courseDripsColumn = sql<boolean>`exists (${new QueryBuilder()
  .select({ one: sql`1` })
  .from(dripModules)
  .where(and(eq(dripModules.courseId, courses.id), or(isNotNull(dripModules.dripDays), isNotNull(dripModules.dripDate))))})`;
