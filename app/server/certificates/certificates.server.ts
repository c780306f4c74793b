import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { certificateAccessFrom, findCourseAccess } from "~/server/access/lesson-access.server";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { getConfig } from "~/server/platform/config.server";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { certificates, courses, lessonProgress, lessons, users } from "~/server/db/schema";
import { sendMail } from "~/server/mail/mail-queue.server";
import { certificateIssuedMail } from "~/server/mail/templates.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { certificateItem } from "~/server/api/api-shapes.server";
import { emitWebhookEvent } from "~/server/webhooks/webhooks.server";

/**
 * Certificates of completion (issue 24). A learner who has completed every lesson of a course with
 * certificates on gets one, once: `issueCertificateIfComplete` runs in the transaction that
 * completes a lesson, takes a lock per learner and course so two last lessons completed at the same
 * moment cannot both miss the other, and enqueues the e-mail in the same transaction. Only someone
 * who holds the course at that moment gets one (`certificateAccessFrom`); a certificate already
 * issued stays valid when the access ends (docs/decisions/041). An admin can
 * revoke one (recorded in the audit trail); its public page then says so and the PDF is gone.
 */

/** The printed number: "CERT-001234". */
export const certificateNumber = (number: number) => `CERT-${String(number).padStart(6, "0")}`;

export const certificatePath = (id: string) => `/certificates/${id}`;

/**
 * One learner and course at a time, until the transaction ends: the second of two concurrent
 * completions waits here, then counts with the first one's lesson committed. Taken again in the
 * same transaction, it is held already.
 */
export async function lockCourseCompletion({ tx, userId, courseId }: { tx: Transaction; userId: string; courseId: string }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`certificate:${userId}:${courseId}`}, 0))`);
}

export async function issueCertificateIfComplete({ tx, userId, courseId }: { tx: Transaction; userId: string; courseId: string }) {
  await lockCourseCompletion({ tx, userId, courseId });
  const [course] = await tx
    .select({ title: courses.title, enabled: courses.certificatesEnabled, status: courses.status })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course?.enabled) return null;
  const [learner] = await tx.select({ name: users.name, email: users.email, role: users.role }).from(users).where(eq(users.id, userId));
  if (!learner) return null;
  // Only someone who holds the course now: free previews can be completed by a learner whose access
  // was revoked or refunded, and that must not finish a certificate.
  const access = await findCourseAccess({
    user: { id: userId, role: learner.role },
    course: { id: courseId, status: course.status, drips: false },
    database: tx,
  });
  if (!certificateAccessFrom(access)) return null;
  const [{ total }] = await tx.select({ total: count() }).from(lessons).where(eq(lessons.courseId, courseId));
  const [{ completed }] = await tx
    .select({ completed: count() })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .where(and(eq(lessons.courseId, courseId), eq(lessonProgress.userId, userId), isNotNull(lessonProgress.completedAt)));
  if (total === 0 || completed < total) return null;
  const [issued] = await tx
    .insert(certificates)
    .values({ userId, courseId, learnerName: learner.name, courseTitle: course.title })
    .onConflictDoNothing({ target: [certificates.userId, certificates.courseId] })
    .returning({ id: certificates.id, number: certificates.number, issuedAt: certificates.issuedAt });
  if (!issued) return null;
  const { schoolName } = await getSiteSettings({ database: tx });
  const number = certificateNumber(issued.number);
  const url = `${getConfig().publicUrl}${certificatePath(issued.id)}`;
  await sendMail(
    {
      kind: "certificate",
      key: `certificate:${issued.id}`,
      to: learner.email,
      ...certificateIssuedMail({ schoolName, learnerName: learner.name, courseTitle: course.title, number, url }),
    },
    { database: tx },
  );
  await emitWebhookEvent({
    tx,
    type: "certificate.issued",
    data: {
      certificate: certificateItem({
        id: issued.id,
        number,
        userId,
        courseId,
        learnerName: learner.name,
        courseTitle: course.title,
        issuedAt: issued.issuedAt,
        url,
      }),
    },
  });
  return { id: issued.id, number };
}

/** A certificate as its public page and PDF show it, or null for an unknown id. */
export async function findCertificate({ id }: { id: string }) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({
      id: certificates.id,
      number: certificates.number,
      learnerName: certificates.learnerName,
      courseTitle: certificates.courseTitle,
      courseSlug: courses.slug,
      issuedAt: certificates.issuedAt,
      revokedAt: certificates.revokedAt,
    })
    .from(certificates)
    .leftJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.id, id))
    .limit(1);
  return row ?? null;
}

/** A learner's certificates, newest first (their account and their admin page). */
export async function listUserCertificates({ userId, database = db() }: { userId: string; database?: Queryable }) {
  return database
    .select({
      id: certificates.id,
      number: certificates.number,
      courseTitle: certificates.courseTitle,
      courseId: certificates.courseId,
      issuedAt: certificates.issuedAt,
      revokedAt: certificates.revokedAt,
    })
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
}

/** The learner's valid certificate for one course (the course page links to it), or null. */
export async function findOwnCertificate({ userId, courseId }: { userId: string; courseId: string }) {
  const [row] = await db()
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId), sql`${certificates.revokedAt} is null`))
    .limit(1);
  return row ?? null;
}

/**
 * Revokes a certificate of this user, with the audit row, in one transaction. Revoking one that is
 * already revoked changes nothing and records nothing. False when the user has no such certificate.
 */
export async function revokeCertificate({ certificateId, userId, actorId }: { certificateId: string; userId: string; actorId: string }) {
  if (!isUuid(certificateId)) return false;
  return db().transaction(async (tx) => {
    const [found] = await tx
      .select({ courseId: certificates.courseId, revoked: isNotNull(certificates.revokedAt), number: certificates.number })
      .from(certificates)
      .where(and(eq(certificates.id, certificateId), eq(certificates.userId, userId)))
      .for("update");
    if (!found) return false;
    if (found.revoked) return true;
    await tx.update(certificates).set({ revokedAt: sql`now()`, revokedBy: actorId }).where(eq(certificates.id, certificateId));
    await recordAccessEvent({ tx, type: "certificate_revoked", userId, courseId: found.courseId, actorId, note: certificateNumber(found.number) });
    return true;
  });
}
