import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { DiscussionPostView, DiscussionSort, DiscussionThreadView } from "~/lib/discussions";
import type { DiscussionKind } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { isCourseInstructor } from "~/server/access/course-instructors.server";
import { discussionAccessFrom, findCourseAccess, lessonAccessFrom, type DiscussionAccess } from "~/server/access/lesson-access.server";
import { db, type Queryable } from "~/server/db/client.server";
import { discussionBans, discussionFollows, discussionHelpfulMarks, discussionPosts } from "~/server/db/schema";
import { findLessonBySlugs } from "~/server/learning/lesson-page.server";
import { renderDiscussionMarkdown } from "~/server/markdown.server";
import { consumeRateLimit } from "~/server/platform/rate-limit.server";
import { DISCUSSION_MESSAGES as M, DiscussionError } from "./discussion-errors.server";
import { notifyThreadFollowers } from "./discussion-notifications.server";

/**
 * Discussions under lessons (issue 42, docs/decisions/044). A thread is its opening post (a
 * question or a comment); replies hang under it, one level. Who reads and writes is the one access
 * rule's answer (`discussionAccessFrom`), asked again on every read and every write, so drip,
 * revoke, refund and drafts apply here exactly as on the lesson; a ban is checked at write.
 */

export const DISCUSSION_LIMITS = {
  bodyMax: 5000,
  /** More links than this and the post waits for staff. */
  linksBeforeReview: 5,
  editWindowMs: 30 * 60 * 1000,
  /** Posts per person per 10 minutes; a lower number for accounts younger than a day. */
  perPerson: { max: 10, windowMs: 10 * 60 * 1000 },
  perNewPerson: { max: 3, windowMs: 10 * 60 * 1000 },
  perIp: { max: 30, windowMs: 10 * 60 * 1000 },
  newAccountMs: 24 * 60 * 60 * 1000,
  threadsPerLesson: 100,
} as const;

/** The writer as the session knows them. */
export type DiscussionUser = { id: string; name: string; role: string | null; emailVerified: boolean; createdAt: Date | string };

/** The lesson, its course and what this person may do in its discussion; null when the slugs name no lesson. */
export async function findLessonDiscussion({
  user,
  courseSlug,
  lessonSlug,
}: {
  user: DiscussionUser | null;
  courseSlug: string;
  lessonSlug: string;
}) {
  const found = await findLessonBySlugs({ courseSlug, lessonSlug });
  if (!found) return null;
  const [courseAccess, instructor] = await Promise.all([
    findCourseAccess({ user, course: found.course }),
    user ? isCourseInstructor({ userId: user.id, courseId: found.course.id }) : false,
  ]);
  const access = discussionAccessFrom(user, lessonAccessFrom(courseAccess, found.lesson), { instructor });
  return { course: found.course, lesson: found.lesson, access };
}

type LessonDiscussion = NonNullable<Awaited<ReturnType<typeof findLessonDiscussion>>>;

/** The discussion a writer may write in, or the reason they may not. */
async function requireWriter({ user, courseSlug, lessonSlug }: { user: DiscussionUser; courseSlug: string; lessonSlug: string }) {
  const found = await findLessonDiscussion({ user, courseSlug, lessonSlug });
  if (!found || !found.access.read) throw new DiscussionError(found?.access.reason === "draft" || !found ? "not-found" : "locked", found ? M.locked : M.notFound, found ? 403 : 404);
  if (!found.access.write) {
    throw found.access.writeRefusal === "confirm-email"
      ? new DiscussionError("confirm-email", M.confirmEmail, 403)
      : new DiscussionError("sign-in", M.signIn, 401);
  }
  return found as LessonDiscussion & { access: Extract<DiscussionAccess, { read: true }> };
}

/** Is the person stopped from posting now? The ban row, or null. */
export async function findPostingBan({ userId, database = db() }: { userId: string; database?: Queryable }) {
  const [row] = await database
    .select({ until: discussionBans.until, reason: discussionBans.reason })
    .from(discussionBans)
    .where(and(eq(discussionBans.userId, userId), or(isNull(discussionBans.until), gt(discussionBans.until, sql`now()`))))
    .limit(1);
  return row ?? null;
}

