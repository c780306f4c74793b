import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { DiscussionAdminState } from "~/lib/discussions";
import { formatIsoDay } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import { inboxHoldsCourse, type DiscussionInboxScope } from "~/server/access/lesson-access.server";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { db } from "~/server/db/client.server";
import { anyColumnContains } from "~/server/db/like.server";
import { pageWindow } from "~/server/db/pagination.server";
import { courses, discussionBans, discussionPosts, lessons, users } from "~/server/db/schema";
import { DISCUSSION_MESSAGES as M, DiscussionError } from "./discussion-errors.server";
import { notifyAuthor } from "./discussion-notifications.server";
import { removePost, replyToThread, setAnswered } from "./discussions.server";

/**
 * Admin → Discussions (issue 42): every post of every course, unanswered questions first; staff
 * reply inline, hide a post with a reason its author reads, restore it (or let a held one
 * through), delete it, and stop a person from posting, for a period or for good (audited in
 * access_events, the person told why).
 *
 * A course's instructor who is not an admin opens the same inbox for the courses they teach
 * (docs/decisions/059): every read and every write here takes the inbox's `scope`, and a post of
 * another course is "not found", exactly as one that does not exist. Stopping a person from
 * posting is school-wide, so it stays the admins'.
 */

/** An inbox someone may open: every course (admins), or the courses they teach. */
export type InboxScope = Exclude<DiscussionInboxScope, { kind: "none" }>;

const scopeWhere = (scope: InboxScope) => (scope.kind === "courses" ? inArray(discussionPosts.courseId, scope.courseIds) : undefined);

export const ADMIN_DISCUSSIONS_PAGE_SIZE = 25;
const SEARCH_MAX = 200;

const unansweredQuestion = sql`(${discussionPosts.parentId} is null and ${discussionPosts.kind} = 'question' and ${discussionPosts.answeredAt} is null and ${discussionPosts.deletedAt} is null)`;

const STATE_WHERE: Record<DiscussionAdminState, SQL> = {
  unanswered: unansweredQuestion,
  answered: sql`${discussionPosts.answeredAt} is not null`,
  held: sql`${discussionPosts.status} = 'held'`,
  hidden: sql`${discussionPosts.status} = 'hidden'`,
};

export async function listAdminDiscussionPosts({
  scope,
  query = "",
  courseId = "",
  state = null,
  page = 1,
  pageSize = ADMIN_DISCUSSIONS_PAGE_SIZE,
}: {
  scope: InboxScope;
  query?: string;
  courseId?: string;
  state?: DiscussionAdminState | null;
  page?: number;
  pageSize?: number;
}) {
  const where = and(
    isNull(discussionPosts.deletedAt),
    scopeWhere(scope),
    isUuid(courseId) ? eq(discussionPosts.courseId, courseId) : undefined,
    state ? STATE_WHERE[state] : undefined,
    anyColumnContains({ columns: [discussionPosts.bodyMd, discussionPosts.authorName, lessons.title], text: query, maxLength: SEARCH_MAX }),
  );
  const [{ total }] = await db()
    .select({ total: count() })
    .from(discussionPosts)
    .innerJoin(lessons, eq(lessons.id, discussionPosts.lessonId))
    .where(where);
  const window = pageWindow({ total, page, pageSize });
  const parent = sql`(select p.body_md from discussion_posts p where p.id = ${discussionPosts.parentId})`;
  const rows = await db()
    .select({
      id: discussionPosts.id,
      parentId: discussionPosts.parentId,
      kind: discussionPosts.kind,
      authorId: discussionPosts.authorId,
      authorName: discussionPosts.authorName,
      byStaff: discussionPosts.byStaff,
      bodyMd: discussionPosts.bodyMd,
      status: discussionPosts.status,
      hiddenReason: discussionPosts.hiddenReason,
      answered: sql<boolean>`${discussionPosts.answeredAt} is not null`,
      replyCount: discussionPosts.replyCount,
      createdAt: discussionPosts.createdAt,
      inReplyTo: sql<string | null>`left(${parent}, 120)`,
      lessonTitle: lessons.title,
      lessonSlug: lessons.slug,
      courseTitle: courses.title,
      courseSlug: courses.slug,
      authorBanned: sql<boolean>`exists (select 1 from discussion_bans b where b.user_id = ${discussionPosts.authorId} and (b.until is null or b.until > now()))`,
    })
    .from(discussionPosts)
    .innerJoin(lessons, eq(lessons.id, discussionPosts.lessonId))
    .innerJoin(courses, eq(courses.id, discussionPosts.courseId))
    .where(where)
    // Unanswered questions first (oldest waiting longest on top), then everything else newest first.
    .orderBy(
      desc(unansweredQuestion),
      sql`case when ${unansweredQuestion} then ${discussionPosts.createdAt} end asc`,
      desc(discussionPosts.createdAt),
      asc(discussionPosts.id),
    )
    .limit(pageSize)
    .offset(window.offset);
  return { posts: rows, total, page: window.page, pageCount: window.pageCount };
}

/** The courses of the inbox that have discussions, for the list's course filter. */
export async function listDiscussedCourses({ scope }: { scope: InboxScope }) {
  return db()
    .selectDistinct({ id: courses.id, title: courses.title })
    .from(discussionPosts)
    .innerJoin(courses, eq(courses.id, discussionPosts.courseId))
    .where(scopeWhere(scope))
    .orderBy(courses.title);
}

