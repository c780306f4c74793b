import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { db, type Queryable } from "~/server/db/client.server";
import { paymentPlans } from "~/server/db/schema";

/** Of these courses, those a paused payment plan of this person closes (docs/decisions/069); the access rule asks. */
export async function listPausedPlanCourseIds({
  userId,
  courseIds,
  database = db(),
}: {
  userId: string;
  courseIds: string[];
  database?: Queryable;
}): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await database
    .select({ courseId: paymentPlans.courseId })
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.userId, userId),
        inArray(paymentPlans.courseId, courseIds),
        eq(paymentPlans.status, "paused"),
        isNotNull(paymentPlans.courseId),
      ),
    );
  return new Set(rows.map((row) => row.courseId!));
}
