import { JOB_QUEUE } from "~/lib/job-queues";
import crypto from "node:crypto";
import { and, desc, eq, ilike, lt, or, sql } from "drizzle-orm";
import type { MailKind } from "~/lib/domain-values";
import { getConfig } from "~/server/platform/config.server";
import { db, type Queryable } from "~/server/db/client.server";
import { containsPattern } from "~/server/db/like.server";
import { mailLog } from "~/server/db/schema";
import { enqueue, type JobContext } from "~/server/jobs/queue.server";
import { logger } from "~/server/platform/logger.server";
import { deliverMail, type Mail } from "./transport.server";
import { unsubscribeHeaders } from "./unsubscribe.server";

/**
 * Durable mail. `sendMail` writes the message to mail_log and enqueues its delivery in one
 * transaction (the caller's, when it passes one): the request returns at once, and a rolled-back
 * write sends nothing. A worker delivers it (deliverQueuedMail), retrying with exponential backoff
 * while the mail server refuses; a message already `sent` is never sent again.
 */

export type QueuedMail = Mail & {
  kind: MailKind;
  /**
   * Names the message: a second sendMail with the same key adds nothing (one receipt per order).
   * Without one, every call is a message of its own.
   */
  key?: string;
};

export async function sendMail(mail: QueuedMail, { database = db() }: { database?: Queryable } = {}) {
  const key = mail.key ?? `${mail.kind}:${crypto.randomUUID()}`;
  return database.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailLog)
      .values({
        idempotencyKey: key,
        kind: mail.kind,
        to: mail.to,
        replyTo: mail.replyTo ?? null,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      })
      .onConflictDoNothing({ target: mailLog.idempotencyKey })
      .returning({ id: mailLog.id });
    if (!row) return { mailId: null, queued: false as const };
    await enqueue(tx, JOB_QUEUE.mail, { mailId: row.id });
    return { mailId: row.id, queued: true as const };
  });
}

/** The Message-ID every attempt of one message carries. */
function messageIdFor(mailId: string) {
  return `<${mailId}@${new URL(getConfig().publicUrl).hostname}>`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * The mail queue's job: delivers one mail_log row. A row already sent (a retry after the
 * delivery went through) is left alone; a failure is recorded and thrown for the queue to retry,
 * and on the last attempt the row is marked failed.
 */
export async function deliverQueuedMail(data: Record<string, unknown>, job: Pick<JobContext, "isLastAttempt">) {
  const mailId = typeof data.mailId === "string" ? data.mailId : "";
  if (!/^[0-9a-f-]{36}$/i.test(mailId)) throw new Error(`A mail job needs a mail_log id (got ${JSON.stringify(data.mailId)})`);
  const [row] = await db()
    .update(mailLog)
    .set({ attempts: sql`${mailLog.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(mailLog.id, mailId), sql`${mailLog.status} <> 'sent'`))
    .returning();
  if (!row) return;
  try {
    await deliverMail(
      {
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        // Marketing mail carries its one-click unsubscribe (RFC 8058), made for this address.
        headers: unsubscribeHeaders(row.kind, row.to),
      },
      { messageId: messageIdFor(row.id) },
    );
  } catch (error) {
    await db()
      .update(mailLog)
      .set({ lastError: errorText(error), status: job.isLastAttempt ? "failed" : "queued", updatedAt: new Date() })
      .where(eq(mailLog.id, row.id));
    if (job.isLastAttempt) logger.error({ err: error, mailId, to: row.to, attempts: row.attempts }, "mail not delivered; giving up");
    throw error;
  }
  await db().update(mailLog).set({ status: "sent", sentAt: new Date(), updatedAt: new Date() }).where(eq(mailLog.id, row.id));
}

/** A failed message retried from the System screen starts queued again. */
export async function markMailRequeued(mailId: string) {
  await db()
    .update(mailLog)
    .set({ status: "queued", updatedAt: new Date() })
    .where(and(eq(mailLog.id, mailId), eq(mailLog.status, "failed")));
}

export const MAIL_LOG_PAGE_SIZE = 25;

/**
 * The mail log, newest first (created_at, then id), searched by recipient address, a page at a time
 * by offset: the System screen pages through recent mail, and the log is pruned of bodies, not rows.
 */
export async function listMailLog({
  search = "",
  page = 1,
  pageSize = MAIL_LOG_PAGE_SIZE,
}: { search?: string; page?: number; pageSize?: number } = {}) {
  const term = search.trim().toLowerCase();
  const where = term ? ilike(mailLog.to, containsPattern(term)) : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: mailLog.id,
        to: mailLog.to,
        subject: mailLog.subject,
        kind: mailLog.kind,
        status: mailLog.status,
        attempts: mailLog.attempts,
        lastError: mailLog.lastError,
        createdAt: mailLog.createdAt,
        sentAt: mailLog.sentAt,
      })
      .from(mailLog)
      .where(where)
      .orderBy(desc(mailLog.createdAt), desc(mailLog.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db()
      .select({ count: sql<number>`count(*)::int` })
      .from(mailLog)
      .where(where),
  ]);
  return { rows, total: Number(total?.count ?? 0), page: Math.max(1, page), pageSize };
}

/** Sent messages' bodies are not kept for ever: after this long only the log line stays. */
export const MAIL_BODY_RETENTION_DAYS = 30;

export async function clearOldMailBodies(now = new Date()) {
  const before = new Date(now.getTime() - MAIL_BODY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  await db()
    .update(mailLog)
    .set({ text: "", html: "" })
    .where(and(eq(mailLog.status, "sent"), lt(mailLog.createdAt, before), or(sql`${mailLog.text} <> ''`, sql`${mailLog.html} <> ''`)));
}