/** The dashboard's number: questions still unanswered a day after they were asked. */
export async function countUnansweredQuestions({ olderThan = new Date(Date.now() - 86_400_000) }: { olderThan?: Date } = {}) {
  const [row] = await db()
    .select({ n: count() })
    .from(discussionPosts)
    .where(
      and(
        isNull(discussionPosts.parentId),
        eq(discussionPosts.kind, "question"),
        isNull(discussionPosts.answeredAt),
        isNull(discussionPosts.deletedAt),
        eq(discussionPosts.status, "visible"),
        lt(discussionPosts.createdAt, olderThan),
      ),
    );
  return row.n;
}

/** A post of the inbox; one of a course outside it is not found, as one that does not exist. */
async function findPost(postId: string, scope: InboxScope) {
  if (!isUuid(postId)) throw new DiscussionError("not-found", M.notFound, 404);
  const [row] = await db().select().from(discussionPosts).where(eq(discussionPosts.id, postId)).limit(1);
  if (!row || !inboxHoldsCourse(scope, row.courseId)) throw new DiscussionError("not-found", M.notFound, 404);
  return row;
}

/** A reply's thread counts only shown replies: keeps it right when one is hidden or shown again. */
const adjustReplyCount = (parentId: string, by: 1 | -1) =>
  db()
    .update(discussionPosts)
    .set({ replyCount: sql`greatest(${discussionPosts.replyCount} + ${by}, 0)` })
    .where(eq(discussionPosts.id, parentId));

/** Hides a post with the reason its author will read; nobody else sees it any more. */
export async function hideDiscussionPost({ scope, postId, reason }: { scope: InboxScope; postId: string; reason: string }) {
  const post = await findPost(postId, scope);
  if (post.status === "hidden") return;
  await db().transaction(async (tx) => {
    await tx.update(discussionPosts).set({ status: "hidden", hiddenReason: reason }).where(eq(discussionPosts.id, post.id));
    if (post.authorId) await notifyAuthor(tx, { userId: post.authorId, kind: "hidden", postId: post.id, note: reason });
  });
  if (post.parentId && post.status === "visible") await adjustReplyCount(post.parentId, -1);
}

/** Shows a hidden post again, or lets a held one through. */
export async function restoreDiscussionPost({ scope, postId }: { scope: InboxScope; postId: string }) {
  const post = await findPost(postId, scope);
  if (post.status === "visible") return;
  await db().update(discussionPosts).set({ status: "visible", hiddenReason: null }).where(eq(discussionPosts.id, post.id));
  if (post.parentId) await adjustReplyCount(post.parentId, 1);
}

export async function deleteDiscussionPost({ scope, postId }: { scope: InboxScope; postId: string }) {
  const post = await findPost(postId, scope);
  await removePost(post);
}

type Staff = { id: string; name: string; role: string | null; emailVerified: boolean; createdAt: Date | string };

/** The slugs of a post's lesson: inbox writes go through the lesson's own rule, as the lesson page's do. */
async function lessonSlugsOf(post: { lessonId: string }) {
  const [where] = await db()
    .select({ courseSlug: courses.slug, lessonSlug: lessons.slug })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, post.lessonId));
  return where;
}

/** Staff answer from the inbox: the same reply the lesson page writes, under the thread's own lesson. */
export async function replyFromInbox({
  scope,
  staff,
  clientIp,
  threadId,
  body,
}: {
  scope: InboxScope;
  staff: Staff;
  clientIp: string;
  threadId: string;
  body: string;
}) {
  const post = await findPost(threadId, scope);
  const where = await lessonSlugsOf(post);
  return replyToThread({ user: staff, clientIp, courseSlug: where.courseSlug, lessonSlug: where.lessonSlug, threadId: post.parentId ?? post.id, body });
}

/** Staff mark a question answered (or not answered again) from the inbox, by the lesson's own rule. */
export async function setAnsweredFromInbox({ scope, staff, threadId, answered }: { scope: InboxScope; staff: Staff; threadId: string; answered: boolean }) {
  const post = await findPost(threadId, scope);
  const where = await lessonSlugsOf(post);
  await setAnswered({ user: staff, courseSlug: where.courseSlug, lessonSlug: where.lessonSlug, threadId: post.id, answered });
}

/**
 * Stops a person from posting until `until` (null: for good), with the reason they are told, in
 * one transaction with its audit row and their notification. A second ban replaces the first.
 */
export async function banFromPosting({ actorId, userId, until, reason }: { actorId: string; userId: string; until: Date | null; reason: string }) {
  const [person] = await db().select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!person) throw new DiscussionError("not-found", "That person no longer exists.", 404);
  await db().transaction(async (tx) => {
    await tx
      .insert(discussionBans)
      .values({ userId, until, reason, createdBy: actorId })
      .onConflictDoUpdate({ target: discussionBans.userId, set: { until, reason, createdBy: actorId, createdAt: sql`now()` } });
    const period = until ? `until ${formatIsoDay(until)}` : "for good";
    await recordAccessEvent({ tx, type: "posting_banned", userId, actorId, note: `${period}: ${reason}` });
    await notifyAuthor(tx, { userId, kind: "banned", note: `${reason} (${period})` });
  });
}

/** Lets a person post again; audited. False when they were not stopped. */
export async function liftPostingBan({ actorId, userId }: { actorId: string; userId: string }) {
  return db().transaction(async (tx) => {
    const removed = await tx.delete(discussionBans).where(eq(discussionBans.userId, userId)).returning();
    if (removed.length === 0) return false;
    await recordAccessEvent({ tx, type: "posting_unbanned", userId, actorId });
    return true;
  });
}
