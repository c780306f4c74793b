import { JOB_QUEUE } from "~/lib/job-queues";
import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { MEMBERSHIP_ACCESS_STATUSES, type AnnouncementAudience } from "~/lib/domain-values";
import { db } from "~/server/db/client.server";
import { anyColumnContains } from "~/server/db/like.server";
import { pageWindow } from "~/server/db/pagination.server";
import { announcements, courses, enrollments, mailLog, newsletterSubscribers, orders, subscriptions, users } from "~/server/db/schema";
import { enqueue } from "~/server/jobs/queue.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import { announcementMail } from "~/server/mail/templates.server";
import { listOptedOut, unsubscribeUrl } from "~/server/mail/unsubscribe.server";
import { markdownToPlainText, renderMarkdown } from "~/server/markdown.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/**
 * Announcements (issue 25): an e-mail in Markdown to the learners of a course, all members, all
 * customers or the newsletter's confirmed subscribers. Sending is the `announcement` job, queued
 * with the row in one transaction; it queues one message per address in batches, keyed by the
 * announcement and the address, so a retried job or a double click sends nobody anything twice.
 * Addresses that unsubscribed from marketing mail, or whose mail already failed for good
 * (a bounce), are skipped. Each message carries the one-click unsubscribe (marketing mail).
 */

export const ANNOUNCEMENT_BATCH = 200;
export const ADMIN_ANNOUNCEMENTS_PAGE_SIZE = 25;

export type AnnouncementDraft = { subject: string; bodyMd: string; audience: AnnouncementAudience; courseId: string | null };

/** Creates the announcement and queues its sending; the same form sent twice (`sendKey`) starts it once. */
export async function startAnnouncement({ sendKey, actorId, ...draft }: AnnouncementDraft & { sendKey: string; actorId: string }) {
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(announcements)
      .values({ ...draft, sendKey, createdBy: actorId })
      .onConflictDoNothing({ target: announcements.sendKey })
      .returning({ id: announcements.id });
    if (!created) {
      const [existing] = await tx.select({ id: announcements.id }).from(announcements).where(eq(announcements.sendKey, sendKey));
      return { id: existing.id, started: false };
    }
    await enqueue(tx, JOB_QUEUE.announcement, { announcementId: created.id });
    return { id: created.id, started: true };
  });
}

/** The addresses an audience is today, each once, lower-cased. */
export async function listAudience({
  audience,
  courseId,
  now = new Date(),
}: {
  audience: AnnouncementAudience;
  courseId: string | null;
  now?: Date;
}) {
  const rows =
    audience === "course"
      ? await db()
          .selectDistinct({ email: users.email })
          .from(enrollments)
          .innerJoin(users, eq(users.id, enrollments.userId))
          .where(and(eq(enrollments.courseId, courseId ?? "00000000-0000-0000-0000-000000000000"), eq(enrollments.status, "active")))
      : audience === "members"
        ? await db()
            .selectDistinct({ email: users.email })
            .from(subscriptions)
            .innerJoin(users, eq(users.id, subscriptions.userId))
            .where(and(inArray(subscriptions.status, [...MEMBERSHIP_ACCESS_STATUSES]), gt(subscriptions.currentPeriodEnd, now)))
        : audience === "customers"
          ? await db()
              .selectDistinct({ email: users.email })
              .from(orders)
              .innerJoin(users, eq(users.id, orders.userId))
              .where(eq(orders.status, "paid"))
          : await db()
              .selectDistinct({ email: newsletterSubscribers.email })
              .from(newsletterSubscribers)
              .where(eq(newsletterSubscribers.status, "confirmed"));
  return [...new Set(rows.map((row) => row.email.trim().toLowerCase()))].sort();
}

/** Addresses whose mail failed for good before: a bounce, as far as the site can tell. */
async function listBounced(emails: string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db()
    .selectDistinct({ to: mailLog.to })
    .from(mailLog)
    .where(and(eq(mailLog.status, "failed"), inArray(sql`lower(${mailLog.to})`, emails)));
  return new Set(rows.map((row) => row.to.toLowerCase()));
}

/**
 * Who would get the announcement now: the audience less the addresses that unsubscribed or
 * bounced. `audienceSize` is the audience before those are taken out, so a count of zero can say why.
 */
