import { enrollmentItem } from "~/server/api/api-shapes.server";
import { emitWebhookEvent } from "~/server/webhooks/webhooks.server";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { type EnrollmentSource, type EnrollmentStatus } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { db, type Transaction } from "~/server/db/client.server";
import { accessEvents, courses, enrollments } from "~/server/db/schema";
import { readAccessSnapshot, recordAccessEvent } from "./record-access-event.server";

/**
 * Who may open which course, as admins and checkout change it, with the audit trail.
 *
 * Transitions (§4): no access → active (grant), active → revoked (revoke), revoked → active
 * (grant again). Each write is one statement on the (user_id, course_id) row plus its
 * access_events row, in one transaction. Asking for the state a row is already in changes
 * nothing and records nothing, so a double click, a retried request or two admins pressing the
 * same button at once leave one row and one event: PostgreSQL re-checks the upsert's and the
 * update's conditions on the row as the first transaction committed it.
 */

export class CourseAccessTargetNotFoundError extends Error {
  constructor(
    readonly missing: "user" | "course",
    readonly id: string,
  ) {
    super(`No ${missing} with id ${id}`);
    this.name = "CourseAccessTargetNotFoundError";
  }
}

type AccessChange = { userId: string; courseId: string; actorId: string | null };

/** The e-mails and the title the audit row keeps, read in the transaction; fails if the user or course is gone. */
async function readSnapshot(tx: Transaction, { userId, courseId, actorId }: AccessChange) {
  if (!isUuid(courseId)) throw new CourseAccessTargetNotFoundError("course", courseId);
  const snapshot = await readAccessSnapshot({ tx, userId, courseId, actorId });
  if (snapshot.userEmail == null) throw new CourseAccessTargetNotFoundError("user", userId);
  if (snapshot.courseTitle == null) throw new CourseAccessTargetNotFoundError("course", courseId);
  return { userEmail: snapshot.userEmail, courseTitle: snapshot.courseTitle, actorEmail: snapshot.actorEmail };
}

export type AccessChangeResult = { status: EnrollmentStatus; changed: boolean };

/**
 * Runs `change` in the caller's transaction, or in a transaction of its own. Checkout passes its
 * transaction, so an order paid, its webhook event and the access it gives commit together.
 */
function inTransaction<T>(tx: Transaction | undefined, change: (tx: Transaction) => Promise<T>) {
  return tx ? change(tx) : db().transaction(change);
}

/**
 * Gives the user access to the course (a new row, or a revoked one made active again) and
 * records who did it and why. `actorId` is null for the system (checkout, a free course).
 */
export async function grantCourseAccess({
  userId,
  courseId,
  actorId,
  source,
  orderId = null,
  note = "",
  tx,
}: AccessChange & { source: EnrollmentSource; orderId?: string | null; note?: string; tx?: Transaction }): Promise<AccessChangeResult> {
  return inTransaction(tx, async (tx) => {
    const snapshot = await readSnapshot(tx, { userId, courseId, actorId });
    const now = new Date();
    const [changed] = await tx
      .insert(enrollments)
      .values({ userId, courseId, status: "active", source, grantedAt: now, grantedBy: actorId, revokedAt: null })
      .onConflictDoUpdate({
        target: [enrollments.userId, enrollments.courseId],
        set: { status: "active", source, grantedAt: now, grantedBy: actorId, revokedAt: null },
        setWhere: sql`${enrollments.status} <> 'active'`,
      })
      .returning({ status: enrollments.status });
    if (!changed) return { status: "active", changed: false };
    await recordAccessEvent({ tx, type: "grant", userId, courseId, actorId, source, orderId, note, snapshot });
    await emitWebhookEvent({
      tx,
      type: "enrollment.created",
      data: {
        enrollment: enrollmentItem({ userId, courseId, status: "active", source, grantedAt: now, revokedAt: null }),
        user_email: snapshot.userEmail,
      },
    });
    return { status: "active", changed: true };
  });
}

/** Takes the user's access to the course away (active → revoked) and records who did it (and the refunded order, if any). */
export async function revokeCourseAccess({
  userId,
  courseId,
  actorId,
  note = "",
  orderId = null,
  tx,
}: AccessChange & { note?: string; orderId?: string | null; tx?: Transaction }): Promise<AccessChangeResult> {
  return inTransaction(tx, async (tx) => {
    const snapshot = await readSnapshot(tx, { userId, courseId, actorId });
    const [changed] = await tx
      .update(enrollments)
      .set({ status: "revoked", revokedAt: new Date() })
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId), eq(enrollments.status, "active")))
      .returning({ source: enrollments.source, grantedAt: enrollments.grantedAt, revokedAt: enrollments.revokedAt });
    if (!changed) return { status: "revoked", changed: false };
    await emitWebhookEvent({
      tx,
      type: "enrollment.revoked",
      data: { enrollment: enrollmentItem({ userId, courseId, status: "revoked", ...changed }), user_email: snapshot.userEmail },
    });
    await recordAccessEvent({
      tx,
      type: "revoke",
      userId,
      courseId,
      actorId,
      source: changed.source as EnrollmentSource,
      orderId,
      note,
      snapshot,
    });
    return { status: "revoked", changed: true };
  });
}

