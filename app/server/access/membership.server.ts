import { and, desc, eq, gt, inArray, type Placeholder } from "drizzle-orm";
import { MEMBERSHIP_ACCESS_STATUSES } from "~/lib/domain-values";
import { db, type Queryable } from "~/server/db/client.server";
import { subscriptions } from "~/server/db/schema";

/**
 * The access rule's test of one subscription at `at` (see findActiveMembership), as SQL; `at` may
 * be a prepared query's placeholder.
 */
export function membershipOpensCourses(at: Date | Placeholder) {
  return and(inArray(subscriptions.status, [...MEMBERSHIP_ACCESS_STATUSES]), gt(subscriptions.currentPeriodEnd, at))!;
}

/**
 * The all-courses membership as the access rule sees it: a subscription whose status opens courses
 * (MEMBERSHIP_ACCESS_STATUSES) and whose paid period has not ended. Access follows the status and
 * the period end, so a canceled-at-period-end membership keeps working until the day it ends and
 * stops by itself after, with no job to run.
 */
export async function findActiveMembership({ userId, at = new Date(), database = db() }: { userId: string; at?: Date; database?: Queryable }) {
  const [row] = await database
    .select({
      id: subscriptions.id,
      plan: subscriptions.plan,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      /** When the membership began: drip counts a member's days from here. */
      startedAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), membershipOpensCourses(at)))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return row ?? null;
}

/** Whether the user's membership opens every published course right now. */
export async function hasActiveMembership({ userId, at }: { userId: string; at?: Date }) {
  return (await findActiveMembership({ userId, at })) !== null;
}
