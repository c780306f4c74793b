import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { ReviewVisibility } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { db } from "~/server/db/client.server";
import { anyColumnContains } from "~/server/db/like.server";
import { pageWindow } from "~/server/db/pagination.server";
import { courses, reviews } from "~/server/db/schema";

/**
 * Reviews written by learners (issue 24): one per learner per course, which they can rewrite;
 * an admin can hide one, which takes it out of the course page, the rating and the count
 * (`courseStats` and `getCourseDetail` leave hidden rows out). Who may write one is the access
 * rule's answer (`reviewAccessFrom`); this module only stores it.
 */

export const ADMIN_REVIEWS_PAGE_SIZE = 25;

/** The person's own review of the course, or null. */
export async function findOwnReview({ userId, courseId }: { userId: string; courseId: string }) {
  const [row] = await db()
    .select({ rating: reviews.rating, comment: reviews.comment, hidden: sql<boolean>`${reviews.hiddenAt} is not null` })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

/**
 * Writes the person's one review of the course, or rewrites it (their current name goes with
 * it). One statement, so a double click leaves one row. A review an admin hid stays hidden.
 */
export async function saveReview({
  userId,
  authorName,
  courseId,
  rating,
  comment,
}: {
  userId: string;
  authorName: string;
  courseId: string;
  rating: number;
  comment: string;
}) {
  const [row] = await db()
    .insert(reviews)
    .values({ userId, authorName, courseId, rating, comment })
    .onConflictDoUpdate({
      target: [reviews.courseId, reviews.userId],
      set: { rating, comment, authorName, updatedAt: sql`now()` },
    })
    // A row PostgreSQL inserted (not updated) has no deleting transaction yet.
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { created: row.created };
}

/** Hides or shows a review again; false when there is no such review. */
export async function setReviewHidden({ reviewId, hidden }: { reviewId: string; hidden: boolean }) {
  if (!isUuid(reviewId)) return false;
  const rows = await db()
    .update(reviews)
    .set({ hiddenAt: hidden ? sql`coalesce(${reviews.hiddenAt}, now())` : null })
    .where(eq(reviews.id, reviewId))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

const REVIEW_SEARCH_MAX = 200;

/** Admin → Reviews: newest first, searched by author, comment or course title, shown or hidden. */
export async function listAdminReviews({
  query = "",
  visibility = null,
  page = 1,
  pageSize = ADMIN_REVIEWS_PAGE_SIZE,
}: {
  query?: string;
  visibility?: ReviewVisibility | null;
  page?: number;
  pageSize?: number;
}) {
  const conditions: (SQL | undefined)[] = [
    anyColumnContains({ columns: [reviews.authorName, reviews.comment, courses.title], text: query, maxLength: REVIEW_SEARCH_MAX }),
    visibility === "hidden" ? isNotNull(reviews.hiddenAt) : visibility === "shown" ? isNull(reviews.hiddenAt) : undefined,
  ];
  const where = and(...conditions);
  const [{ total }] = await db().select({ total: count() }).from(reviews).innerJoin(courses, eq(courses.id, reviews.courseId)).where(where);
  const window = pageWindow({ total, page, pageSize });
  const rows = await db()
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      rating: reviews.rating,
      comment: reviews.comment,
      hiddenAt: reviews.hiddenAt,
      createdAt: reviews.createdAt,
      courseTitle: courses.title,
      courseSlug: courses.slug,
    })
    .from(reviews)
    .innerJoin(courses, eq(courses.id, reviews.courseId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(pageSize)
    .offset(window.offset);
  return { reviews: rows, total, page: window.page, pageCount: window.pageCount };
}