/** A body as written: refused empty or too long, rendered safe, with its link count. */
async function readBody(body: string) {
  const text = body.replace(/\r\n/g, "\n").trim();
  if (!text) throw new DiscussionError("empty", M.empty);
  if (text.length > DISCUSSION_LIMITS.bodyMax) throw new DiscussionError("too-long", M.tooLong);
  const rendered = await renderDiscussionMarkdown(text);
  return { bodyMd: text, bodyHtml: rendered.html, held: rendered.links > DISCUSSION_LIMITS.linksBeforeReview };
}

/** The preview under the form: the same rendering a post gets, or the reason it would be refused. */
export async function previewDiscussionPost({ body }: { body: string }) {
  const { bodyHtml, held } = await readBody(body);
  return { html: bodyHtml, held };
}

/** Counts one post against the person's and the IP's allowance, after every other check has passed. */
async function takePostingAllowance({ user, clientIp }: { user: DiscussionUser; clientIp: string }) {
  const young = Date.now() - new Date(user.createdAt).getTime() < DISCUSSION_LIMITS.newAccountMs;
  const personal = await consumeRateLimit({
    key: `account|discussion-post|${user.id}`,
    ...(young ? DISCUSSION_LIMITS.perNewPerson : DISCUSSION_LIMITS.perPerson),
  });
  if (!personal.allowed) throw new DiscussionError("rate-limited", M.rateLimited, 429);
  if (clientIp) {
    const byIp = await consumeRateLimit({ key: `${clientIp}|/discussions`, ...DISCUSSION_LIMITS.perIp });
    if (!byIp.allowed) throw new DiscussionError("rate-limited", M.rateLimited, 429);
  }
}

async function refuseBanned(userId: string) {
  if (await findPostingBan({ userId })) throw new DiscussionError("banned", M.banned, 403);
}

/** Asks a question or comments under a lesson. The writer follows the thread. */
export async function startThread({
  user,
  clientIp,
  courseSlug,
  lessonSlug,
  kind,
  body,
}: {
  user: DiscussionUser;
  clientIp: string;
  courseSlug: string;
  lessonSlug: string;
  kind: DiscussionKind;
  body: string;
}) {
  const { course, lesson, access } = await requireWriter({ user, courseSlug, lessonSlug });
  const written = await readBody(body);
  await refuseBanned(user.id);
  await takePostingAllowance({ user, clientIp });
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(discussionPosts)
      .values({
        courseId: course.id,
        lessonId: lesson.id,
        kind,
        authorId: user.id,
        authorName: user.name,
        byStaff: access.staff,
        bodyMd: written.bodyMd,
        bodyHtml: written.bodyHtml,
        status: written.held && !access.staff ? "held" : "visible",
      })
      .returning({ id: discussionPosts.id, status: discussionPosts.status });
    await tx.insert(discussionFollows).values({ threadId: row.id, userId: user.id }).onConflictDoNothing();
    return { id: row.id, held: row.status === "held" };
  });
}

/** The opening post a reply goes under, locked for the reply's transaction. */
async function lockThread(tx: Queryable, threadId: string) {
  const [row] = await tx
    .select({
      id: discussionPosts.id,
      lessonId: discussionPosts.lessonId,
      parentId: discussionPosts.parentId,
      kind: discussionPosts.kind,
      authorId: discussionPosts.authorId,
      status: discussionPosts.status,
      deletedAt: discussionPosts.deletedAt,
    })
    .from(discussionPosts)
    .where(eq(discussionPosts.id, threadId))
    .for("update");
  return row ?? null;
}

