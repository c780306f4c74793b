import { and, desc, eq, sql } from "drizzle-orm";
import { type Database } from "~/server/db/client.server";
import { preparedForEachDatabase } from "~/server/db/prepared.server";
import { dripOverrides, enrollments, subscriptions, users } from "~/server/db/schema";
import { membershipOpensCourses } from "./membership.server";
import { pausedPlanClosesCourse } from "./paused-plans.server";

/**
 * What one person holds of one course, in one prepared query (issue 44): the course and lesson
 * pages ask the access rule for a single course on every signed-in request, where the batch read
 * of lesson-access.server.ts (for many courses) takes up to three. Read from the person's own row,
 * so a removed account holds nothing.
 */
function prepareHoldingsQuery(database: Database) {
  const userId = sql.placeholder("userId");
  const courseId = sql.placeholder("courseId");
  const enrolledSince = database
    .select({ grantedAt: enrollments.grantedAt })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId), eq(enrollments.status, "active")));
  const waived = database
    .select({ one: sql`1` })
    .from(dripOverrides)
    .where(and(eq(dripOverrides.userId, userId), eq(dripOverrides.courseId, courseId)));
  // findActiveMembership's rule: an access status, the paid period not over, the latest-ending one.
  const memberSince = database
    .select({ createdAt: subscriptions.createdAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), membershipOpensCourses(sql.placeholder("at"))))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  // A paused payment plan closing the course (docs/decisions/069, 073): its enrollment does not open it.
  const planPaused = pausedPlanClosesCourse({ userId, courseId });
  return database
    .select({
      enrolledSince: sql<string | Date | null>`(${enrolledSince})`,
      waived: sql<boolean>`exists (${waived})`,
      planPaused: sql<boolean>`${planPaused}`,
      memberSince: sql<string | Date | null>`(${memberSince})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare("course_holdings");
}

const holdingsQuery = preparedForEachDatabase(prepareHoldingsQuery);

// A scalar subquery's timestamp comes back as text from postgres.js and as a Date from PGlite.
const toDate = (value: string | Date | null) => (value === null ? null : value instanceof Date ? value : new Date(value));

/** The person's active enrollment's grant, drip override and active membership's start, for one course. */
export async function findCourseHoldings({ userId, courseId, at = new Date() }: { userId: string; courseId: string; at?: Date }) {
  const [row] = await holdingsQuery().execute({ userId, courseId, at: at.toISOString() });
  return {
    enrolledSince: toDate(row?.enrolledSince ?? null),
    waived: Boolean(row?.waived),
    planPaused: Boolean(row?.planPaused),
    memberSince: toDate(row?.memberSince ?? null),
  };
}
