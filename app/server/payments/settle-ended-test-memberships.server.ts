import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { LIVE_SUBSCRIPTION_STATUSES } from "~/lib/domain-values";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { db } from "~/server/db/client.server";
import { subscriptions } from "~/server/db/schema";
import { emitMembershipEvent } from "./membership-webhooks.server";

/**
 * Test mode plays Stripe's part at the period's end: Stripe would renew (and charge) or delete
 * the subscription; test mode charges nothing, so a test membership whose paid period is over
 * ends (canceled, membership_ended). Run before a new membership is sold, so the
 * one-live-subscription index holds only memberships that still count.
 */
export async function settleEndedTestMemberships({ userId, at = new Date() }: { userId: string; at?: Date }) {
  return db().transaction(async (tx) => {
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
    return { ended: ended.length };
  });
}
