import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "./db/client.server";
import { courses } from "./db/schema";

// Written with explicit table names: in a select from one table Drizzle leaves column names
// unqualified, and an unqualified "id" inside these subqueries would mean the inner table's id
// (lessons.course_id = lessons.id), silently counting nothing.
const outerCourseId = sql.raw(`"courses"."id"`);

/** Per-course figures computed from lessons, enrollments and reviews, for cards and detail pages. */
export const courseStats = {
  lessonCount: sql<number>`(select count(*) from "lessons" as "l" where "l"."course_id" = ${outerCourseId})`.mapWith(Number),
  durationSeconds: sql<number>`(select coalesce(sum("l"."duration_seconds"), 0) from "lessons" as "l" where "l"."course_id" = ${outerCourseId})`.mapWith(Number),
  learnerCount: sql<number>`(select count(*) from "enrollments" as "e" where "e"."course_id" = ${outerCourseId} and "e"."status" = 'active')`.mapWith(Number),
  rating: sql<number | null>`(select round(avg("r"."rating")::numeric, 1) from "reviews" as "r" where "r"."course_id" = ${outerCourseId})`.mapWith((value) => (value === null ? null : Number(value))),
  reviewCount: sql<number>`(select count(*) from "reviews" as "r" where "r"."course_id" = ${outerCourseId})`.mapWith(Number),
};

export const courseCardColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  subtitle: courses.subtitle,
  coverUrl: courses.coverUrl,
  priceCents: courses.priceCents,
  level: courses.level,
  topics: courses.topics,
  track: courses.track,
  ...courseStats,
};

export type CourseCard = {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  coverUrl: string | null;
  priceCents: number;
  level: string;
  topics: string[];
  track: string;
  lessonCount: number;
  durationSeconds: number;
  learnerCount: number;
  rating: number | null;
  reviewCount: number;
};

/** The published courses marked featured, newest first (the home page shows three). */
export async function listFeaturedCourses({ limit = 3 }: { limit?: number } = {}): Promise<CourseCard[]> {
  return db()
    .select(courseCardColumns)
    .from(courses)
    .where(and(eq(courses.status, "published"), eq(courses.isFeatured, true)))
    .orderBy(desc(courses.publishedAt))
    .limit(limit);
}
