import { and, eq, inArray } from "drizzle-orm";
import { db, type Queryable } from "~/server/db/client.server";
import { enrollments } from "~/server/db/schema";

/** Whether this user may open every lesson of the course: an active enrollment. */
export async function hasActiveEnrollment({ userId, courseId }: { userId: string; courseId: string }) {
  const [row] = await db()
    .select({ status: enrollments.status })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId), eq(enrollments.status, "active")))
    .limit(1);
  return Boolean(row);
}

/** The user's active enrollments among these courses, with when each was granted (the access rule's batched read). */
export async function listActiveEnrollments({
  userId,
  courseIds,
  database = db(),
}: {
  userId: string;
  courseIds: string[];
  database?: Queryable;
}) {
  if (courseIds.length === 0) return [];
  return database
    .select({ courseId: enrollments.courseId, grantedAt: enrollments.grantedAt })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.status, "active"), inArray(enrollments.courseId, courseIds)));
}
