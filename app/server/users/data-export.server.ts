import { Readable } from "node:stream";
import { and, desc, eq, inArray, isNotNull, lt, ne } from "drizzle-orm";
import { strToU8, zipSync, type Zippable } from "fflate";
import { formatIsoDay } from "~/lib/dates";
import { JOB_QUEUE } from "~/lib/job-queues";
import { isUuid } from "~/lib/uuid";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { db } from "~/server/db/client.server";
import {
  certificates,
  dataExports,
  discussionPosts,
  enrollments,
  lessonProgress,
  orders,
  quizAnswers,
  quizAttempts,
  reviews,
  savedCourses,
  subscriptions,
  users,
} from "~/server/db/schema";
import { enqueue } from "~/server/jobs/queue.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import { dataExportReadyMail } from "~/server/mail/templates.server";
import { getConfig } from "~/server/platform/config.server";
import { getStorage, keyFromPublicUrl } from "~/server/platform/storage.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/**
 * "Download my data" (issue 43; docs/decisions/060). The person (or an admin at their request,
 * audited) asks; the queue builds a ZIP of everything the school holds about them, one JSON file
 * per kind, plus their uploaded avatar; the ZIP goes to the private bucket (no public URL) and the
 * person gets an e-mail with a link valid 7 days. The link is /account/data-export/:id: only the
 * signed-in owner of the data can download it, an admin included in "anyone else".
 */

export const DATA_EXPORT_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The files of the ZIP, in the order a person reads them. */
export const DATA_EXPORT_FILES = [
  "profile.json",
  "orders.json",
  "memberships.json",
  "enrollments.json",
  "progress.json",
  "quiz-attempts.json",
  "certificates.json",
  "reviews.json",
  "discussions.json",
  "saved-courses.json",
] as const;

export const dataExportPath = (exportId: string) => `/account/data-export/${exportId}`;
const storageKeyFor = (userId: string, exportId: string) => `data-exports/${userId}/${exportId}.zip`;

/**
 * Asks for an export: one row, `preparing`, and its job, in one transaction. While one is being
 * prepared, asking again returns that one instead of queueing a second. `actorId` is the admin
 * who asks for the person; that is written to the audit history.
 */
export async function requestDataExport({ userId, actorId = null }: { userId: string; actorId?: string | null }) {
  return db().transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return null;
    const [pending] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, "preparing")));
    if (pending) return { exportId: pending.id, queued: false };
    const [row] = await tx.insert(dataExports).values({ userId, requestedBy: actorId }).returning({ id: dataExports.id });
    await enqueue(tx, JOB_QUEUE.dataExport, { exportId: row!.id });
    if (actorId) {
      await recordAccessEvent({ tx, type: "data_export_requested", userId, actorId, note: "At the person's request, by an admin" });
    }
    return { exportId: row!.id, queued: true };
  });
}

/** The latest export of a person, for the account page and the admin's user page. */
export async function findLatestDataExport({ userId, now = new Date() }: { userId: string; now?: Date }) {
  const [latest] = await db()
    .select({
      id: dataExports.id,
      status: dataExports.status,
      requestedAt: dataExports.requestedAt,
      readyAt: dataExports.readyAt,
      expiresAt: dataExports.expiresAt,
      sizeBytes: dataExports.sizeBytes,
    })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  return latest ? describeDataExport({ latest, now }) : null;
}

/** A data export as the account page shows it: expired or not, and its download path while ready. */
export function describeDataExport<Latest extends { id: string; status: string; expiresAt: Date | null }>({
  latest,
  now = new Date(),
}: {
  latest: Latest;
  now?: Date;
}) {
  const expired = latest.expiresAt !== null && latest.expiresAt.getTime() <= now.getTime();
  return { ...latest, expired, path: latest.status === "ready" && !expired ? dataExportPath(latest.id) : null };
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

async function readBytes(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Everything the school holds about one person, one entry per file of the ZIP; null when the account is gone. */
export async function collectUserData(userId: string) {
  const database = db();
  const [profile] = await database
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      headline: users.headline,
      bio: users.bio,
      image: users.image,
      twoFactorEnabled: users.twoFactorEnabled,
      lastSignInAt: users.lastSignInAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) return null;
  const attempts = await database.select().from(quizAttempts).where(eq(quizAttempts.userId, userId)).orderBy(quizAttempts.submittedAt);
  const answers = attempts.length
    ? await database
        .select()
        .from(quizAnswers)
        .where(
          inArray(
            quizAnswers.attemptId,
            attempts.map((attempt) => attempt.id),
          ),
        )
    : [];
  const [ownOrders, memberships, ownEnrollments, progress, ownCertificates, ownReviews, posts, saved] = await Promise.all([
    database.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.createdAt),
    database.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    database.select().from(enrollments).where(eq(enrollments.userId, userId)),
    database.select().from(lessonProgress).where(eq(lessonProgress.userId, userId)),
    database.select().from(certificates).where(eq(certificates.userId, userId)),
    database.select().from(reviews).where(eq(reviews.userId, userId)),
    database.select().from(discussionPosts).where(eq(discussionPosts.authorId, userId)).orderBy(discussionPosts.createdAt),
    database.select().from(savedCourses).where(eq(savedCourses.userId, userId)),
  ]);
  return {
    profile,
    files: {
      "profile.json": profile,
      "orders.json": ownOrders,
      "memberships.json": memberships,
      "enrollments.json": ownEnrollments,
      "progress.json": progress,
      "quiz-attempts.json": attempts.map((attempt) => ({
        ...attempt,
        answers: answers.filter((answer) => answer.attemptId === attempt.id),
      })),
      "certificates.json": ownCertificates,
      "reviews.json": ownReviews,
      "discussions.json": posts,
      "saved-courses.json": saved,
    } satisfies Record<(typeof DATA_EXPORT_FILES)[number], unknown>,
  };
}

