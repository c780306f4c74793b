import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "./db/client.server";
import { courses, enrollments, lessons, reviews } from "./db/schema";

/** Per-course figures computed from lessons, enrollments and reviews, for cards and detail pages. */
export const courseStats = {
  lessonCount: sql<number>`(select count(*) from ${lessons} where ${lessons.courseId} = ${courses.id})`.mapWith(Number),
  durationSeconds: sql<number>`(select coalesce(sum(${lessons.durationSeconds}), 0) from ${lessons} where ${lessons.courseId} = ${courses.id})`.mapWith(Number),
  learnerCount: sql<number>`(select count(*) from ${enrollments} where ${enrollments.courseId} = ${courses.id} and ${enrollments.status} = 'active')`.mapWith(Number),
  rating: sql<number | null>`(select round(avg(${reviews.rating})::numeric, 1) from ${reviews} where ${reviews.courseId} = ${courses.id})`.mapWith((value) => (value === null ? null : Number(value))),
  reviewCount: sql<number>`(select count(*) from ${reviews} where ${reviews.courseId} = ${courses.id})`.mapWith(Number),
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
