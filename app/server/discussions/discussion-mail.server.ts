import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { NOTIFICATION_TEXT } from "~/lib/discussions";
import { findCoursesAccess, lessonAccessFrom } from "~/server/access/lesson-access.server";
import { getConfig } from "~/server/platform/config.server";
import { courseDripsColumn, lessonReleaseColumns } from "~/server/curriculum/lesson-release.server";
import { db } from "~/server/db/client.server";
import { courseModules, courses, discussionMailSettings, discussionNotifications, discussionPosts, lessons, users } from "~/server/db/schema";
import { sendMail } from "~/server/mail/mail-queue.server";
import { layoutMail } from "~/server/mail/templates.server";
import { unsubscribeUrl } from "~/server/mail/unsubscribe.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/**
 * Discussion mail (issue 42): every 10 minutes, each person with notifications not yet mailed gets
 * one message listing them, unless they had one in the last hour or turned discussion mail off
 * (account page, or the one-click link every message carries, which stops this mail only). A
 * notification about a lesson the person can no longer open (revoked, refunded) is not mailed.
 * The message is queued in the same transaction that marks its notifications mailed.
 */

const HOUR_MS = 60 * 60 * 1000;
const MAILED_KINDS = ["reply", "answer", "follow"] as const;

/** On or off for one person (no row: on). */
export async function findDiscussionMailEnabled({ userId }: { userId: string }) {
  const [row] = await db().select({ enabled: discussionMailSettings.enabled }).from(discussionMailSettings).where(eq(discussionMailSettings.userId, userId));
  return row?.enabled ?? true;
}

export async function setDiscussionMailEnabled({ userId, enabled }: { userId: string; enabled: boolean }) {
  await db()
    .insert(discussionMailSettings)
    .values({ userId, enabled })
    .onConflictDoUpdate({ target: discussionMailSettings.userId, set: { enabled } });
}

/** The one-click link's answer: discussion mail off for the account with this address (if any). */
export async function stopDiscussionMailFor({ email }: { email: string }) {
  const [user] = await db().select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (user) await setDiscussionMailEnabled({ userId: user.id, enabled: false });
  return Boolean(user);
}

/** Has the account with this address turned discussion mail off? */
export async function isDiscussionMailStopped({ email }: { email: string }) {
  const [row] = await db()
    .select({ enabled: discussionMailSettings.enabled })
    .from(users)
    .leftJoin(discussionMailSettings, eq(discussionMailSettings.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return row ? row.enabled === false : false;
}

export async function sendDiscussionMails({ now = new Date() }: { now?: Date } = {}) {
  const since = new Date(now.getTime() - HOUR_MS);
  const due = await db()
    .selectDistinct({ userId: discussionNotifications.userId })
    .from(discussionNotifications)
    .leftJoin(discussionMailSettings, eq(discussionMailSettings.userId, discussionNotifications.userId))
    .where(
      and(
        isNull(discussionNotifications.emailedAt),
        inArray(discussionNotifications.kind, [...MAILED_KINDS]),
        sql`coalesce(${discussionMailSettings.enabled}, true)`,
        sql`(${discussionMailSettings.lastSentAt} is null or ${discussionMailSettings.lastSentAt} <= ${since.toISOString()}::timestamptz)`,
      ),
    );
  let sent = 0;
  for (const { userId } of due) if (await mailOnePerson({ userId, now })) sent += 1;
  return { people: due.length, sent };
}

async function mailOnePerson({ userId, now }: { userId: string; now: Date }) {
  const [person] = await db().select({ id: users.id, email: users.email, name: users.name, role: users.role }).from(users).where(eq(users.id, userId));
  if (!person) return false;
  const rows = await db()
    .select({
      id: discussionNotifications.id,
      kind: discussionNotifications.kind,
      postId: discussionPosts.id,
      authorName: discussionPosts.authorName,
      excerpt: sql<string>`left(${discussionPosts.bodyMd}, 200)`,
      lesson: { id: lessons.id, slug: lessons.slug, title: lessons.title, isPreview: lessons.isPreview, ...lessonReleaseColumns },
      course: { id: courses.id, slug: courses.slug, status: courses.status, drips: courseDripsColumn },
    })
    .from(discussionNotifications)
    .innerJoin(discussionPosts, eq(discussionPosts.id, discussionNotifications.postId))
    .innerJoin(lessons, eq(lessons.id, discussionPosts.lessonId))
    .leftJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(discussionNotifications.userId, userId), isNull(discussionNotifications.emailedAt), inArray(discussionNotifications.kind, [...MAILED_KINDS])))
    .orderBy(discussionNotifications.createdAt);
  const access = await findCoursesAccess({ user: person, courses: [...new Map(rows.map((row) => [row.course.id, row.course])).values()] });
  const readable = rows.filter((row) => lessonAccessFrom(access.get(row.course.id)!, row.lesson, now).allowed);
  const { schoolName } = await getSiteSettings();
  const origin = getConfig().publicUrl;
  const items = readable.map((row) => ({
    line: `${row.authorName} ${NOTIFICATION_TEXT[row.kind as (typeof MAILED_KINDS)[number]]} on “${row.lesson.title}”: ${row.excerpt}`,
    url: `${origin}/courses/${row.course.slug}/lessons/${row.lesson.slug}#post-${row.postId}`,
  }));
  await db().transaction(async (tx) => {
    // Everything considered is marked, mailed or not: what the person may not read is never mailed later either.
    await tx
      .update(discussionNotifications)
      .set({ emailedAt: now })
      .where(inArray(discussionNotifications.id, rows.length ? rows.map((row) => row.id) : ["00000000-0000-0000-0000-000000000000"]));
    if (items.length === 0) return;
    const stop = unsubscribeUrl(person.email, "discussions");
    const content = layoutMail({
      schoolName,
      heading: `Hi ${person.name}, there is news in your discussions`,
      paragraphs: [...items.map((item) => `${item.line} (${item.url})`), `Stop discussion e-mails: ${stop}`],
      action: { label: items.length === 1 ? "Open the post" : "Open the first post", url: items[0].url },
    });
    await sendMail(
      {
        kind: "discussions",
        to: person.email,
        subject: items.length === 1 ? "New in a discussion you follow" : `${items.length} new posts in discussions you follow`,
        key: `discussions:${person.id}:${now.toISOString()}`,
        ...content,
      },
      { database: tx },
    );
    await tx
      .insert(discussionMailSettings)
      .values({ userId: person.id, lastSentAt: now })
      .onConflictDoUpdate({ target: discussionMailSettings.userId, set: { lastSentAt: now } });
  });
  return items.length > 0;
}