/** Replies under a thread (one level): not under a reply, a deleted or hidden post, or another lesson's thread. */
export async function replyToThread({
  user,
  clientIp,
  courseSlug,
  lessonSlug,
  threadId,
  body,
}: {
  user: DiscussionUser;
  clientIp: string;
  courseSlug: string;
  lessonSlug: string;
  threadId: string;
  body: string;
}) {
  const { course, lesson, access } = await requireWriter({ user, courseSlug, lessonSlug });
  if (!isUuid(threadId)) throw new DiscussionError("not-found", M.notFound, 404);
  const written = await readBody(body);
  // Checked before the allowance is taken, so a refused reply costs nothing; again under the lock.
  const refuseThread = (thread: Awaited<ReturnType<typeof lockThread>>) => {
    if (!thread) throw new DiscussionError("not-found", M.notFound, 404);
    if (thread.lessonId !== lesson.id) throw new DiscussionError("other-lesson", M.otherLesson);
    if (thread.parentId !== null || thread.deletedAt || thread.status !== "visible") throw new DiscussionError("reply-closed", M.replyClosed);
    return thread;
  };
  refuseThread(await lockThread(db(), threadId));
  await refuseBanned(user.id);
  await takePostingAllowance({ user, clientIp });
  return db().transaction(async (tx) => {
    const thread = refuseThread(await lockThread(tx, threadId));
    const status = written.held && !access.staff ? "held" : "visible";
    const [row] = await tx
      .insert(discussionPosts)
      .values({
        courseId: course.id,
        lessonId: lesson.id,
        parentId: thread.id,
        authorId: user.id,
        authorName: user.name,
        byStaff: access.staff,
        bodyMd: written.bodyMd,
        bodyHtml: written.bodyHtml,
        status,
      })
      .returning({ id: discussionPosts.id });
    if (status === "visible") {
      await tx
        .update(discussionPosts)
        .set({ replyCount: sql`${discussionPosts.replyCount} + 1`, lastActivityAt: sql`now()` })
        .where(eq(discussionPosts.id, thread.id));
    }
    await tx.insert(discussionFollows).values({ threadId: thread.id, userId: user.id }).onConflictDoNothing();
    if (status === "visible") {
      await notifyThreadFollowers(tx, {
        threadId: thread.id,
        postId: row.id,
        writerId: user.id,
        threadAuthorId: thread.authorId,
        answer: access.staff && thread.kind === "question",
      });
    }
    return { id: row.id, held: status === "held" };
  });
}

/** A post of this lesson, for a change by its author or staff. */
async function findLessonPost({ postId, lessonId }: { postId: string; lessonId: string }) {
  if (!isUuid(postId)) throw new DiscussionError("not-found", M.notFound, 404);
  const [row] = await db().select().from(discussionPosts).where(eq(discussionPosts.id, postId)).limit(1);
  if (!row || row.deletedAt) throw new DiscussionError("not-found", M.notFound, 404);
  if (row.lessonId !== lessonId) throw new DiscussionError("other-lesson", M.otherLesson);
  return row;
}

/** Rewrites one's own post within 30 minutes of posting; it shows "edited". */
export async function editPost({
  user,
  courseSlug,
  lessonSlug,
  postId,
  body,
  now = new Date(),
}: {
  user: DiscussionUser;
  courseSlug: string;
  lessonSlug: string;
  postId: string;
  body: string;
  now?: Date;
}) {
  const { lesson } = await requireWriter({ user, courseSlug, lessonSlug });
  const post = await findLessonPost({ postId, lessonId: lesson.id });
  if (post.authorId !== user.id) throw new DiscussionError("not-yours", M.notYours, 403);
  if (now.getTime() - post.createdAt.getTime() > DISCUSSION_LIMITS.editWindowMs) throw new DiscussionError("edit-window", M.editWindow);
  const written = await readBody(body);
  await refuseBanned(user.id);
  await db()
    .update(discussionPosts)
    .set({
      bodyMd: written.bodyMd,
      bodyHtml: written.bodyHtml,
      editedAt: sql`now()`,
      // More links than allowed sends a shown post back for review; a hidden one stays hidden.
      ...(written.held && post.status === "visible" && !post.byStaff ? { status: "held" } : {}),
    })
    .where(eq(discussionPosts.id, post.id));
}

/**
 * Deletes a post (its author, or staff). A thread with replies keeps its place as "deleted"; a
 * reply, or a thread without replies, is removed, with its marks and notifications.
 */
