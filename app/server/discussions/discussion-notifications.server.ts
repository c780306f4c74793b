import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { DiscussionNotificationKind } from "~/lib/domain-values";
import { preparedForEachDatabase } from "~/server/db/prepared.server";
import { db, type Queryable } from "~/server/db/client.server";
import { courses, discussionFollows, discussionNotifications, discussionPosts, lessons } from "~/server/db/schema";

/**
 * What is new for a person in discussions (issue 42): a reply to their thread, an answer from
 * staff to their question, a reply in a thread they follow, and a post of theirs hidden. The bell
 * counts the unread (one indexed count); the hourly e-mail lists what has not been mailed.
 */

/**
 * A reply was written: one notification for each follower but its writer, in the reply's
 * transaction. The thread's author reads "reply" (or "answer" when staff answered their
 * question); everyone else who follows reads "follow".
 */
export async function notifyThreadFollowers(
  tx: Queryable,
  { threadId, postId, writerId, threadAuthorId, answer }: { threadId: string; postId: string; writerId: string; threadAuthorId: string | null; answer: boolean },
) {
  const followers = await tx
    .select({ userId: discussionFollows.userId })
    .from(discussionFollows)
    .where(and(eq(discussionFollows.threadId, threadId), eq(discussionFollows.following, true), ne(discussionFollows.userId, writerId)));
  if (followers.length === 0) return;
  await tx.insert(discussionNotifications).values(
    followers.map(({ userId }) => ({
      userId,
      postId,
      kind: (userId === threadAuthorId ? (answer ? "answer" : "reply") : "follow") satisfies DiscussionNotificationKind,
    })),
  );
}

/** Tells a person something about their own post or their posting (a hide, a ban), with the reason. */
export async function notifyAuthor(
  tx: Queryable,
  { userId, kind, postId = null, note }: { userId: string; kind: "hidden" | "banned"; postId?: string | null; note: string },
) {
  await tx.insert(discussionNotifications).values({ userId, kind, postId, note });
}

// Every signed-in page's header shows the count, so it is prepared once (docs/decisions/068).
const unreadCountQuery = preparedForEachDatabase((database) =>
  database
    .select({ n: sql<number>`count(*)::int` })
    .from(discussionNotifications)
    .where(and(eq(discussionNotifications.userId, sql.placeholder("userId")), isNull(discussionNotifications.readAt)))
    .prepare("unread_notification_count"),
);

/** The bell's number: one count on the partial index of unread rows. */
export async function countUnreadNotifications({ userId }: { userId: string }) {
  const [row] = await unreadCountQuery().execute({ userId });
  return row!.n;
}


/** The person's latest notifications with where each leads, newest first. */
export async function listNotifications({ userId, limit = 30 }: { userId: string; limit?: number }) {
  const rows = await db()
    .select({
      id: discussionNotifications.id,
      kind: discussionNotifications.kind,
      note: discussionNotifications.note,
      read: sql<boolean>`${discussionNotifications.readAt} is not null`,
      createdAt: discussionNotifications.createdAt,
      postId: discussionPosts.id,
      threadId: sql<string | null>`coalesce(${discussionPosts.parentId}, ${discussionPosts.id})`,
      authorName: discussionPosts.authorName,
      excerpt: sql<string>`left(${discussionPosts.bodyMd}, 140)`,
      lessonSlug: lessons.slug,
      lessonTitle: lessons.title,
      courseSlug: courses.slug,
    })
    .from(discussionNotifications)
    .leftJoin(discussionPosts, eq(discussionPosts.id, discussionNotifications.postId))
    .leftJoin(lessons, eq(lessons.id, discussionPosts.lessonId))
    .leftJoin(courses, eq(courses.id, discussionPosts.courseId))
    .where(eq(discussionNotifications.userId, userId))
    .orderBy(desc(discussionNotifications.createdAt), desc(discussionNotifications.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as DiscussionNotificationKind,
    createdAt: row.createdAt.toISOString(),
    href: row.courseSlug && row.lessonSlug ? `/courses/${row.courseSlug}/lessons/${row.lessonSlug}#post-${row.postId}` : null,
  }));
}

/** Marks the given notifications of this person read (all of them when `ids` is left out). */
export async function markNotificationsRead({ userId, ids }: { userId: string; ids?: string[] }) {
  await db()
    .update(discussionNotifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(discussionNotifications.userId, userId),
        isNull(discussionNotifications.readAt),
        ids ? inArray(discussionNotifications.id, ids.length ? ids : ["00000000-0000-0000-0000-000000000000"]) : undefined,
      ),
    );
}