/** The ZIP: the JSON files, a README, and the avatar when it was uploaded to this school's storage. */
export async function buildDataExportZip(userId: string) {
  const data = await collectUserData(userId);
  if (!data) return null;
  const entries: Zippable = {
    "README.txt": strToU8(
      [
        "Your data, as this school holds it.",
        "Each .json file is one kind of record (UTF-8, JSON). Dates are in UTC (ISO 8601).",
        "avatar.* is your profile picture, when you uploaded one.",
        "",
      ].join("\n"),
    ),
  };
  for (const [name, value] of Object.entries(data.files)) entries[name] = json(value);
  const avatarKey = keyFromPublicUrl("media", data.profile.image);
  if (avatarKey) {
    const avatar = await getStorage().get("media", avatarKey);
    if (avatar) entries[`avatar${avatarKey.slice(avatarKey.lastIndexOf("."))}`] = [await readBytes(avatar.stream), { level: 0 }];
  }
  return zipSync(entries, { level: 6, mtime: new Date() });
}

/**
 * The queue's job: builds the ZIP, stores it, marks the export ready and mails the link, the last
 * two in one transaction. A retry after the file was stored simply stores it again; an export
 * already ready is left alone. An account deleted meanwhile took its export row with it.
 */
export async function buildQueuedDataExport(data: Record<string, unknown>, { isLastAttempt }: { isLastAttempt: boolean }) {
  const exportId = typeof data.exportId === "string" && isUuid(data.exportId) ? data.exportId : null;
  if (!exportId) return;
  const [row] = await db().select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status !== "preparing") return;
  try {
    const zip = await buildDataExportZip(row.userId);
    if (!zip) return;
    const key = storageKeyFor(row.userId, row.id);
    const { size } = await getStorage().put("private", key, Readable.from([Buffer.from(zip)]), { contentType: "application/zip" });
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS);
    await db().transaction(async (tx) => {
      const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, row.userId));
      if (!user) return;
      await tx
        .update(dataExports)
        .set({ status: "ready", storageKey: key, sizeBytes: size, readyAt, expiresAt })
        .where(eq(dataExports.id, row.id));
      const { schoolName } = await getSiteSettings({ database: tx });
      await sendMail(
        {
          kind: "data-export",
          key: `data-export:${row.id}`,
          to: user.email,
          ...dataExportReadyMail({ schoolName, url: `${getConfig().publicUrl}${dataExportPath(row.id)}`, expiresAt }),
        },
        { database: tx },
      );
      // One copy at a time: the newer export replaces the older ones' files.
      await tx
        .update(dataExports)
        .set({ storageKey: null, expiresAt: readyAt })
        .where(and(eq(dataExports.userId, row.userId), ne(dataExports.id, row.id), isNotNull(dataExports.storageKey)));
    });
    await removeOlderExportFiles(row.userId, row.id);
  } catch (error) {
    if (isLastAttempt) await db().update(dataExports).set({ status: "failed" }).where(eq(dataExports.id, row.id));
    throw error;
  }
}

async function removeOlderExportFiles(userId: string, keepId: string) {
  const storage = getStorage();
  for await (const object of storage.list("private", `data-exports/${userId}/`)) {
    if (!object.key.endsWith(`/${keepId}.zip`)) await storage.delete("private", object.key);
  }
}

/** The hourly sweep: the files of expired exports are deleted; their rows stay, so their link says "expired". */
export async function sweepExpiredDataExports(now = new Date()) {
  const expired = await db()
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.storageKey), lt(dataExports.expiresAt, now)));
  for (const { id, storageKey } of expired) {
    if (storageKey) await getStorage().delete("private", storageKey);
    await db().update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, id));
  }
  return expired.length;
}

export type DataExportDownload =
  | { kind: "file"; stream: Readable; size?: number; fileName: string }
  | { kind: "expired"; expiredAt: Date }
  | { kind: "preparing" }
  | { kind: "not-found" };

/**
 * The download, for the signed-in person only: another person's export (an admin's too) is "not
 * found", so a link says nothing about whose it is. An expired link (or one whose file was swept or
 * replaced by a newer export) says it expired.
 */
export async function openDataExport({
  exportId,
  userId,
  now = new Date(),
}: {
  exportId: string;
  userId: string;
  now?: Date;
}): Promise<DataExportDownload> {
  if (!isUuid(exportId)) return { kind: "not-found" };
  const [row] = await db()
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
  if (!row || row.status === "failed") return { kind: "not-found" };
  if (row.status === "preparing") return { kind: "preparing" };
  if (!row.storageKey || !row.expiresAt || row.expiresAt.getTime() <= now.getTime()) {
    return { kind: "expired", expiredAt: row.expiresAt ?? now };
  }
  const object = await getStorage().get("private", row.storageKey);
  if (!object) return { kind: "expired", expiredAt: row.expiresAt };
  const day = formatIsoDay(row.readyAt ?? row.requestedAt);
  return { kind: "file", stream: object.stream, size: object.size, fileName: `my-data-${day}.zip` };
}