export async function deletePost({ user, courseSlug, lessonSlug, postId }: { user: DiscussionUser; courseSlug: string; lessonSlug: string; postId: string }) {
  const found = await findLessonDiscussion({ user, courseSlug, lessonSlug });
  if (!found || !found.access.read) throw new DiscussionError("not-found", M.notFound, 404);
  const post = await findLessonPost({ postId, lessonId: found.lesson.id });
  if (post.authorId !== user.id && !found.access.staff) throw new DiscussionError("not-yours", M.notYours, 403);
  await removePost(post);
}

/** The delete itself, shared by authors and the admin inbox. */
export async function removePost(post: { id: string; parentId: string | null; status: string }) {
  await db().transaction(async (tx) => {
    if (post.parentId === null) {
      const [replies] = await tx.select({ n: sql<number>`count(*)::int` }).from(discussionPosts).where(eq(discussionPosts.parentId, post.id));
      if (replies.n > 0) {
        await tx
          .update(discussionPosts)
          .set({ bodyMd: "", bodyHtml: "", deletedAt: sql`now()` })
          .where(eq(discussionPosts.id, post.id));
        return;
      }
    }
    await tx.delete(discussionPosts).where(eq(discussionPosts.id, post.id));
    if (post.parentId && post.status === "visible") {
      await tx
        .update(discussionPosts)
        .set({ replyCount: sql`greatest(${discussionPosts.replyCount} - 1, 0)` })
        .where(eq(discussionPosts.id, post.parentId));
    }
  });
}

/** "Helpful", once per person, never on one's own post. False when the person had marked it already. */
export async function markHelpful({ user, courseSlug, lessonSlug, postId }: { user: DiscussionUser; courseSlug: string; lessonSlug: string; postId: string }) {
  const { lesson } = await requireWriter({ user, courseSlug, lessonSlug });
  const post = await findLessonPost({ postId, lessonId: lesson.id });
  if (post.authorId === user.id) throw new DiscussionError("own-post", M.ownPost);
  if (post.status !== "visible") throw new DiscussionError("not-found", M.notFound, 404);
  return db().transaction(async (tx) => {
    const marked = await tx.insert(discussionHelpfulMarks).values({ postId: post.id, userId: user.id }).onConflictDoNothing().returning();
    if (marked.length === 0) return false;
    await tx
      .update(discussionPosts)
      .set({ helpfulCount: sql`${discussionPosts.helpfulCount} + 1` })
      .where(eq(discussionPosts.id, post.id));
    return true;
  });
}

/** The asker or staff mark a question answered, or not answered again. */
export async function setAnswered({
  user,
  courseSlug,
  lessonSlug,
  threadId,
  answered,
}: {
  user: DiscussionUser;
  courseSlug: string;
  lessonSlug: string;
  threadId: string;
  answered: boolean;
}) {
  const found = await findLessonDiscussion({ user, courseSlug, lessonSlug });
  if (!found || !found.access.read) throw new DiscussionError("not-found", M.notFound, 404);
  const post = await findLessonPost({ postId: threadId, lessonId: found.lesson.id });
  if (post.parentId !== null || post.kind !== "question") throw new DiscussionError("not-a-question", M.notAQuestion);
  if (post.authorId !== user.id && !found.access.staff) throw new DiscussionError("not-a-question", M.notAQuestion, 403);
  await db()
    .update(discussionPosts)
    .set({ answeredAt: answered ? sql`coalesce(${discussionPosts.answeredAt}, now())` : null })
    .where(eq(discussionPosts.id, post.id));
}

/** Follow or unfollow a thread; an unfollow is kept, so replying later does not follow again. */
export async function setFollowing({
  user,
  courseSlug,
  lessonSlug,
  threadId,
  following,
}: {
  user: DiscussionUser;
  courseSlug: string;
  lessonSlug: string;
  threadId: string;
  following: boolean;
}) {
  const found = await findLessonDiscussion({ user, courseSlug, lessonSlug });
  if (!found || !found.access.read) throw new DiscussionError("not-found", M.notFound, 404);
  const post = await findLessonPost({ postId: threadId, lessonId: found.lesson.id });
  if (post.parentId !== null) throw new DiscussionError("not-found", M.notFound, 404);
  await db()
    .insert(discussionFollows)
    .values({ threadId: post.id, userId: user.id, following })
    .onConflictDoUpdate({ target: [discussionFollows.threadId, discussionFollows.userId], set: { following } });
}

