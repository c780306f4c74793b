import { and, asc, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { db, type Queryable } from "~/server/db/client.server";
import { courses, lessons, users } from "~/server/db/schema";

// Written with explicit table names: in a select from one table Drizzle leaves column names
// unqualified, and an unqualified "id" inside these subqueries would mean the inner table's id
// (lessons.course_id = lessons.id), silently counting nothing.
const outerCourseId = sql.raw(`"courses"."id"`);

/**
 * A review counts (in the rating, the count and the public list) unless an admin hid it or its
 * author was refunded for the course and holds no other paid order of it. `r` is the reviews alias.
 */
export const reviewCounts = (review: SQL) => sql`(${review}."hidden_at" is null and not (
  exists (select 1 from "orders" as "ro" where "ro"."user_id" = ${review}."user_id" and "ro"."course_id" = ${review}."course_id" and "ro"."status" = 'refunded')
  and not exists (select 1 from "orders" as "po" where "po"."user_id" = ${review}."user_id" and "po"."course_id" = ${review}."course_id" and "po"."status" = 'paid')
))`;
const countedReview = reviewCounts(sql.raw(`"r"`));

/** Per-course figures computed from lessons, enrollments and reviews (hidden and refunded buyers' ones left out), for cards and detail pages. */
export const courseStats = {
  lessonCount: sql<number>`(select count(*) from "lessons" as "l" where "l"."course_id" = ${outerCourseId})`.mapWith(Number),
  durationSeconds: sql<number>`(select coalesce(sum("l"."duration_seconds"), 0) from "lessons" as "l" where "l"."course_id" = ${outerCourseId})`.mapWith(Number),
  // Kept by a trigger on enrollments (course_learner_counts), so a list of courses counts nothing.
  learnerCount: sql<number>`coalesce((select "c"."learners" from "course_learner_counts" as "c" where "c"."course_id" = ${outerCourseId}), 0)`.mapWith(Number),
  rating: sql<number | null>`(select round(avg("r"."rating")::numeric, 1) from "reviews" as "r" where "r"."course_id" = ${outerCourseId} and ${countedReview})`.mapWith((value) => (value === null ? null : Number(value))),
  reviewCount: sql<number>`(select count(*) from "reviews" as "r" where "r"."course_id" = ${outerCourseId} and ${countedReview})`.mapWith(Number),
};

/**
 * Newest published first, ties by id: the catalog's "Newest", the featured courses and the sitemap.
 * It is courses_status_published_idx's own order, so a page is read from the index with no sort
 * (a published course always has a published_at, so nulls last changes nothing).
 */
export const newestPublishedFirst = [sql`${courses.publishedAt} desc nulls last`, asc(courses.id)];

/** What every list of courses shows at the least: enough to name, picture and link a course. */
export const courseSummaryColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  subtitle: courses.subtitle,
  coverUrl: courses.coverUrl,
  topics: courses.topics,
};

export const courseCardColumns = {
  ...courseSummaryColumns,
  priceCents: courses.priceCents,
  level: courses.level,
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
    .orderBy(...newestPublishedFirst)
    .limit(limit);
}

export type MenuCourse = { slug: string; title: string; subtitle: string; coverUrl: string | null; topic: string | null; level: string };

/** The five courses of the header's Courses menu: published, featured first, then most learners. */
export async function listMenuCourses({ limit = 5 }: { limit?: number } = {}): Promise<MenuCourse[]> {
  const rows = await db()
    .select({
      slug: courses.slug,
      title: courses.title,
      subtitle: courses.subtitle,
      coverUrl: courses.coverUrl,
      topics: courses.topics,
      level: courses.level,
    })
    .from(courses)
    .where(eq(courses.status, "published"))
    .orderBy(desc(courses.isFeatured), desc(courseStats.learnerCount), asc(courses.title))
    .limit(limit);
  return rows.map(({ topics, ...row }) => ({ ...row, topic: topics[0] ?? null }));
}


/** The instructor shown on the home page: whoever wrote most of the featured courses. */
export async function getFeaturedInstructor() {
  const [row] = await db()
    .select({ name: users.name, headline: users.headline, bio: users.bio })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.authorId))
    .where(and(eq(courses.status, "published"), isNotNull(courses.authorId)))
    .groupBy(users.id, users.name, users.headline, users.bio)
    .orderBy(desc(sql`count(*) filter (where ${courses.isFeatured})`), desc(sql`count(*)`))
    .limit(1);
  return row ?? null;
}

/** How many courses there are, drafts included (the admin dashboard). */
export async function countCourses() {
  return db().$count(courses);
}

/** How many lessons there are over every course (the admin dashboard). */
export async function countLessons() {
  return db().$count(lessons);
}

/** Every published course's slug and last change, newest first, for the sitemap. */
export async function listPublishedCourseSlugs({ database = db() }: { database?: Queryable } = {}) {
  return database
    .select({ slug: courses.slug, updatedAt: courses.updatedAt })
    .from(courses)
    .where(eq(courses.status, "published"))
    .orderBy(...newestPublishedFirst);
}