/**
 * A refunded purchase (of the course, or of a bundle that opened it: docs/decisions/062) takes the
 * course back, unless the access came from elsewhere (an admin's grant, a free enrollment) or the
 * buyer holds another paid order that opens it (`otherPaidOrder`, the payments domain's answer). A
 * member keeps the course through the membership, which the access rule reads on its own. The one
 * answer to "does this refund revoke?".
 */
export async function revokeRefundedAccess({
  tx,
  userId,
  courseId,
  actorId,
  orderId,
  otherPaidOrder,
}: AccessChange & { tx: Transaction; orderId: string; otherPaidOrder: boolean }): Promise<AccessChangeResult> {
  const [access] = await tx
    .select({ source: enrollments.source })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId), eq(enrollments.status, "active")));
  const paidFor = access?.source === "purchase" || access?.source === "bundle";
  if (!paidFor || otherPaidOrder) return { status: access ? "active" : "revoked", changed: false };
  return revokeCourseAccess({ userId, courseId, actorId, orderId, note: "Order refunded", tx });
}

/**
 * A course about to be deleted: everyone who could open it loses it, each with a revoke in the
 * trail (which keeps the course's title after the row is gone). Runs in the delete's transaction,
 * before the course row (and, by cascade, its enrollments) is deleted.
 */
export async function revokeAccessToDeletedCourse({
  tx,
  courseId,
  actorId,
}: {
  tx: Transaction;
  courseId: string;
  actorId: string | null;
}) {
  const revoked = await tx
    .update(enrollments)
    .set({ status: "revoked", revokedAt: new Date() })
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.status, "active")))
    .returning({ userId: enrollments.userId, source: enrollments.source });
  if (revoked.length === 0) return { revoked: 0 };
  const { courseTitle, actorEmail } = await readAccessSnapshot({ tx, userId: null, courseId, actorId });
  for (const { userId, source } of revoked) {
    await recordAccessEvent({
      tx,
      type: "revoke",
      userId,
      courseId,
      actorId,
      source: source as EnrollmentSource,
      note: "Course deleted",
      snapshot: { courseTitle, actorEmail },
    });
  }
  return { revoked: revoked.length };
}

/** At most this many published courses on one user's page; a school with more needs search there. */
const COURSE_ACCESS_LIMIT = 500;

/** Every published course with the user's access to it: null status means never granted. */
export async function listUserCourseAccess({ userId }: { userId: string }) {
  const rows = await db()
    .select({
      courseId: courses.id,
      title: courses.title,
      slug: courses.slug,
      status: enrollments.status,
      source: enrollments.source,
      grantedAt: enrollments.grantedAt,
      revokedAt: enrollments.revokedAt,
    })
    .from(courses)
    .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, userId)))
    .where(eq(courses.status, "published"))
    .orderBy(asc(sql`lower(${courses.title})`), asc(courses.id))
    .limit(COURSE_ACCESS_LIMIT);
  return rows.map((row) => ({
    ...row,
    status: row.status as EnrollmentStatus | null,
    source: row.source as EnrollmentSource | null,
  }));
}

export const ACCESS_HISTORY_LIMIT = 50;

/** One user's or one course's audit trail, newest first (access_events_user/course_created_idx). */
export async function listAccessHistory({
  userId,
  courseId,
  limit = ACCESS_HISTORY_LIMIT,
}: ({ userId: string; courseId?: undefined } | { courseId: string; userId?: undefined }) & { limit?: number }) {
  if (courseId !== undefined && !isUuid(courseId)) return [];
  return db()
    .select({
      id: accessEvents.id,
      type: accessEvents.type,
      createdAt: accessEvents.createdAt,
      userId: accessEvents.userId,
      userEmail: accessEvents.userEmail,
      courseId: accessEvents.courseId,
      courseTitle: accessEvents.courseTitle,
      actorEmail: accessEvents.actorEmail,
      source: accessEvents.source,
      fromRole: accessEvents.fromRole,
      toRole: accessEvents.toRole,
      note: accessEvents.note,
    })
    .from(accessEvents)
    .where(userId !== undefined ? eq(accessEvents.userId, userId) : eq(accessEvents.courseId, courseId!))
    .orderBy(desc(accessEvents.createdAt), desc(accessEvents.id))
    .limit(limit);
}
