import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { isOneOf, LIVE_SUBSCRIPTION_STATUSES, SUBSCRIPTION_PLANS } from "~/lib/domain-values";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { db } from "~/server/db/client.server";
import { subscriptions } from "~/server/db/schema";
import { emitMembershipEvent } from "./membership-webhooks.server";
import { periodEndAfter } from "./start-membership.server";

/**
 * Test mode plays Stripe's part at the period's end: Stripe would renew (and charge) or delete
 * the subscription; test mode charges nothing, so a test membership whose paid period is over
 * ends (canceled, membership_ended). A free trial that was not cancelled is the exception: at its
 * end its first charge is paid (test mode's payment) and its first paid period begins
 * (docs/decisions/066). Run before a new membership is sold, so the one-live-subscription index
 * holds only memberships that still count.
 */
export async function settleEndedTestMemberships({ userId, at = new Date() }: { userId: string; at?: Date }) {
  return db().transaction(async (tx) => {
    const dueTrials = await tx
      .select({ id: subscriptions.id, plan: subscriptions.plan, trialEndsAt: subscriptions.trialEndsAt })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.provider, "test"),
          eq(subscriptions.status, "trialing"),
          eq(subscriptions.cancelAtPeriodEnd, false),
          isNotNull(subscriptions.trialEndsAt),
          lte(subscriptions.trialEndsAt, at),
        ),
      )
      .for("update");
    for (const trial of dueTrials) {
      const plan = isOneOf(SUBSCRIPTION_PLANS, trial.plan) ? trial.plan : "monthly";
      await tx
        .update(subscriptions)
        .set({ status: "active", trialConvertedAt: at, currentPeriodEnd: periodEndAfter(trial.trialEndsAt!, plan) })
        .where(eq(subscriptions.id, trial.id));
    }
    const ended = await tx
      .update(subscriptions)
      .set({ status: "canceled", canceledAt: sql`coalesce(${subscriptions.canceledAt}, ${subscriptions.currentPeriodEnd})` })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.provider, "test"),
          lte(subscriptions.currentPeriodEnd, at),
          inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        ),
      )
      .returning({ id: subscriptions.id });
    for (const row of ended) {
      await recordAccessEvent({ tx, type: "membership_ended", userId, source: "membership", note: "Test-mode period ended" });
      await emitMembershipEvent({ tx, type: "membership.ended", subscriptionId: row.id });
    }
    return { converted: dueTrials.length, ended: ended.length };
  });
}

/** Test mode's first charge, at the trial's end: the member's test memberships are settled (a trial that was not cancelled is paid). */
export async function chargeTestTrial({ subscriptionId, now = new Date() }: { subscriptionId: string; now?: Date }) {
  const [row] = await db()
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.provider, "test")));
  if (!row) return { converted: 0, ended: 0 };
  return settleEndedTestMemberships({ userId: row.userId, at: now });
}
