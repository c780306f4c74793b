import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { db } from "~/server/db/client.server";
import { courseModules, courses, dripOverrides } from "~/server/db/schema";
import { recordAccessEvent } from "./record-access-event.server";

/**
 * Drip overrides (issue 24): an admin opens every lesson of a drip course now for one learner.
 * The access rule reads them with the person's enrollments (`findCoursesAccess`).
 */

/** Which of these courses the user has had opened in full by an admin. */
export async function listDripOverrides({ userId, courseIds }: { userId: string; courseIds: string[] }) {
  if (courseIds.length === 0) return new Set<string>();
  const rows = await db()
    .select({ courseId: dripOverrides.courseId })
    .from(dripOverrides)
    .where(and(eq(dripOverrides.userId, userId), inArray(dripOverrides.courseId, courseIds)));
  return new Set(rows.map((row) => row.courseId));
}

/**
 * Opens every lesson of the course now for this learner, with the audit row, in one transaction.
 * Opening it again changes nothing and records nothing. False when the course does not exist.
 */
export async function openAllLessonsNow({ userId, courseId, actorId }: { userId: string; courseId: string; actorId: string }) {
  if (!isUuid(courseId)) return { found: false, changed: false };
  return db().transaction(async (tx) => {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
    if (!course) return { found: false, changed: false };
    const [inserted] = await tx
      .insert(dripOverrides)
      .values({ userId, courseId, createdBy: actorId })
      .onConflictDoNothing()
      .returning({ courseId: dripOverrides.courseId });
    if (inserted) await recordAccessEvent({ tx, type: "drip_unlocked", userId, courseId, actorId });
    return { found: true, changed: Boolean(inserted) };
  });
}

/** For a user's admin page: which courses drip, and which of them an admin already opened for this person. */
export async function loadUserDrip({ userId }: { userId: string }) {
  const dripping = await db()
    .selectDistinct({ courseId: courseModules.courseId })
    .from(courseModules)
    .where(or(isNotNull(courseModules.dripDays), isNotNull(courseModules.dripDate)));
  const ids = dripping.map((row) => row.courseId);
  return { dripping: new Set(ids), opened: await listDripOverrides({ userId, courseIds: ids }) };
}