/**
 * A lesson's threads for someone the rule lets read them: visible posts, plus the reader's own held
 * or hidden ones (and all of them for staff). Staff replies first under each thread, then oldest first.
 */
export async function listLessonThreads({
  lessonId,
  viewerId,
  staff,
  sort,
  now = new Date(),
}: {
  lessonId: string;
  viewerId: string | null;
  staff: boolean;
  sort: DiscussionSort;
  now?: Date;
}): Promise<DiscussionThreadView[]> {
  const seen = staff
    ? undefined
    : viewerId
      ? or(eq(discussionPosts.status, "visible"), eq(discussionPosts.authorId, viewerId))
      : eq(discussionPosts.status, "visible");
  const roots = await db()
    .select()
    .from(discussionPosts)
    .where(and(eq(discussionPosts.lessonId, lessonId), isNull(discussionPosts.parentId), seen))
    .orderBy(desc(discussionPosts.lastActivityAt), desc(discussionPosts.id))
    .limit(DISCUSSION_LIMITS.threadsPerLesson);
  if (roots.length === 0) return [];
  const rootIds = roots.map((row) => row.id);
  const replies = await db()
    .select()
    .from(discussionPosts)
    .where(and(inArray(discussionPosts.parentId, rootIds), seen))
    .orderBy(desc(discussionPosts.byStaff), asc(discussionPosts.createdAt), asc(discussionPosts.id));
  const ids = [...rootIds, ...replies.map((row) => row.id)];
  const [marks, follows] = viewerId
    ? await Promise.all([
        db()
          .select({ postId: discussionHelpfulMarks.postId })
          .from(discussionHelpfulMarks)
          .where(and(eq(discussionHelpfulMarks.userId, viewerId), inArray(discussionHelpfulMarks.postId, ids))),
        db()
          .select({ threadId: discussionFollows.threadId })
          .from(discussionFollows)
          .where(and(eq(discussionFollows.userId, viewerId), eq(discussionFollows.following, true), inArray(discussionFollows.threadId, rootIds))),
      ])
    : [[], []];
  const marked = new Set(marks.map((row) => row.postId));
  const followed = new Set(follows.map((row) => row.threadId));
  const view = (row: typeof discussionPosts.$inferSelect): DiscussionPostView => {
    const own = viewerId !== null && row.authorId === viewerId;
    const canEdit = own && !row.deletedAt && now.getTime() - row.createdAt.getTime() <= DISCUSSION_LIMITS.editWindowMs;
    return {
      id: row.id,
      authorName: row.deletedAt ? "" : row.authorName,
      byStaff: row.byStaff,
      html: row.deletedAt ? "" : row.bodyHtml,
      bodyMd: canEdit ? row.bodyMd : null,
      createdAt: row.createdAt.toISOString(),
      edited: row.editedAt !== null,
      deleted: row.deletedAt !== null,
      status: row.status as DiscussionPostView["status"],
      hiddenReason: own || staff ? row.hiddenReason : null,
      helpfulCount: row.helpfulCount,
      markedHelpful: marked.has(row.id),
      own,
      canEdit,
    };
  };
  const threads = roots.map((row) => ({
    ...view(row),
    kind: (row.kind ?? "comment") as DiscussionKind,
    answered: row.answeredAt !== null,
    following: followed.has(row.id),
    replies: replies.filter((reply) => reply.parentId === row.id).map(view),
  }));
  if (sort === "helpful") {
    const score = (thread: DiscussionThreadView) => thread.helpfulCount + thread.replies.reduce((sum, reply) => sum + reply.helpfulCount, 0);
    threads.sort((a, b) => score(b) - score(a));
  }
  return threads;
}
