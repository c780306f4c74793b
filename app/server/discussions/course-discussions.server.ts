import { and, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { DiscussionKind } from "~/lib/domain-values";
import { findCourseAccess, lessonAccessFrom } from "~/server/access/lesson-access.server";
import { courseDripsColumn } from "~/server/curriculum/lesson-release.server";
import { db } from "~/server/db/client.server";
import { containsPattern } from "~/server/db/like.server";
import { pageWindow } from "~/server/db/pagination.server";
import { courses, discussionPosts, lessons } from "~/server/db/schema";
import { listCourseOutline } from "~/server/learning/progress.server";
import { isCourseInstructor } from "~/server/access/course-instructors.server";

/**
 * A course's Discussions page (issue 42): every thread of the lessons this person may open (the
 * lesson access rule per lesson, so drip and previews apply), newest activity first, searchable
 * by its text and filtered to unanswered questions or the person's own, so a learner finds an
 * earlier answer before asking again, a page of threads at a time. Null when the course does not
 * exist for them.
 */
export const COURSE_DISCUSSIONS_PAGE_SIZE = 50;

export async function listCourseDiscussions({
  user,
  courseSlug,
  query = "",
  filter = null,
  page = 1,
  pageSize = COURSE_DISCUSSIONS_PAGE_SIZE,
}: {
  user: { id: string; role: string | null } | null;
  courseSlug: string;
  query?: string;
  filter?: "unanswered" | "mine" | null;
  page?: number;
  pageSize?: number;
}) {
  const [course] = await db()
    .select({ id: courses.id, slug: courses.slug, title: courses.title, status: courses.status, drips: courseDripsColumn })
    .from(courses)
    .where(eq(courses.slug, courseSlug))
    .limit(1);
  if (!course) return null;
  const courseAccess = await findCourseAccess({ user, course });
  if (courseAccess.kind === "hidden") return null;
  const outline = await listCourseOutline({ courseId: course.id });
  const open = outline.lessons.filter((lesson) => lessonAccessFrom(courseAccess, lesson).allowed);
  const base = { course: { slug: course.slug, title: course.title }, openLessons: open.length, totalLessons: outline.lessons.length };
  if (open.length === 0 || (filter === "mine" && !user)) return { ...base, threads: [], total: 0, page: 1, pageCount: 1 };
  const text = query.trim().slice(0, 200);
  const staff =
    (courseAccess.kind === "open" && courseAccess.reason === "admin") ||
    (user ? await isCourseInstructor({ userId: user.id, courseId: course.id }) : false);
  const where = and(
    eq(discussionPosts.courseId, course.id),
    isNull(discussionPosts.parentId),
    isNull(discussionPosts.deletedAt),
    inArray(
      discussionPosts.lessonId,
      open.map((lesson) => lesson.id),
    ),
    staff
      ? undefined
      : user
        ? or(eq(discussionPosts.status, "visible"), eq(discussionPosts.authorId, user.id))
        : eq(discussionPosts.status, "visible"),
    text
      ? sql`(${discussionPosts.bodyMd} ilike ${containsPattern(text)} or exists (select 1 from discussion_posts r where r.parent_id = ${discussionPosts.id} and r.status = 'visible' and r.body_md ilike ${containsPattern(text)}))`
      : undefined,
    filter === "unanswered" ? sql`${discussionPosts.kind} = 'question' and ${discussionPosts.answeredAt} is null` : undefined,
    filter === "mine" && user
      ? sql`(${discussionPosts.authorId} = ${user.id} or exists (select 1 from discussion_posts r where r.parent_id = ${discussionPosts.id} and r.author_id = ${user.id}))`
      : undefined,
  );
  const [{ total }] = await db().select({ total: count() }).from(discussionPosts).where(where);
  const window = pageWindow({ total, page, pageSize });
  const rows = await db()
    .select({
      id: discussionPosts.id,
      kind: discussionPosts.kind,
      authorName: discussionPosts.authorName,
      byStaff: discussionPosts.byStaff,
      excerpt: sql<string>`left(${discussionPosts.bodyMd}, 240)`,
      answered: sql<boolean>`${discussionPosts.answeredAt} is not null`,
      replyCount: discussionPosts.replyCount,
      lastActivityAt: discussionPosts.lastActivityAt,
      lessonSlug: lessons.slug,
      lessonTitle: lessons.title,
    })
    .from(discussionPosts)
    .innerJoin(lessons, eq(lessons.id, discussionPosts.lessonId))
    .where(where)
    .orderBy(desc(discussionPosts.lastActivityAt), desc(discussionPosts.id))
    .limit(pageSize)
    .offset(window.offset);
  return {
    ...base,
    total,
    page: window.page,
    pageCount: window.pageCount,
    threads: rows.map((row) => ({
      ...row,
      kind: (row.kind ?? "comment") as DiscussionKind,
      lastActivityAt: row.lastActivityAt.toISOString(),
    })),
  };
}