export async function listAnnouncementRecipients({ audience, courseId }: { audience: AnnouncementAudience; courseId: string | null }) {
  const everyone = await listAudience({ audience, courseId });
  const [optedOut, bounced] = await Promise.all([listOptedOut(everyone), listBounced(everyone)]);
  const recipients = everyone.filter((email) => !optedOut.has(email) && !bounced.has(email));
  return { recipients, audienceSize: everyone.length };
}

/** The `announcement` job: queues one message per address in batches, counting as it goes. */
export async function sendAnnouncement(data: Record<string, unknown>) {
  const id = typeof data.announcementId === "string" ? data.announcementId : "";
  const [announcement] = await db().select().from(announcements).where(eq(announcements.id, id));
  if (!announcement || announcement.status === "sent") return;
  const { recipients } = await listAnnouncementRecipients({
    audience: announcement.audience as AnnouncementAudience,
    courseId: announcement.courseId,
  });
  await db().update(announcements).set({ recipientCount: recipients.length, updatedAt: new Date() }).where(eq(announcements.id, id));
  const { schoolName } = await getSiteSettings();
  const { html } = await renderMarkdown(announcement.bodyMd);
  const text = markdownToPlainText(announcement.bodyMd);
  for (let start = 0; start < recipients.length; start += ANNOUNCEMENT_BATCH) {
    const batch = recipients.slice(start, start + ANNOUNCEMENT_BATCH);
    await db().transaction(async (tx) => {
      for (const email of batch) {
        await sendMail(
          {
            kind: "announcement",
            key: `announcement:${id}:${email}`,
            to: email,
            ...announcementMail({
              schoolName,
              subject: announcement.subject,
              bodyHtml: html,
              bodyText: text,
              unsubscribeUrl: unsubscribeUrl(email),
            }),
          },
          { database: tx },
        );
      }
      await tx
        .update(announcements)
        .set({ queuedCount: start + batch.length, updatedAt: new Date() })
        .where(eq(announcements.id, id));
    });
  }
  await db().update(announcements).set({ status: "sent", updatedAt: new Date() }).where(eq(announcements.id, id));
}

/** A test of the draft to the admin's own address (no unsubscribe needed, but the same look). */
export async function sendAnnouncementTest({ to, subject, bodyMd }: { to: string; subject: string; bodyMd: string }) {
  const { schoolName } = await getSiteSettings();
  const { html } = await renderMarkdown(bodyMd);
  await sendMail({
    kind: "announcement",
    to,
    ...announcementMail({
      schoolName,
      subject: `[Test] ${subject}`,
      bodyHtml: html,
      bodyText: markdownToPlainText(bodyMd),
      unsubscribeUrl: unsubscribeUrl(to),
    }),
  });
}

/** Admin → Announcements: newest first, with how many messages were delivered and failed so far. */
export async function listAdminAnnouncements({
  query = "",
  page = 1,
  pageSize = ADMIN_ANNOUNCEMENTS_PAGE_SIZE,
}: {
  query?: string;
  page?: number;
  pageSize?: number;
}) {
  const where = anyColumnContains({ columns: [announcements.subject], text: query, maxLength: 200 });
  const [{ total }] = await db().select({ total: count() }).from(announcements).where(where);
  const window = pageWindow({ total, page, pageSize });
  const keyPrefix = sql`'announcement:' || ${announcements.id}::text || ':%'`;
  const rows = await db()
    .select({
      id: announcements.id,
      subject: announcements.subject,
      audience: announcements.audience,
      courseTitle: courses.title,
      status: announcements.status,
      recipientCount: announcements.recipientCount,
      queuedCount: announcements.queuedCount,
      createdAt: announcements.createdAt,
      sentCount:
        sql<number>`(select count(*) from ${mailLog} where ${mailLog.idempotencyKey} like ${keyPrefix} and ${mailLog.status} = 'sent')`.mapWith(
          Number,
        ),
      failedCount:
        sql<number>`(select count(*) from ${mailLog} where ${mailLog.idempotencyKey} like ${keyPrefix} and ${mailLog.status} = 'failed')`.mapWith(
          Number,
        ),
    })
    .from(announcements)
    .leftJoin(courses, eq(courses.id, announcements.courseId))
    .where(where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(pageSize)
    .offset(window.offset);
  return { announcements: rows, total, page: window.page, pageCount: window.pageCount };
}
